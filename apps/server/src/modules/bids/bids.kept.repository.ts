// The lists answered from records kept as JSON (lib/record-memo.ts, docs/decisions.md "Trade records kept as JSON"):
// Approved Bids and the dashboards' lists. A page reads its records' keys alone (bids.lists.repository.ts
// `trackedKeysQuery`, `dashboardKeysQuery`); the records the memo does not hold are read by id in a second statement.
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, statement } from '../../db/statements.js';
import {
  bidListArgs,
  dashboardKeysQuery,
  dashboardRowsQuery,
  trackedKeysQuery,
  trackedRowsQuery,
  type BidListOptions,
} from './bids.lists.repository.js';

const trackedKeysStatement = statement(trackedKeysQuery, alwaysGeneric);
const trackedRowsStatement = fixedStatement(trackedRowsQuery, alwaysGeneric);
const dashboardKeysStatement = statement(dashboardKeysQuery, alwaysGeneric);
const dashboardRowsStatement = fixedStatement(dashboardRowsQuery, alwaysGeneric);

/** A tracked list's (Approved Bids') page of keys, with `total_records` on its rows when `withTotal`. */
export async function trackedKeysPage(tx: Tx, opts: BidListOptions, withTotal: boolean) {
  const { shape, values } = bidListArgs({ ...opts, tracked: true }, withTotal);
  return trackedKeysStatement(tx, shape).execute(values);
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
