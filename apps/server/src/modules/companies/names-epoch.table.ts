import { currentEpoch, epochTable } from '../../db/epoch-table.js';

/**
 * One row: a number raised, in the same transaction, by every change of a shown name — a company's `name` or
 * `registered_name`, a distillery's `name` (migration 0037's triggers). A record kept with such names in it names this
 * number in its key instead (lib/record-memo.ts), so its page reads one row where it read every party's names.
 */
export const namesEpoch = epochTable('names_epoch');

/** The names epoch now, as a statement's column. */
export const currentNamesEpoch = currentEpoch(namesEpoch);
