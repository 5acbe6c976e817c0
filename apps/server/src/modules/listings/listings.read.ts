// Reading offers and asks: the company's own lists and items, the market (other companies' open listings, names
// masked), the possible counterparties with their landed price, the ticker and the market figures. Writing them is
// listings.service.ts's.
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { otherSide, type ListingSide } from '@spirit/domain/listings/listings.constants';
import { currentPeriod, landedPrice, maskName, mayManageListing } from '@spirit/domain/listings/listings.rules';
import type { Listing, PossibleRecord } from '@spirit/domain/listings/listings.schemas';
import type { Actor } from '../../lib/actor.js';
import { listHorizon } from '../../lib/change-stamp.js';
import { JsonRecords } from '../../lib/json-records.js';
import { pageOf, pageWithKnownTotal, pageWithTotal, totalKey } from '../../lib/list.js';
import { memoTexts } from '../../lib/record-memo.js';
import type { Deps } from '../../types.js';
import { listBids } from '../bids/bids.lists.repository.js';
import { bidStats, lastTradedPrice, tickerEntries } from '../bids/bids.market.repository.js';
import { sideOf } from '../bids/bids.view.js';
import { listRecords } from '../bids/bids.read.js';
import { distilleryNames } from '../companies/company-names.js';
import { keptRatings } from '../ratings/rating-memo.js';
import { distilleriesNegotiatedBy, negotiatesFor } from '../mappings/mappings.repository.js';
import {
  companyProducts,
  findListing,
  findOwnListing,
  findOwnListingItem,
  listingStats,
  type ListingRow,
} from './listings.repository.js';
import { countMarket, listMarket, marketFilters } from './listings.market.repository.js';
import { ownKeysPage, ownRows } from './listings.kept.repository.js';
import { countPossible, listPossible, type PossibleQuery } from './listings.possible.repository.js';
import { marketWalks } from './listings.market-plan.js';
import { feesOf, listingNotFound, toListing, tradingSide } from './listings.service.js';

/**
 * The company's own listings of its side (getAllOffers), from records kept as JSON (docs/decisions.md "Own listings'
 * records kept as JSON"): the page reads its listings' keys — the listing at its version (every edit and trade raises
 * it), the names epoch, its open bids and whether the caller may edit it — and each record comes from the record memo
 * under the current period (a listing's openness turns with it); the listings the memo lacks are read by id.
 */
export async function list(deps: Deps, actor: Actor, q: ListQuery & { sort_by?: string }) {
  const { companyId, side } = tradingSide(actor);
  const now = deps.now();
  const opts = { companyId, side, q, now, userId: actor.userId };
  const { rows, count } = await ownKeysPage(deps.db, opts);
  const page = await pageWithTotal(q, rows, count);
  const period = currentPeriod(now);
  // Each row says whether the caller negotiates for its distillery (edits and bids from it): Negotiators only.
  const negotiator = actor.roles.includes('Negotiator');
  const also = (r: { total_open_bids: number; negotiates: boolean }) =>
    `${r.total_open_bids}|${negotiator && r.negotiates}`;
  const texts = await memoTexts(deps.recordMemo, {
    kind: 'own listing',
    keys: page.records.map((k) => ({ id: k.id, version: k.version, names: k.names, also: also(k) })),
    viewOf: () => period,
    read: async (ids) => {
      const listed = await ownRows(deps.db, ids, opts);
      const first = listed[0];
      const ofDistilleries = listed.map((r) => r.distillery_id);
      const names = first ? await distilleryNames(deps.db, deps.recordMemo, first.names, ofDistilleries) : null;
      return listed.map((row) => ({ row, name: names?.get(row.distillery_id) ?? '' }));
    },
    stampOf: ({ row }) => ({ id: row.id, version: row.version, names: row.names, also: also(row) }),
    render: ({ row, name }) => ({
      ...toListing(row, name, period, row.total_open_bids),
      can_edit: negotiator && row.negotiates,
    }),
  });
  return {
    records: new JsonRecords<OwnListingRecord>(texts, listHorizon(now.getTime())),
    totalRecords: page.totalRecords,
  };
}
type OwnListingRecord = Listing & { can_edit: boolean };

