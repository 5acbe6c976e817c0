// getAllOffers from records kept as JSON (lib/record-memo.ts, docs/decisions.md "Own listings' records kept as
// JSON"): a page reads its listings' keys (id, version, distillery, the names epoch, open bids, the caller's right)
// with the page's own walk, and the listings the memo does not hold by id.
import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, statement } from '../../db/statements.js';
import { ownExtras, ownListArgs, ownPageQuery, type OwnListOptions, type OwnShape } from './listings.repository.js';
import { listings } from './listings.table.js';

/** A page of the company's listings as the keys of their records. */
export const ownKeysQuery = (tx: Tx, shape: OwnShape) =>
  ownPageQuery(tx, shape, { id: listings.id, version: listings.version, distillery_id: listings.distillery_id });
const ownKeysStatement = statement(ownKeysQuery, alwaysGeneric);

/** The listings `$ids` as a page of the company's listings reads them (values: ids, now, user). */
export const ownRowsQuery = (tx: Tx) =>
  tx
    .select({ ...getTableColumns(listings), ...ownExtras })
    .from(listings)
    .where(sql`${listings.id} = any(${sql.placeholder('ids')}::int[])`);
const ownRowsStatement = fixedStatement(ownRowsQuery, alwaysGeneric);

/** A page of the company's listings' keys, with its total. */
export async function ownKeysPage(tx: Tx, opts: OwnListOptions) {
  const { shape, values, count } = ownListArgs(tx, opts);
  const rows = await ownKeysStatement(tx, shape).execute(values);
  return { rows, count };
}

/** The listings of `ids` with what a page of the company's listings shows of them, for the user `userId`. */
export async function ownRows(tx: Tx, ids: number[], opts: { now: Date; userId: number }) {
  return ownRowsStatement(tx).execute({ ids, now: opts.now.toISOString(), user: opts.userId });
}
