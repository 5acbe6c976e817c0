// Reading bids: a party's detail (also the answer of every transition) and the lists; the SuperAdmin reads approved
// trades, nothing else. The effective status and the masking are bids.view.ts's.
import { AWAITING_COUNT_CAP } from '@spirit/domain/bids/bids.constants';
import type { AwaitingBidCount, BidListRecord, GetAllBids } from '@spirit/domain/bids/bids.schemas';
import type { Tx } from '../../db/client.js';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { NEVER } from '../../lib/change-stamp.js';
import { JsonRecords, type Records } from '../../lib/json-records.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import { memoTexts, type RecordMemo } from '../../lib/record-memo.js';
import type { Deps } from '../../types.js';
import { listingNotFound, tradingSide } from '../listings/listings.service.js';
import { findOwnListing } from '../listings/listings.repository.js';
import { bidError } from './bids.errors.js';
import { placeFrom } from './bids.parties.js';
import { findBidView } from './bids.detail.repository.js';
import {
  bidListPage,
  countAwaiting,
  countBids,
  type BidListOptions,
  type BidListRow,
} from './bids.lists.repository.js';
import { shownNames } from '../companies/company-names.js';
import { keptRatings } from '../ratings/rating-memo.js';
import { liveKeysPage, liveRows, trackedKeysPage, trackedRows } from './bids.kept.repository.js';
import { sideOf, toDetail, toListRecord, type Viewer } from './bids.view.js';
import { effectiveStatus, isBidLive, saleOrderRefusal } from '@spirit/domain/bids/bids.rules';

/** The platform reads as no company: its rating columns find no rows of a company 0. */
const PLATFORM = 0;

/**
 * The detail of a bid for a party of `companyId`, or for the platform (`null`: approved trades only), read in `tx`
 * (after a transition, the transition's own view): one statement, the bid with its listings, the caller's tiers
 * and ratings, and its history. Another company's bid does not exist for the caller.
 */
export async function detailFor(
  tx: Tx,
  memo: RecordMemo,
  actor: Actor,
  id: number,
  opts: { companyId: number | null; now: Date },
) {
  const { companyId, now } = opts;
  const view = await findBidView(tx, memo, { id, companyId: companyId ?? PLATFORM, userId: actor.userId });
  const side = view && companyId !== null ? sideOf(view.bid, companyId) : null;
  const platform = companyId === null && view?.bid.status === 'Approved';
  if (!view || (!side && !platform)) throw bidError('bid.not_found');
  // The caller's tier on their side; a reader holding one on both sides reads as no party (a transition refuses them).
  const place = side ? placeFrom(side, { offer: view.offer_tier, ask: view.ask_tier }) : null;
  const bidActor = !place || place.bothSides ? null : place.actor;
  const viewer: Viewer = { companyId, side, platform };
  const canUploadSaleOrder =
    !!side &&
    saleOrderRefusal({
      side,
      status: view.bid.status,
      isAdmin: actor.roles.includes('Admin'),
      mappedToSellerDistillery: view.offer_tier !== null,
    }) === null;
  return toDetail({ ...view, viewer, actor: bidActor, canUploadSaleOrder, now });
}

export async function get(deps: Deps, actor: Actor, id: number) {
  const companyId = isSuperAdmin(actor) ? null : tradingSide(actor).companyId;
  return detailFor(deps.db, deps.recordMemo, actor, id, { companyId, now: deps.now() });
}

/** Whose list a query reads: the caller's company's (or the market's), or for the SuperAdmin every approved trade. */
function listOptions(actor: Actor, q: GetAllBids): Omit<BidListOptions, 'now'> {
  if (isSuperAdmin(actor)) {
    // Read access to the trades, never to what is being negotiated or waits for someone.
    if (q.bid_status !== 'Approved' || q.offer_id || q.is_market || q.awaiting_me) throw bidError('bid.approved_only');
    return { companyId: PLATFORM, platform: true, userId: actor.userId, q, tracked: !!q.is_tracked_bid };
  }
  const { companyId } = tradingSide(actor);
  // A listing's bids: only the company's own listing, which `list` checks with the page (`listing_own`).
  return { companyId, userId: actor.userId, q, listingId: q.offer_id || undefined, tracked: !!q.is_tracked_bid };
}