/** Market figures for the caller: the counterparty side's listings and the product's non-confidential bids. */
async function statsFor(deps: Deps, side: ListingSide, product: string) {
  const now = deps.now();
  return deps.marketCache.get(`stats|${side}|${product}`, now.getTime(), async () => {
    const s = await listingStats(deps.db, { side, product, now, period: currentPeriod(now) });
    const b = await bidStats(deps.db, product, now);
    return { avg_bid_price: b.avg, avg_offer_price: s.avg, last_bid_price: b.last, last_offer_price: s.last };
  });
}

export async function marketStats(deps: Deps, actor: Actor, product: string) {
  return statsFor(deps, otherSide(tradingSide(actor).side), product);
}

/** Whether the caller negotiates for this listing's distillery (a query only for its company's Negotiators). */
async function mayEdit(deps: Deps, actor: Actor, listing: { company_id: number; distillery_id: number }) {
  if (!actor.roles.includes('Negotiator') || listing.company_id !== actor.companyId) return false;
  const negotiates = await negotiatesFor(deps.db, actor.userId, listing.distillery_id);
  const ids = new Set(negotiates ? [listing.distillery_id] : []);
  return mayManageListing({ companyId: actor.companyId, negotiatedDistilleryIds: ids }, listing);
}

export async function get(deps: Deps, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  const now = deps.now();
  const row = await findOwnListingItem(deps.db, companyId, id, now, actor.userId);
  if (!row) throw listingNotFound();
  const stats = await statsFor(deps, otherSide(row.side), row.product);
  const listing = toListing(row, row.distillery_name, currentPeriod(now), row.total_open_bids);
  // The row says whether the caller negotiates for its distillery (mayEdit's question, without a second query).
  const negotiatedDistilleryIds = new Set(row.negotiates ? [row.distillery_id] : []);
  const canEdit = actor.roles.includes('Negotiator') && mayManageListing({ companyId, negotiatedDistilleryIds }, row);
  return { ...listing, ...stats, can_edit: canEdit };
}

/** The company's products, each with the states of the distilleries the caller negotiates for (the form's cascade). */
export async function spiritsAvailableStates(deps: Deps, actor: Actor) {
  const { companyId } = tradingSide(actor);
  const products = await companyProducts(deps.db, companyId);
  const states = [...new Set((await distilleriesNegotiatedBy(deps.db, actor.userId)).map((d) => d.state))].sort();
  return Object.fromEntries(products.sort().map((p) => [p, states]));
}

/** The ticker: the newest non-confidential negotiation entries of a product (of any product without one). */
export async function latestNegotiation(deps: Deps, actor: Actor, product?: string) {
  tradingSide(actor);
  const entries = await tickerEntries(deps.db, product || undefined);
  return entries.map((e) => ({
    state: e.state,
    product: e.product,
    price: e.price,
    quantity: e.quantity,
    type: e.company_type === 'Buyer' ? ('buyer' as const) : ('seller' as const),
    created_on: e.created_at.toISOString(),
  }));
}

export async function possible(deps: Deps, actor: Actor, q: PossibleQuery & { offer_id: number }) {
  const { companyId, side } = tradingSide(actor);
  // The order (by default a buyer's cheapest delivered offer first, a seller's highest asked price) is the
  // statement's shape: `possibleQuery`. The caller's listing is read in the page's own statement: its side is the
  // side the company trades.
  const period = currentPeriod(deps.now());
  const opts = { mine: side, mineId: q.offer_id, companyId, period, q };
  // A product's counterparties run to thousands at market scale: their count is kept for seconds like the market's
  // totals (lib/list.ts), per listing; the order does not change it.
  let mine: Promise<ListingRow | null> | undefined;
  const own = () => (mine ??= findOwnListing(deps.db, companyId, q.offer_id));
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: `possible|${companyId}|${q.offer_id}|${period}`,
    now: deps.now().getTime(),
    q,
    page: (withTotal) => listPossible(deps.db, opts, withTotal),
    countAll: async () => {
      const listing = await own();
      return listing ? countPossible(deps.db, listing, period) : 0;
    },
  });
  // No row: none to list, or no listing of the company's by that id.
  const first = page.records[0];
  if (!first && !(await own())) throw listingNotFound();
  const rated = first
    ? await keptRatings(
        deps.db,
        deps.recordMemo,
        { epoch: first.ratings, company: companyId },
        page.records.map((r) => r.distillery_id),
      )
    : null;
  const records: PossibleRecord[] = page.records.map((r) => {
    const ratings = rated?.get(r.distillery_id);
    const breakdown = landedPrice({
      offer: side === 'Offer' ? r.mine : r,
      ask: side === 'Ask' ? r.mine : r,
      price: r.price,
    });
    return {
      id: r.id,
      side: r.side,
      from_period: r.from_period,
      to_period: r.to_period,
      state: r.state,
      product: r.product,
      available_quantity: r.available_quantity,
      offer_price: r.price,
      source: (ratings?.your_review?.source as PossibleRecord['source'] | undefined) ?? 'New',
      your_rating: ratings?.your_review?.rating ?? null,
      industry_rating: ratings?.industry_rating ?? null,
      landed_price: breakdown.total,
      landed: breakdown,
      open_bid_id: r.open_bid_id ?? null,
    };
  });
  return { records, totalRecords: page.totalRecords };
}

