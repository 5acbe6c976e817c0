import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript source ('source' export condition), never to a stale dist build.
// Node-environment tests run in Vite's SSR environment, which takes its conditions from `ssr.resolve`.
const sourceFirst = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

// One runner, three projects: pure rules, the server against a real database, and web components.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        ...sourceFirst,
        test: { name: 'domain', environment: 'node', include: ['packages/domain/src/**/*.test.ts'] },
      },
      {
        ...sourceFirst,
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A fork runs file after file with its modules loaded once: each file builds its own app on its own
          // database copy, so nothing a file reads is left by another, and re-importing the server for each of 70
          // files cost 3 minutes of the suite's CPU (docs/decisions.md "The server's test files share a process").
          isolate: false,
          // Two forks at least, even on two cores: a fork waits 30 % of its time on PGlite (password hashes and
          // digests on libuv's threads), half on the PostgreSQL server; vitest would give two cores one fork
          // (docs/decisions.md "npm test keeps both cores busy").
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'web',
          environment: 'jsdom',
          // Typing through user-event in jsdom is slow on a busy 2-core machine.
          testTimeout: 30_000,
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          passWithNoTests: true,
        },
      },
    ],
  },
});