/** Where a list keeps its total (`pageWithKnownTotal`) and the options it reads with. */
function listScope(actor: Actor, q: GetAllBids, now: Date) {
  const opts = { ...listOptions(actor, q), now };
  // The total is kept for a few seconds, as the market's: the market's current bids run to a hundred thousand, and
  // counting even a company's own (to the cap) costs as much as its page. Whose list it is belongs to the key: the
  // caller's company, and for its own lists the caller ("awaiting me" reads their tiers); the platform's is one.
  const key = totalKey(
    'bids',
    q,
    opts.platform
      ? { platform: true }
      : q.is_market
        ? { companyId: opts.companyId }
        : { companyId: opts.companyId, userId: actor.userId },
  );
  return { opts, key };
}

const viewerOf =
  (opts: Pick<BidListOptions, 'platform' | 'companyId'>) =>
  (bid: { buyer_company_id: number; seller_company_id: number }): Viewer =>
    opts.platform
      ? { companyId: null, side: null, platform: true }
      : { companyId: opts.companyId, side: sideOf(bid, opts.companyId) };

export async function list(deps: Deps, actor: Actor, q: GetAllBids): Promise<BidList> {
  const now = deps.now();
  const { opts, key } = listScope(actor, q, now);
  if (opts.tracked && q.bid_status === 'Approved' && !opts.listingId) return tradesList(deps, opts, key);
  if (!opts.tracked) return liveList(deps, opts, key);
  const page = await keptTotalPage(deps, opts, key, bidListPage);
  await ownListing(deps, opts, page.records[0]);
  return { records: await listRecords(deps, page.records, viewerOf(opts), now, null), totalRecords: page.totalRecords };
}

/** A page of the list `opts` as `read` reads it, with its total kept for seconds under `key` (`listScope`). */
function keptTotalPage<R extends { total_records?: number }>(
  deps: Deps,
  opts: BidListOptions,
  key: string,
  read: (tx: Tx, opts: BidListOptions, withTotal: boolean) => Promise<R[]>,
) {
  return pageWithKnownTotal({
    cache: deps.marketCache,
    key,
    now: opts.now.getTime(),
    q: opts.q,
    page: (withTotal) => read(deps.db, opts, withTotal),
    countAll: () => countBids(deps.db, opts),
  });
}

/**
 * A listing's bids answer its owner only: the page's rows say whether the caller's company owns it, and an empty
 * page (no bids, or not the company's listing) looks the listing up.
 */
async function ownListing(deps: Deps, opts: BidListOptions, first: { listing_own?: boolean } | undefined) {
  if (!opts.listingId) return;
  const own = first ? first.listing_own : !!(await findOwnListing(deps.db, opts.companyId, opts.listingId));
  if (!own) throw listingNotFound();
}

/**
 * Every list but the tracked ones (a listing's bids, My Bids, the bids awaiting the caller, the market's): the page
 * reads its records' keys (bids.lists.columns.ts `liveKeyColumns`), and each record's JSON text comes from the record
 * memo under the bid at its version, the caller's company and side, the bid's status by the clock, and what the
 * record reads from elsewhere (`livePart`); the rows the memo lacks are read by id and rendered as the lists always
 * rendered them (docs/decisions.md "Live bids' records kept as JSON").
 */
async function liveList(deps: Deps, opts: BidListOptions, key: string): Promise<BidList> {
  const { now, companyId } = opts;
  const page = await keptTotalPage(deps, opts, key, liveKeysPage);
  await ownListing(deps, opts, page.records[0]);
  const priced = !!opts.q.awaiting_me;
  const viewer = viewerOf(opts);
  const keys = page.records.map((k) => ({ ...k.bid, names: k.names, also: livePart(k) }));
  const texts = await memoTexts(deps.recordMemo, {
    kind: priced ? 'bid priced' : 'bid',
    keys,
    viewOf: (k) => `${companyId}|${viewer(k).side}|${effectiveStatus(k, now)}`,
    read: async (ids) => {
      const rows = await liveRows(deps.db, ids, companyId, priced);
      const records = await listRecords(deps, rows, viewer, now, companyId);
      return rows.map((row, i) => ({ row, record: records[i]! }));
    },
    stampOf: ({ row }) => ({ id: row.bid.id, version: row.bid.version, names: row.names, also: livePart(row) }),
    render: ({ record }) => record,
  });
  // A record changes by time alone when its bid lapses (its status by the clock is in the key's view).
  const until = Math.min(NEVER, ...keys.filter((k) => isBidLive(k, now)).map((k) => k.valid_until.getTime()));
  return { records: new JsonRecords<BidListRecord>(texts, until), totalRecords: page.totalRecords };
}

/**
 * The part of a live record's key (lib/record-memo.ts `RecordStamp.also`) read from elsewhere than the bid row: the
 * listings' live quantities and prices, the ratings epoch, and a priced row's offer fees.
 */
