// The lists answered from records kept as JSON (lib/record-memo.ts, docs/decisions.md "Trade records kept as JSON",
// "Live bids' records kept as JSON"): Approved Bids, the other bid lists and the dashboards' lists. A page reads its
// records' keys alone (bids.lists.repository.ts `trackedKeysQuery`, `liveKeysQuery`, `dashboardKeysQuery`; a near page
// with the walk itself, `walkedTrackedKeysQuery` and `walkedLiveKeysQuery`); the records the memo does not hold are
// read by id in a second statement.
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, statement } from '../../db/statements.js';
import {
  bidListArgs,
  dashboardKeysQuery,
  dashboardRowsQuery,
  liveKeysQuery,
  liveRowsQuery,
  walkedLiveKeysQuery,
  walkedTrackedKeysQuery,
  trackedKeysQuery,
  trackedRowsQuery,
  type BidListOptions,
} from './bids.lists.repository.js';

/**
 * A page that ends within this many rows of its list reads its keys with the walk itself (`walkedTrackedKeysQuery`,
 * `walkedLiveKeysQuery`): each row walked is read from the table, so a deeper page reads its ids from the walk and its
 * keys by id.
 */
const KEYS_WALK_ROWS = 30;

const liveKeysStatement = statement(liveKeysQuery, alwaysGeneric);
const walkedLiveKeysStatement = statement(walkedLiveKeysQuery, alwaysGeneric);
const liveRowsStatement = statement(liveRowsQuery, alwaysGeneric);

/**
 * A live list's page of keys, with `total_records` on its rows when `withTotal`; a near page read with the walk
 * (`walkedLiveKeysQuery`: on the bench's market a listing's first page 92 → 61 buffers, My Bids Approved 122 → 91,
 * the bids awaiting the caller 145 → 105).
 */
export async function liveKeysPage(tx: Tx, opts: BidListOptions, withTotal: boolean) {
  const { shape, values } = bidListArgs(opts, withTotal);
  const near = values.upto <= KEYS_WALK_ROWS;
  return (near ? walkedLiveKeysStatement(tx, shape) : liveKeysStatement(tx, shape)).execute(values);
}

/**
 * The bids of `ids` with a live list's columns (`priced`: the awaiting rows' terms), their rated distillery the
 * counterparty's of `company`.
 */
export async function liveRows(tx: Tx, ids: number[], company: number, priced: boolean) {
  return liveRowsStatement(tx, { priced }).execute({ ids, company });
}

const trackedKeysStatement = statement(trackedKeysQuery, alwaysGeneric);
const walkedKeysStatement = statement(walkedTrackedKeysQuery, alwaysGeneric);
const trackedRowsStatement = fixedStatement(trackedRowsQuery, alwaysGeneric);
const dashboardKeysStatement = statement(dashboardKeysQuery, alwaysGeneric);
const dashboardRowsStatement = fixedStatement(dashboardRowsQuery, alwaysGeneric);

/** A tracked list's (Approved Bids') page of keys, with `total_records` on its rows when `withTotal`. */
export async function trackedKeysPage(tx: Tx, opts: BidListOptions, withTotal: boolean) {
  const { shape, values } = bidListArgs({ ...opts, tracked: true }, withTotal);
  const near = values.upto <= KEYS_WALK_ROWS;
  return (near ? walkedKeysStatement(tx, shape) : trackedKeysStatement(tx, shape)).execute(values);
}

/** The tracked trades of `ids` as a tracked list reads its rows. */
export async function trackedRows(tx: Tx, ids: number[]) {
  return trackedRowsStatement(tx).execute({ ids });
}

/** A dashboard list's page of keys, with `total_records` on its rows when `withTotal`. */
export async function dashboardKeysPage(tx: Tx, opts: BidListOptions, withTotal: boolean) {
  const { shape, values } = bidListArgs({ ...opts, tracked: true }, withTotal);
  return dashboardKeysStatement(tx, shape).execute(values);
}
export type DashboardKey = Awaited<ReturnType<typeof dashboardKeysPage>>[number];

/** The bids of `ids` as a dashboard row reads them. */
export async function dashboardRows(tx: Tx, ids: number[]) {
  return dashboardRowsStatement(tx).execute({ ids });
}
export type DashboardRow = Awaited<ReturnType<typeof dashboardRows>>[number];
