// Companies' and distilleries' shown names as a list shows them: kept in the process's record memo
// (lib/record-memo.ts) under the names epoch they were read at (migration 0037: raised in the transaction of every
// rename). A list reads the epoch with its page instead of joining a company or a distillery to every row, and takes
// the names from the memo; the ones it does not hold are read by id in one statement. A key names the epoch, so a
// rename makes new keys and no name is ever stale: nothing to forget on writes, in this process or another.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import type { RecordMemo } from '../../lib/record-memo.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { companies, shownName } from './companies.table.js';
import { currentNamesEpoch } from './names-epoch.table.js';

type NamedRow = { id: number; name: string; epoch: number };
type Named = { kind: string; statement: (tx: Tx) => { execute: (v: { ids: number[] }) => Promise<NamedRow[]> } };

const byIds = sql`= any(${sql.placeholder('ids')}::int[])`;

const COMPANY: Named = {
  kind: 'company-name',
  statement: fixedStatement(
    (tx: Tx) =>
      tx
        .select({ id: companies.id, name: shownName(companies), epoch: currentNamesEpoch })
        .from(companies)
        .where(sql`${companies.id} ${byIds}`),
    alwaysGeneric,
  ),
};

const DISTILLERY: Named = {
  kind: 'distillery-name',
  statement: fixedStatement(
    (tx: Tx) =>
      tx
        .select({ id: distilleries.id, name: distilleries.name, epoch: currentNamesEpoch })
        .from(distilleries)
        .where(sql`${distilleries.id} ${byIds}`),
    alwaysGeneric,
  ),
};

/**
 * The names of `ids` as at `epoch` (the names epoch a page was read at), or as read now when the memo does not hold
 * them at that epoch — a name at most as new as the moment it is asked for, never older than the page. An id that
 * does not exist has no entry.
 */
async function keptNames(tx: Tx, memo: RecordMemo, named: Named, epoch: number, ids: Iterable<number>) {
  const keyOf = (at: number, id: number) => `${named.kind}|${at}|${id}`;
  const names = new Map<number, string>();
  const missing = new Set<number>();
  for (const id of ids) {
    if (names.has(id) || missing.has(id)) continue;
    const kept = memo.get(keyOf(epoch, id));
    if (kept === undefined) missing.add(id);
    else names.set(id, kept);
  }
  if (missing.size > 0) {
    for (const row of await named.statement(tx).execute({ ids: [...missing] })) {
      names.set(row.id, row.name);
      // Kept under the epoch it was read at: the same as the page's unless a rename came between the two statements.
      memo.set(keyOf(row.epoch, row.id), row.name);
    }
  }
  return names;
}

/** The shown names of the companies `ids` as at `epoch` (`keptNames`). */
export const shownNames = (tx: Tx, memo: RecordMemo, epoch: number, ids: Iterable<number>) =>
  keptNames(tx, memo, COMPANY, epoch, ids);

/** The names of the distilleries `ids` as at `epoch` (`keptNames`). */
export const distilleryNames = (tx: Tx, memo: RecordMemo, epoch: number, ids: Iterable<number>) =>
  keptNames(tx, memo, DISTILLERY, epoch, ids);
