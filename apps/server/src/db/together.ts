// Several inserts in one round trip: each but the last becomes a data-modifying WITH of the last one. A transition's
// history, audit and event rows go to the database together (issue 24 part 2: fewer statements on the trade path),
// and the statement is built once per shape (which tables, how many rows, which columns), its values as parameters.
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';
import { keyedSql, slots, type SqlRecipes } from './statements.js';

/** Rows for one table; a column left undefined takes its default. */
export type InsertRows = { table: PgTable; rows: Record<string, unknown>[] };

/**
 * Statements of up to this many rows are kept per shape: a transition's three rows, a trade's listings. A lapse
 * sweep's batch (up to hundreds, any count) is built for its call only.
 */
const KEPT_ROWS = 8;
const recipes: SqlRecipes = new Map();

const definedKeys = (row: Record<string, unknown>) => Object.keys(row).filter((k) => row[k] !== undefined);

/** Runs the inserts as one statement. */
export async function insertTogether(tx: Tx, parts: InsertRows[]): Promise<void> {
  const present = parts.filter((p) => p.rows.length > 0);
  if (present.length === 0) return;
  const values: Record<string, unknown> = {};
  const name = (i: number, j: number, key: string) => `r${i}_${j}_${key}`;
  present.forEach((p, i) =>
    p.rows.forEach((row, j) => {
      for (const key of definedKeys(row)) values[name(i, j, key)] = row[key];
    }),
  );
  const build = (): SQL => {
    const all = present.map((p, i) =>
      tx
        .insert(p.table)
        .values(p.rows.map((row, j) => slots(p.table, definedKeys(row), name(i, j, ''))))
        .getSQL(),
    );
    if (all.length === 1) return all[0]!;
    const first = all.slice(0, -1).map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`);
    return sql`with ${sql.join(first, sql`, `)} ${all.at(-1)}`;
  };
  const rows = present.reduce((n, p) => n + p.rows.length, 0);
  const key =
    rows <= KEPT_ROWS
      ? present
          .map((p) => `${getTableName(p.table)}(${p.rows.map((r) => definedKeys(r).join(',')).join(';')})`)
          .join(' ')
      : null;
  await keyedSql(recipes, tx, key, build).execute(values);
}
