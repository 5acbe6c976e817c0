// A one-row table holding a number that triggers raise in the transaction of every change of something a process
// keeps rendered (lib/record-memo.ts): the kept texts' keys name the number instead of what they show, so a change
// makes new keys and nothing kept is ever stale. The names (migration 0037) and the ratings (0041) have one each.
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';

export function epochTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: integer('id').primaryKey().default(1),
      epoch: bigint('epoch', { mode: 'number' }).notNull().default(1),
    },
    (t) => [check(`${name}_one_row`, sql`${t.id} = 1`)],
  );
}

/** A one-row epoch's number now, as a statement's column: read once a statement (an uncorrelated subquery). */
export const currentEpoch = (table: ReturnType<typeof epochTable>) =>
  sql<number>`(select ${table.epoch} from ${table})`.mapWith(Number);
