// The plan PostgreSQL runs for one of the server's statements: prepared from the statement's own text, then
// EXPLAINed as executed with the given values, sequential scans disabled (a test's tables are small enough to scan;
// what is proven is that an index can serve the statement at market scale). The server runs generic plans
// (db/client.ts SESSION_SETTINGS); a first execution under PostgreSQL's default plans with the values.
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

export type PlanMode = 'force_custom_plan' | 'force_generic_plan' | 'after five executions';

/** A value as an SQL literal, for `execute`'s arguments (numbers, strings and arrays of them). */
const literal = (v: unknown): string =>
  typeof v === 'number'
    ? String(v)
    : Array.isArray(v)
      ? `array[${v.map(literal).join(', ')}]`
      : `'${String(v).replace(/'/g, "''")}'`;

export type PlanRows = { rows: Record<string, string>[] };
/** EXPLAIN's rows as one text. */
export const planText = (plan: PlanRows) => plan.rows.map((r) => Object.values(r)[0]).join('\n');

/** The plan of a query written with its values (not one of the server's statements), scans disabled. */
export async function explainWithValues(db: Tx, query: SQL): Promise<string> {
  const plan = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return (await tx.execute(sql`explain ${query}`)) as unknown as PlanRows;
  });
  return planText(plan);
}

/**
 * The plan's text. `after five executions` leaves PostgreSQL its default choice (`auto`) after five runs, when it
 * keeps a generic plan only if it looks no costlier than planning with the values.
 */
export async function planOf(
  db: Tx,
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
  mode: PlanMode,
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const args = fillPlaceholders(params, values).map(literal).join(', ');
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.raw(`set local plan_cache_mode = ${mode === 'after five executions' ? 'auto' : mode}`));
    await tx.execute(sql.raw(`prepare plan_under_test as ${text}`));
    try {
      if (mode === 'after five executions')
        for (let i = 0; i < 5; i++) await tx.execute(sql.raw(`execute plan_under_test(${args})`));
      return (await tx.execute(sql.raw(`explain execute plan_under_test(${args})`))) as unknown as PlanRows;
    } finally {
      await tx.execute(sql`deallocate plan_under_test`);
    }
  });
  return planText(rows);
}
