// The periodic jobs start when the app listens, not when it is built: `npm start` seeds between the two, and on a
// slow machine the lapse sweep lapsed the demo's past bids between the seed's steps (the seed then failed on a
// stale version and the server exited).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { freshDatabase } from './test/database.js';

const started: string[][] = [];

const database = await freshDatabase();
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sx-scheduler-')),
  }),
  {
    database,
    // Records the jobs instead of starting them: what is checked is when, not what they do.
    scheduler: (_db, jobs) => {
      started.push(jobs.map((j) => j.name));
      return () => {};
    },
  },
);
afterAll(() => app.close().then(() => database.close()));

it('starts the jobs once the app listens, not when it is ready', async () => {
  await app.ready();
  expect(started).toEqual([]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  expect(started).toHaveLength(1);
  expect(started[0]).toContain('lapse-bids');
});
