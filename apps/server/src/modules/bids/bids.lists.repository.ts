// Bid lists. A list is one statement with its total; effective status (lapsed before the sweep), masking inputs
// and ratings are computed in SQL, so no rows are loaded to filter or count.
//
// A list is a statement per shape (db/statements.ts): the shape says which scope and filters a list has, the
// values go in as placeholders — `$company`, `$user`, `$now`, `$listing`, `$status`, `$spirits`, `$states`,
// `$pattern`, `$limit`, `$offset` and `$upto` (limit + offset) — filled by `bidListArgs`.
import type { GetAllBids } from '@spirit/domain/bids/bids.schemas';
import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, searchPattern, statement } from '../../db/statements.js';
import { pageOf, pageWithTotal } from '../../lib/list.js';
import { bidParts, byChange, cappedBidCount, pageIds, statusFilter, type BidListShape } from './bids.lists.shape.js';
import { currentNamesEpoch } from '../companies/names-epoch.table.js';
import {
  bidListColumns,
  LISTING,
  listSelect,
  liveKeyColumns,
  offerFees,
  other,
  dashboardColumns,
  trackedColumns,
  walkSource,
  walkedColumns,
} from './bids.lists.columns.js';
import { shownName } from '../companies/companies.table.js';
import { ask, buyer, offer, seller } from './bids.sql.js';
import { bids } from './bids.table.js';

export type BidListOptions = {
  /** The caller's company (0 for the platform). */
  companyId: number;
  /** The SuperAdmin's list: every company's bids (the service allows it approved trades only). */
  platform?: boolean;
  userId: number;
  now: Date;
  q: GetAllBids;
  /** Both listings of `offer_id` must be checked as the company's before. */
  listingId?: number;
  /** Open and still valid, either open status (the dashboard's open bids). */
  open?: boolean;
  /** Changed (and, if approved, approved) since then: the dashboard's day window. */
  since?: Date;
  /** Approved trades whose sale order is uploaded (the dashboard's Sale Order Generated). */
  saleOrder?: boolean;
  /**
   * The tracked trades (Approved Bids): without the rating columns and the listings' live quantities and prices (null
   * in every row), which they do not show; the page reads no listing. The dashboards' rows have neither.
   */
  tracked?: boolean;
};

/**
 * The page of `shape` with `columns`: its rows by key, joined to both companies (unless `names` is false), and to both
 * listings when the columns read them (`join.listings`: their quantities and prices; the states are the bid's own).
 * `byIds`: the rows of the bids `$ids` instead of the page's.
 */