function livePart(row: LivePartColumns): string {
  const t = row.terms;
  return [
    row.offer_available,
    row.ask_available,
    row.offer_price,
    row.ask_price,
    row.ratings,
    t?.offer_sales_tax,
    t?.offer_export_pass_fee,
  ].join('|');
}
type LivePartColumns = {
  offer_available: string | null;
  ask_available: string | null;
  offer_price: string | null;
  ask_price: string | null;
  ratings?: number;
  terms?: { offer_sales_tax: string | null; offer_export_pass_fee: string | null };
};

/** A rated list's row (bids.lists.repository.ts `ratedColumns`): its counterparty's distillery, the ratings epoch. */
const ratedOf = (row: BidListRow) => row as Partial<{ rated_distillery: number; ratings: number }>;

/**
 * A list page's records (`toListRecord`), its parties' names taken from the names memo at the epoch the page was read
 * at (companies/company-names.ts), and each row's counterparty's ratings for `ratedFor` (the caller's company, the
 * platform's 0) from the ratings memo at the page's ratings epoch (ratings/rating-memo.ts); `null` where the list
 * shows no rating (its rows read none).
 */
export async function listRecords(
  deps: Pick<Deps, 'db' | 'recordMemo'>,
  rows: readonly BidListRow[],
  viewer: (bid: BidListRow['bid']) => Viewer,
  now: Date,
  ratedFor: number | null,
): Promise<BidListRecord[]> {
  const first = rows[0];
  if (!first) return [];
  const parties: number[] = [];
  for (const { bid } of rows) parties.push(bid.buyer_company_id, bid.seller_company_id);
  const names = await shownNames(deps.db, deps.recordMemo, first.names, parties);
  const epoch = ratedOf(first).ratings;
  const rated =
    ratedFor === null || epoch === undefined
      ? null
      : await keptRatings(
          deps.db,
          deps.recordMemo,
          { epoch, company: ratedFor },
          rows.map((r) => ratedOf(r).rated_distillery ?? 0),
        );
  // Each row as read, its names beside it: a copy of each row (rest and spread) cost more than the names' lookup.
  return rows.map((row) => {
    const { bid } = row;
    const named = { buyer: names.get(bid.buyer_company_id) ?? '', seller: names.get(bid.seller_company_id) ?? '' };
    const ratings = rated?.get(ratedOf(row).rated_distillery ?? 0) ?? null;
    return toListRecord(bid, row, named, viewer(bid), now, ratings);
  });
}

/**
 * The tracked trades (Approved Bids): a record of an Approved trade is made of the bid at its version, whose view it
 * is and the two companies' names, and nothing that moves with time (docs/decisions.md "Trade records kept as
 * JSON"). The page reads those keys alone; the records come from the process's record memo as JSON text, and the
 * rows it does not hold are read by id, rendered and kept.
 */
async function tradesList(deps: Deps, opts: BidListOptions, key: string): Promise<BidList> {
  const page = await keptTotalPage(deps, opts, key, trackedKeysPage);
  const viewer = viewerOf(opts);
  const texts = await memoTexts(deps.recordMemo, {
    kind: 'trade',
    keys: page.records,
    viewOf: (k) => {
      const v = viewer(k);
      return v.platform ? 'platform' : String(v.side);
    },
    read: (ids) => trackedRows(deps.db, ids),
    stampOf: ({ bid, names }) => ({ id: bid.id, version: bid.version, names }),
    render: (row) => {
      const names = { buyer: row.buyer_name, seller: row.seller_name };
      return toListRecord(row.bid, row, names, viewer(row.bid), opts.now, null);
    },
  });
  // An Approved trade never changes by time alone.
  return { records: new JsonRecords<BidListRecord>(texts, NEVER), totalRecords: page.totalRecords };
}

type BidList = { records: Records<BidListRecord>; totalRecords: number };

/**
 * The menu's "Waiting for me": the bids `awaiting_me` lists, counted to the cap in one statement on the partial
 * indexes of live bids. Not cached: the count must drop as soon as the caller acts.
 */
export async function awaitingCount(deps: Deps, actor: Actor): Promise<AwaitingBidCount> {
  const { companyId } = tradingSide(actor);
  const n = await countAwaiting(deps.db, { companyId, userId: actor.userId, now: deps.now(), cap: AWAITING_COUNT_CAP });
  return { count: Math.min(n, AWAITING_COUNT_CAP), capped: n > AWAITING_COUNT_CAP };
}