type MarketQuery = ListQuery & { type_of_spirits?: string[]; state_names?: string[] };

type MarketRow = Pick<
  ListingRow,
  'id' | 'side' | 'product' | 'state' | 'from_period' | 'to_period' | 'available_quantity' | 'price' | 'created_at'
> & { company_name: string };

const marketItem = (r: MarketRow, own: boolean) => ({
  id: r.id,
  side: r.side,
  company: { name: own ? r.company_name : maskName(r.company_name) },
  type_of_spirit: r.product,
  state: r.state,
  state_name: r.state,
  from_period: r.from_period,
  to_period: r.to_period,
  quantity_available: r.available_quantity,
  price_per_liter: r.price,
  created_on: r.created_at.toISOString(),
});

/** The market: other companies' open listings of the side the caller trades with, names masked. */
export async function inventory(deps: Deps, actor: Actor, q: MarketQuery) {
  const { companyId, side } = tradingSide(actor);
  const period = currentPeriod(deps.now());
  const { products, states } = marketFilters(q);
  const { limit, offset } = pageOf(q);
  // A filter by product or state: planned once when walking the newest listings finds its page soon.
  const walks =
    (!!products || !!states) &&
    (await marketWalks(
      deps.db,
      { side: otherSide(side), period, products, states, rows: offset + limit },
      deps.now().getTime(),
    ));
  const opts = { side: otherSide(side), exceptCompanyId: companyId, period, q, walks };
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: totalKey('inventory', q, { side: opts.side, companyId, period: opts.period }),
    now: deps.now().getTime(),
    q,
    page: (withTotal) => listMarket(deps.db, opts, withTotal),
    countAll: () => countMarket(deps.db, opts),
  });
  // Each row carries the caller's company's open bid on it: "Bid open" instead of a second bid (issue 21 item 17).
  const records = page.records.map((r) => ({ ...marketItem(r, false), open_bid_id: r.open_bid_id ?? null }));
  return { records, totalRecords: page.totalRecords };
}

/** An item of the market, or one of the company's own listings (any state); anything else does not exist. */
export async function inventoryItem(deps: Deps, actor: Actor, id: number) {
  const { companyId, side } = tradingSide(actor);
  const row = await findListing(deps.db, id, currentPeriod(deps.now()), companyId);
  const own = row?.company_id === companyId;
  if (!row || (!own && (row.side !== otherSide(side) || !row.is_open))) throw listingNotFound();
  const now = deps.now();
  // The product's average price of its side's open listings: a market figure, kept for seconds like the others.
  const stats = await statsFor(deps, row.side, row.product);
  // The caller's company's bids on the item (the counterparty's name masked until Approved), when it has any.
  const q = { page: 1, page_size: 30, sort_order: 'asc' as const };
  const bids = row.company_bids
    ? (await listBids(deps.db, { companyId, userId: actor.userId, now, q, listingId: row.id })).records
    : [];
  const viewer = (bid: (typeof bids)[number]['bid']) => ({ companyId, side: sideOf(bid, companyId) });
  const orders = await listRecords(deps, bids, viewer, now, companyId);
  return {
    ...marketItem(row, own),
    ...feesOf(row),
    average_price: stats.avg_offer_price,
    last_traded_price: await deps.marketCache.get(`traded|${row.product}`, now.getTime(), () =>
      lastTradedPrice(deps.db, row.product),
    ),
    is_deal_locked: orders.some((o) => o.is_deal_locked && (o.status === 'New' || o.status === 'OnGoing')),
    is_own: own,
    can_edit: own && (await mayEdit(deps, actor, row)),
    orders,
  };
}
