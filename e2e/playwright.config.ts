import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

// Each worker drives its own server, on its own embedded database with its own demo market, so spec files never
// see each other's writes. The config is evaluated in the runner (no index: it starts every server) and again in
// each worker, which Playwright gives TEST_PARALLEL_INDEX (0 … workers − 1). Two workers at least, one per four cores
// past eight: a worker waits on its Chromium and server much of the time (docs/decisions.md "npm test keeps both
// cores busy").
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, Math.floor(availableParallelism() / 4))));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
const urlOf = (index: number) => `http://127.0.0.1:${FIRST_PORT + index}`;
export const BASE_URL = urlOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const SUPER_ADMIN = { email: 'root@e2e.example', password: 'Root@E2e2026' };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // A journey's time, not an assertion: two minutes, since a busy machine (issue 20 item 7) stretched several
  // multi-step journeys past one. What a test proves is in its expectations, which keep their own 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace: every action with the page's DOM before and after it. Not the screencast: its
    // frames (a JPEG each time the page paints, for every test, kept or not) took a fifth of a spec file's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'node serve.mjs',
    url: `${urlOf(index)}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(FIRST_PORT + index),
      HOST: '127.0.0.1',
      PUBLIC_URL: urlOf(index),
      ADMIN_EMAIL: SUPER_ADMIN.email,
      ADMIN_PASSWORD: SUPER_ADMIN.password,
      SEED_DEMO: 'true',
      CAPTCHA_MAX_NUMBER: '5000',
      LOG_LEVEL: 'warn',
      // Every spec of a worker signs in and registers from 127.0.0.1: a retried click must not spend a budget meant
      // for one office (issue 20, item 7). The limits themselves are tested in the server's suite.
      RATE_LIMIT_SCALE: '10',
    },
  })),
});
