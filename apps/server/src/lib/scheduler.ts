// Periodic jobs. Each run takes a PostgreSQL advisory lock, so with several processes only one does the work.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

export type Job = { name: string; lockKey: number; everyMs: number; run: () => Promise<unknown> };

export async function runLocked(db: Db, job: Job): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${job.lockKey}) as locked`);
    const locked = (rows as unknown as { rows?: { locked: boolean }[] }).rows?.[0]?.locked ?? false;
    if (!locked) return false;
    await job.run();
    return true;
  });
}

export function startScheduler(db: Db, jobs: Job[], log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    const tick = () =>
      runLocked(db, job).catch((err) => log.error({ err, job: job.name }, 'scheduled job failed'));
    const first = setTimeout(tick, 5_000);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    return [first, every] as const;
  });
  return () => timers.forEach(([a, b]) => (clearTimeout(a), clearInterval(b)));
}
