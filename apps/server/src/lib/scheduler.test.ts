import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { runLocked, type Job } from './scheduler.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const job = (run: Job['run']): Job => ({ name: 'test', lockKey: 424_242, everyMs: 60_000, run });

describe('runLocked', () => {
  it('runs a job that queries the database through the app’s handle (no self-deadlock on PGlite)', async () => {
    let seen = 0;
    const ran = await Promise.race([
      runLocked(
        h.db,
        job(async () => (seen = await h.count('users'))),
      ),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000)),
    ]);
    expect(ran).toBe(true);
    expect(seen).toBe(await h.count('users'));
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('skips the run while another process holds the lock', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = h.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
      locked();
      await held;
    });
    await isLocked;
    let ran = false;
    expect(
      await runLocked(
        h.db,
        job(async () => (ran = true)),
      ),
    ).toBe(false);
    expect(ran).toBe(false);
    release();
    await holder;
    expect(
      await runLocked(
        h.db,
        job(async () => (ran = true)),
      ),
    ).toBe(true);
    expect(ran).toBe(true);
  });
});
