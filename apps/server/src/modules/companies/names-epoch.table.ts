import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: a number raised, in the same transaction, by every change of a shown name — a company's `name` or
 * `registered_name`, a distillery's `name` (migration 0037's triggers). A record kept with such names in it names this
 * number in its key instead (lib/record-memo.ts), so its page reads one row where it read every party's names.
 */
export const namesEpoch = pgTable(
  'names_epoch',
  {
    id: integer('id').primaryKey().default(1),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('names_epoch_one_row', sql`${t.id} = 1`)],
);

/** The names epoch now, as a statement's column: one row, read once a statement (an uncorrelated subquery). */
export const currentNamesEpoch = sql<number>`(select ${namesEpoch.epoch} from ${namesEpoch})`.mapWith(Number);
