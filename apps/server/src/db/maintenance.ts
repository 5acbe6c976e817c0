// Autovacuum's round for the embedded database. PGlite's PostgreSQL is one single-user backend without the
// autovacuum launcher (`autovacuum` says on, yet nothing ever runs it): left alone, an embedded database plans on
// the defaults of tables never analysed, keeps every dead row version a bid's update leaves, and never marks pages
// all-visible for index-only scans. The PostgreSQL server does all this itself.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The app's tables that PostgreSQL's autovacuum would treat now, by its default thresholds: vacuum past 50 dead rows
 * + 20 % of the table or 1,000 inserted + 20 % (with ANALYZE), analyse alone past 50 changed rows + 10 %.
 */
const DUE = sql`select "table", "vacuum" from (
    select s.relname as "table",
      s.n_dead_tup > 50 + 0.2 * est.n or s.n_ins_since_vacuum > 1000 + 0.2 * est.n as "vacuum",
      s.n_mod_since_analyze > 50 + 0.1 * est.n as "analyze"
    from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      cross join lateral (select greatest(c.reltuples, 0) as n) est
    where s.schemaname = 'public'
  ) tables
  where "vacuum" or "analyze"
  order by "table"`;

/**
 * Vacuums (with ANALYZE) or analyses each table that is due, one statement per table, so calls waiting for the
 * embedded database's one session run between tables. Returns the tables treated. For a scheduled job on PGlite.
 */
export async function vacuumEmbedded(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(DUE)) as unknown as { rows: { table: string; vacuum: boolean }[] };
  for (const { table, vacuum } of rows) {
    await db.execute(vacuum ? sql`vacuum (analyze) ${sql.identifier(table)}` : sql`analyze ${sql.identifier(table)}`);
  }
  return rows.map((r) => r.table);
}
