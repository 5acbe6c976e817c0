// The embedded database's autovacuum round, against a real PGlite (the PostgreSQL server vacuums itself: skipped
// there).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { vacuumEmbedded } from './maintenance.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
/**
 * PostgreSQL hands a session's table counts to the statistics at most once a second, when the session goes idle;
 * `pg_stat_force_next_flush` asks for it at the next idle moment, which the following statement's end gives.
 */
const statisticsCaughtUp = async () => {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
};

describe.runIf(!process.env.TEST_DATABASE_URL)('vacuumEmbedded', () => {
  it('vacuums and analyses a table written past autovacuum’s thresholds, and leaves it alone once done', async () => {
    const { db } = database;
    await db.execute(sql`create table maintenance_probe (id int primary key, note text)`);
    await db.execute(sql`insert into maintenance_probe select g, md5(g::text) from generate_series(1, 4000) g`);
    await db.execute(sql`delete from maintenance_probe where id % 2 = 0`);
    const probe = sql`select reltuples::int as tuples, relallvisible::int as visible
      from pg_class where relname = 'maintenance_probe'`;
    // Never analysed: the planner knows nothing of the table.
    expect(await rowsOf(probe)).toEqual([{ tuples: -1, visible: 0 }]);
    await statisticsCaughtUp();

    expect(await vacuumEmbedded(db)).toContain('maintenance_probe');
    const [after] = await rowsOf<{ tuples: number; visible: number }>(probe);
    expect(after!.tuples).toBe(2000);
    expect(after!.visible).toBeGreaterThan(0);
    const [dead] = await rowsOf<{ n: number }>(
      sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'maintenance_probe'`,
    );
    expect(dead!.n).toBe(0);

    await statisticsCaughtUp();
    expect(await vacuumEmbedded(db)).not.toContain('maintenance_probe');
  });
});
