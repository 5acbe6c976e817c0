// Several inserts in one round trip: each but the last becomes a data-modifying WITH of the last one. A transition's
// history, audit and event rows go to the database together (issue 24 part 2: fewer statements on the trade path).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client.js';

/** Runs Drizzle insert builders (not awaited) as one statement. Their RETURNING clauses, if any, are not read. */
export async function insertTogether(tx: Tx, inserts: (SQLWrapper | null)[]): Promise<void> {
  // As SQL, not as query builders: a builder inside a template is written as a parenthesised subquery.
  const all: SQL[] = inserts.filter((q): q is SQLWrapper => q !== null).map((q) => q.getSQL());
  if (all.length === 0) return;
  if (all.length === 1) {
    await tx.execute(all[0]!);
    return;
  }
  const first = all.slice(0, -1).map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`);
  await tx.execute(sql`with ${sql.join(first, sql`, `)} ${all.at(-1)}`);
}
