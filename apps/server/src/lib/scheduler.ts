// Periodic jobs. Each run takes a PostgreSQL advisory lock, so with several processes only one does the work.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

export type Job = { name: string; lockKey: number; everyMs: number; run: () => Promise<unknown> };

/**
 * PGlite serves one connection: a job's own queries would wait forever behind the transaction holding the lock.
 * An embedded database belongs to this one process, so its jobs need no lock.
 */
function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

export async function runLocked(db: Db, job: Job): Promise<boolean> {
  if (isEmbedded(db)) {
    await job.run();
    return true;
  }
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
    const tick = () => runLocked(db, job).catch((err) => log.error({ err, job: job.name }, 'scheduled job failed'));
    const first = setTimeout(tick, 5_000);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    return [first, every] as const;
  });
  return () => timers.forEach(([a, b]) => (clearTimeout(a), clearInterval(b)));
}