function pageQuery<C extends SelectedFields>(
  tx: Tx,
  shape: BidListShape,
  columns: C,
  join: { listings: boolean | 'other'; byIds?: boolean; names?: false; walked?: true },
) {
  const parts = bidParts(shape);
  // Walked: the bids come from the walk itself under the table's name, with the columns the page reads of them (each
  // walked row is read from the table anyway), and the page is cut from them — no second pass by primary key.
  const source = join.walked
    ? walkSource(parts, shape.order, columns, join.listings ? [bids.offer_id, bids.ask_id] : [], join.names !== false)
    : bids;
  const page = tx
    .select({
      ...(join.walked ? walkedColumns(columns) : columns),
      ...(shape.total ? { total_records: cappedBidCount(parts) } : {}),
    })
    .from(source as typeof bids)
    .$dynamic();
  const joined =
    join.listings === 'other'
      ? page.innerJoin(
          other,
          sql`${other.id} = (case when ${bids.offer_id} = ${LISTING} then ${bids.ask_id} else ${bids.offer_id} end)`,
        )
      : join.listings
        ? page.innerJoin(offer, eq(offer.id, bids.offer_id)).innerJoin(ask, eq(ask.id, bids.ask_id))
        : page;
  const named =
    join.names === false
      ? joined
      : joined
          .innerJoin(buyer, eq(buyer.id, bids.buyer_company_id))
          .innerJoin(seller, eq(seller.id, bids.seller_company_id));
  if (join.walked)
    return named.orderBy(byChange(shape.order)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  return (
    named
      // The page's ids as one array value: the planner reads the page's rows by primary key and joins them row by row.
      // As `id in (…)`, a generic plan guessed the subquery at a tenth of the index it walks (40,000 of the platform's
      // approved trades) and hash-joined every listing and company to it.
      .where(
        join.byIds
          ? sql`${bids.id} = any(${sql.placeholder('ids')}::int[])`
          : sql`${bids.id} = any(array(${pageIds(parts, shape.order)}))`,
      )
      .orderBy(byChange(shape.order))
  );
}

/** A list's page as built for `shape` (not prepared): `bidListPage` runs it as a statement, the plan tests EXPLAIN it. */
export function bidListQuery(tx: Tx, shape: BidListShape) {
  const { columns, listings } = listSelect(shape, bidListColumns);
  return pageQuery(tx, shape, columns, { listings, names: false });
}

// Generic: each shape walks its own index whatever the values (bids.indexes.test.ts reads the generic plans).
const bidListStatement = statement(bidListQuery, alwaysGeneric);

/** What names a kept record (bids.kept.repository.ts): four columns a row where a record reads up to thirty-five. */
const keyColumns = {
  id: bids.id,
  version: bids.version,
  buyer_company_id: bids.buyer_company_id,
  seller_company_id: bids.seller_company_id,
  names: currentNamesEpoch,
};

/** The shape of "waiting for me": the company's live bids at the caller's turn, any tier, no other filter. */
export const AWAITING_SHAPE: BidListShape = {
  market: false,
  listing: false,
  status: 'none',
  awaiting: 'any',
  spirits: false,
  states: false,
  search: false,
  tradeNames: false,
  total: false,
  platform: false,
  order: 'desc',
  tracked: true,
  open: false,
  since: false,
  saleOrder: false,
};

/** The rows `$ids` of any status (`byIds` reads no page): the shape only orders them. */
const BY_IDS: BidListShape = { ...AWAITING_SHAPE, awaiting: 'no', status: 'closed' };

/**
 * The page of `shape` (Approved Bids) as the keys of its records (bids.read.ts `tradesList`): ids, versions, parties
 * and the names epoch (migration 0037) in place of their names — no company read.
 */
export function trackedKeysQuery(tx: Tx, shape: BidListShape) {
  return pageQuery(tx, shape, keyColumns, { listings: false, names: false });
}

/**
 * `trackedKeysQuery` for a near page: the keys read with the walk itself, no second pass by id (at market scale a
 * company's first page 40 → 8 buffers, the platform's 50 → 11).
 */
export function walkedTrackedKeysQuery(tx: Tx, shape: BidListShape) {
  return pageQuery(tx, shape, keyColumns, { listings: false, names: false, walked: true });
}

/** The tracked trades `$ids` with a tracked list's columns, and the names epoch they were read at. */
export function trackedRowsQuery(tx: Tx) {
  return pageQuery(tx, BY_IDS, { ...trackedColumns, names: currentNamesEpoch }, { listings: false, byIds: true });
}

/** The page of a live list (any but the tracked ones) as the keys of its records (bids.read.ts `liveList`). */
export function liveKeysQuery(tx: Tx, shape: BidListShape) {
  const { columns, listings } = listSelect(shape, liveKeyColumns, offerFees);
  return pageQuery(tx, shape, columns, { listings, names: false });
}

/**
 * `liveKeysQuery` for a near page: the keys read with the walk itself (bids.kept.repository.ts `liveKeysPage`), the
 * listings joined to the walked rows.
 */
export function walkedLiveKeysQuery(tx: Tx, shape: BidListShape) {
  const { columns, listings } = listSelect(shape, liveKeyColumns, offerFees);
  return pageQuery(tx, shape, columns, { listings, names: false, walked: true });
}

/** The bids `$ids` as a live list reads its rows (priced: with the awaiting rows' terms), both listings joined. */
export function liveRowsQuery(tx: Tx, shape: { priced: boolean }) {
  const byIds: BidListShape = { ...BY_IDS, tracked: false, awaiting: shape.priced ? 'any' : 'no' };
  return pageQuery(tx, byIds, listSelect(byIds, bidListColumns).columns, { listings: true, byIds: true, names: false });
}

/**
 * The page of a dashboard list (the bid list's walk with the dashboard's filters) as the keys of its records: a
 * trade's keys, the bid's status and validity (whether it has lapsed by the clock) and whether its sale order is
 * uploaded, which moves no version (bids.sale-order.repository.ts).
 */
export function dashboardKeysQuery(tx: Tx, shape: BidListShape) {
  const saleOrder = sql<boolean>`${bids.sell_order_file_id} is not null`;
  const columns = { ...keyColumns, status: bids.status, valid_until: bids.valid_until, sale_order: saleOrder };
  return pageQuery(tx, shape, columns, { listings: false, names: false });
}

/**
 * The bids `$ids` with what a dashboard row shows (dashboards.service.ts `toDashboardBid`): no listing, rating or
 * fee; with their version and the names epoch they were read at.
 */
export function dashboardRowsQuery(tx: Tx) {
  const columns = {
    bid: { ...dashboardColumns, version: bids.version },
    offer_state: bids.seller_state,
    ask_state: bids.buyer_state,
    buyer_name: shownName(buyer),
    seller_name: shownName(seller),
    names: currentNamesEpoch,
  };
  return pageQuery(tx, BY_IDS, columns, { listings: false, byIds: true });
}

/** A list's shape and the values of its placeholders. */
export function bidListArgs(opts: BidListOptions, withTotal: boolean) {
  const { q } = opts;
  const pattern = searchPattern(q.item_search);
  const spirits = q.type_of_spirits?.length ? q.type_of_spirits : undefined;
  const states = q.states?.length ? q.states : undefined;
  const shape: BidListShape = {
    market: !!q.is_market,
    platform: !!opts.platform,
    order: q.sort_by ? q.sort_order : 'desc',
    listing: !!opts.listingId,
    status: statusFilter(q.bid_status),
    awaiting: q.awaiting_me ? (q.awaiting_tier ?? 'any') : 'no',
    spirits: !!spirits,
    states: !!states,
    search: !!pattern,
    // Names are searched only where every row is a trade: anywhere else a match would reveal a masked party.
    tradeNames: !!pattern && q.bid_status === 'Approved',
    total: withTotal,
    tracked: !!opts.tracked,
    open: !!opts.open,
    since: !!opts.since,
    saleOrder: !!opts.saleOrder,
  };
  const { limit, offset } = pageOf(q);
  const values = {
    company: opts.companyId,
    user: opts.userId,
    now: opts.now.toISOString(),
    listing: opts.listingId,
    status: q.bid_status,
    spirits,
    states,
    pattern,
    limit,
    offset,
    upto: limit + offset,
    since: opts.since?.toISOString(),
  };
  return { shape, values };
}

/** A page of bids, with `total_records` on its rows when `withTotal`. */
export async function bidListPage(tx: Tx, opts: BidListOptions, withTotal: boolean) {
  const { shape, values } = bidListArgs(opts, withTotal);
  return bidListStatement(tx, shape).execute(values);
}

/** A list's count (capped) as built for `shape`: `countBids` runs it as a statement, the plan tests EXPLAIN it. */
export function bidCountQuery(tx: Tx, shape: BidListShape) {
  return tx.select({ n: cappedBidCount(bidParts(shape)) }).from(sql`(select 1) as "one"`);
}
const bidCountStatement = statement(bidCountQuery);

/** The number of bids of a list (capped), for a page past its end. */
export async function countBids(tx: Tx, opts: BidListOptions) {
  const { shape, values } = bidListArgs(opts, false);
  const [row] = await bidCountStatement(tx, shape).execute(values);
  return row!.n;
}

/** How many bids wait for the caller, counting at most `cap` + 1 (so "more than cap" shows): the menu's badge. */
export function awaitingCountQuery(tx: Tx, cap: number) {
  return tx.select({ n: cappedBidCount(bidParts(AWAITING_SHAPE), cap + 1) }).from(sql`(select 1) as "one"`);
}
const awaitingCountStatement = statement((tx, shape: { cap: string }) => awaitingCountQuery(tx, Number(shape.cap)), {
  generic: () => true,
});

export async function countAwaiting(tx: Tx, opts: { companyId: number; userId: number; now: Date; cap: number }) {
  const [row] = await awaitingCountStatement(tx, { cap: String(opts.cap) }).execute({
    company: opts.companyId,
    user: opts.userId,
    now: opts.now.toISOString(),
  });
  return row!.n;
}

export async function listBids(tx: Tx, opts: BidListOptions) {
  return pageWithTotal(opts.q, await bidListPage(tx, opts, true), () => countBids(tx, opts));
}
export type BidListRow = Awaited<ReturnType<typeof listBids>>['records'][number];
