// The reliability suite (issue 20, "The standing suite"): its own run, never part of `npm test`. Files run one at a
// time, so the figures of one (memory, /healthz latency, restarts) are not the load of another.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root,
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['reliability/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
