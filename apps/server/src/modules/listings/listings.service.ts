// Offers and asks (DESIGN.md §4 "Listings"): who may post and edit them, the company's lists, the market, the
// possible counterparties with their landed price. Authorization comes from the session's actor, never the body.
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { fieldErrors } from '@spirit/domain/common/validators';
import {
  FEE_FIELDS,
  LISTING_MESSAGES,
  feeFieldsOf,
  otherSide,
  sideOfCompany,
  sideOfType,
  type ListingSide,
} from '@spirit/domain/listings/listings.constants';
import {
  changedTermErrors,
  currentPeriod,
  decilitres,
  landedPrice,
  listingContextErrors,
  litresOf,
  maskName,
  mayManageListing,
  requantify,
  type ListingContext,
} from '@spirit/domain/listings/listings.rules';
import {
  listingFormSchemaOf,
  type Listing,
  type ListingForm,
  type PossibleRecord,
} from '@spirit/domain/listings/listings.schemas';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { audit, changedFields } from '../audit/audit.service.js';
import { listingEvent, publish } from '../events/events.service.js';
import { listBids } from '../bids/bids.lists.repository.js';
import { bidStats, lastTradedPrice, tickerEntries } from '../bids/bids.market.repository.js';
import { hasLiveBid } from '../bids/bids.repository.js';
import { sideOf, toListRecord } from '../bids/bids.view.js';
import { stateCities } from '../geo/geo.service.js';
import { distilleriesNegotiatedBy, mappedDistilleriesOf, negotiatesFor } from '../mappings/mappings.repository.js';
import {
  companyProducts,
  findListing,
  findOwnListing,
  findOwnListingItem,
  countMarket,
  listMarket,
  listOwnListings,
  countPossible,
  listPossible,
  listingStats,
  type ListingRow,
  type PossibleQuery,
} from './listings.repository.js';
import { listings } from './listings.table.js';

export const listingNotFound = () => notFound('listing.not_found', LISTING_MESSAGES.notFound);
export const invalid = (fields: Record<string, string>) =>
  badRequest('validation.failed', Object.values(fields)[0]!, fields);

/** The caller's company and the side it trades on. The registry admitted company roles only. */
export function tradingSide(actor: Actor): { companyId: number; side: ListingSide } {
  if (!actor.companyId || !actor.companyType) throw forbidden(LISTING_MESSAGES.noCompany, 'listing.no_company');
  return { companyId: actor.companyId, side: sideOfCompany(actor.companyType) };
}

/** The body read with the side's schema (its fees required); a `type` naming the other side is refused. */
export function readForm(side: ListingSide, body: Record<string, unknown>): ListingForm {
  if (typeof body.type === 'string' && sideOfType(body.type as 'offer' | 'ask') !== side) {
    throw invalid({ type: LISTING_MESSAGES.wrongSide });
  }
  const parsed = listingFormSchemaOf(side).safeParse(body);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

export type Context = Omit<ListingContext, 'distilleries'> & {
  distilleries: ReadonlyMap<number, { state: string; name: string }>;
};

/** What a form's choices are checked against: loaded once per call (and once per bulk upload). */
export async function loadContext(tx: Tx, actor: Actor, now: Date): Promise<Context> {
  const { companyId } = tradingSide(actor);
  // A company's read-write API key posts for any of its distilleries under a mapping (modules/apikeys).
  const mine = actor.apiKey
    ? await mappedDistilleriesOf(tx, companyId)
    : await distilleriesNegotiatedBy(tx, actor.userId);
  const products = await companyProducts(tx, companyId);
  const states = (await stateCities()).map((s) => s.state);
  return {
    distilleries: new Map(mine.map((d) => [d.id, { state: d.state, name: d.name }])),
    products: new Set(products),
    states: new Set(states),
    currentPeriod: currentPeriod(now),
  };
}

/** A form's columns: amounts as decimal strings, the other side's fees null. */
export function columnsOf(form: ListingForm, side: ListingSide) {
  const own = new Set<string>(feeFieldsOf(side));
  const fees = Object.fromEntries(
    FEE_FIELDS.map((f) => [f, own.has(f) && form[f] !== undefined ? form[f].toFixed(2) : null]),
  ) as Record<(typeof FEE_FIELDS)[number], string | null>;
  return {
    side,
    distillery_id: form.distillery_id,
    state: form.state,
    product: form.product,
    from_period: form.from_period,
    to_period: form.to_period,
    price: form.offer_price.toFixed(2),
    ...fees,
  };
}

/** The row of a new listing: all of its quantity available. */
export function newListing(opts: { form: ListingForm; side: ListingSide; actor: Actor; companyId: number; now: Date }) {
  const quantity = opts.form.offer_quantity.toFixed(1);
  return {
    ...columnsOf(opts.form, opts.side),
    company_id: opts.companyId,
    original_quantity: quantity,
    available_quantity: quantity,
    created_by: opts.actor.userId,
    updated_by: opts.actor.userId,
    created_at: opts.now,
    updated_at: opts.now,
  };
}

const feesOf = (row: ListingRow) =>
  Object.fromEntries(FEE_FIELDS.map((f) => [f, row[f]])) as Record<(typeof FEE_FIELDS)[number], string | null>;

/** A listing as the API answers it, with its open, still valid bids (`openBids`). */
export function toListing(row: ListingRow & { distillery_name: string }, period: string, openBids: number): Listing {
  return {
    id: row.id,
    side: row.side,
    status: row.status,
    is_open: row.status === 'Open' && row.to_period >= period && decilitres(row.available_quantity) > 0n,
    from_period: row.from_period,
    to_period: row.to_period,
    state: row.state,
    product: row.product,
    distillery_id: row.distillery_id,
    distillery_name: row.distillery_name,
    offer_quantity: row.original_quantity,
    available_quantity: row.available_quantity,
    offer_price: row.price,
    ...feesOf(row),
    total_open_bids: openBids,
    created_on: row.created_at.toISOString(),
    modified_on: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** What an audit entry records of a listing. */
export const audited = (row: ListingRow) => ({
  side: row.side,
  distillery_id: row.distillery_id,
  state: row.state,
  product: row.product,
  from_period: row.from_period,
  to_period: row.to_period,
  original_quantity: row.original_quantity,
  available_quantity: row.available_quantity,
  price: row.price,
  ...feesOf(row),
  status: row.status,
});

export async function list(deps: Deps, actor: Actor, q: ListQuery & { sort_by?: string }) {
  const { companyId, side } = tradingSide(actor);
  const now = deps.now();
  // Each row says whether the caller negotiates for its distillery (edits and bids from it): Negotiators only.
  const page = await listOwnListings(deps.db, { companyId, side, q, now, userId: actor.userId });
  const period = currentPeriod(now);
  const negotiator = actor.roles.includes('Negotiator');
  return {
    records: page.records.map((r) => ({
      ...toListing(r, period, r.total_open_bids),
      can_edit: negotiator && r.negotiates,
    })),
    totalRecords: page.totalRecords,
  };
}

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
  const listing = toListing(row, currentPeriod(now), row.total_open_bids);
  // The row says whether the caller negotiates for its distillery (mayEdit's question, without a second query).
  const negotiatedDistilleryIds = new Set(row.negotiates ? [row.distillery_id] : []);
  const canEdit = actor.roles.includes('Negotiator') && mayManageListing({ companyId, negotiatedDistilleryIds }, row);
  return { ...listing, ...stats, can_edit: canEdit };
}

/** The form's context checks; `existing` is the listing an edit changes (its past From Period may stay). */
function checked(form: ListingForm, ctx: Context, existing?: ListingRow) {
  const fields = listingContextErrors(form, ctx, existing);
  if (Object.keys(fields).length) throw invalid(fields);
}

export async function create(deps: Deps, actor: Actor, body: Record<string, unknown>) {
  const { companyId, side } = tradingSide(actor);
  const form = readForm(side, body);
  const now = deps.now();
  const ctx = await loadContext(deps.db, actor, now);
  checked(form, ctx);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(listings).values(newListing({ form, side, actor, companyId, now })).returning();
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'listing.created',
      objectType: 'listing',
      objectId: row!.id,
      after: audited(row!),
    });
    await publish(tx, listingEvent('listing.created', row!, { userId: actor.userId, companyId }));
    const distillery = ctx.distilleries.get(row!.distillery_id)!;
    // A new listing has no bids yet.
    return toListing({ ...row!, distillery_name: distillery.name }, ctx.currentPeriod, 0);
  });
}

/**
 * Edits a listing: its distillery's Negotiator only, at the version the client loaded (when it sends one), never
 * below the quantity approved trades took. The row is locked for the check and the write.
 */
export async function update(
  deps: Deps,
  actor: Actor,
  body: Record<string, unknown> & { id: number; version?: number },
) {
  const { companyId, side } = tradingSide(actor);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Another company's listing does not exist for the caller, whatever the body says.
    const before = await findOwnListing(tx, companyId, body.id, true);
    if (!before) throw listingNotFound();
    const form = readForm(side, body);
    const ctx = await loadContext(tx, actor, now);
    const negotiatedDistilleryIds = new Set(ctx.distilleries.keys());
    if (!mayManageListing({ companyId, negotiatedDistilleryIds }, before)) {
      throw forbidden(LISTING_MESSAGES.notNegotiator, 'listing.not_negotiator');
    }
    if (body.version !== undefined && body.version !== before.version) {
      throw conflict('listing.stale', LISTING_MESSAGES.stale);
    }
    const quantity = requantify({
      original: before.original_quantity,
      available: before.available_quantity,
      wanted: form.offer_quantity,
    });
    if ('error' in quantity)
      throw invalid({ ...listingContextErrors(form, ctx, before), offer_quantity: quantity.error });
    checked(form, ctx, before);
    // A bid joins the listing on these terms (and its approvers come from the distillery): fixed while one is open.
    // A placement share-locks the listing, so it sees either the edit or none of it.
    const terms = changedTermErrors(before, form);
    if (Object.keys(terms).length && (await hasLiveBid(tx, before, now)))
      throw conflict('listing.terms_locked', LISTING_MESSAGES.termsUnderBids, terms);
    const next = {
      ...columnsOf(form, side),
      original_quantity: form.offer_quantity.toFixed(1),
      available_quantity: litresOf(quantity.available),
      status: quantity.available > 0n ? ('Open' as const) : ('Closed' as const),
    };
    const change = changedFields(audited(before), audited({ ...before, ...next }));
    // The answer is the listing as it now stands, with the bids open on it.
    const answer = async () => {
      const item = (await findOwnListingItem(tx, companyId, before.id, now, actor.userId))!;
      return toListing(item, ctx.currentPeriod, item.total_open_bids);
    };
    if (!Object.keys(change.after).length) return answer();
    await tx
      .update(listings)
      .set({ ...next, version: sql`${listings.version} + 1`, updated_by: actor.userId, updated_at: now })
      .where(eq(listings.id, before.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'listing.updated',
      objectType: 'listing',
      objectId: before.id,
      ...change,
    });
    const type = next.status === 'Closed' ? 'listing.closed' : 'listing.changed';
    await publish(tx, listingEvent(type, { ...before, ...next }, { userId: actor.userId, companyId }));
    return answer();
  });
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
  const { companyId } = tradingSide(actor);
  const mine = await findOwnListing(deps.db, companyId, q.offer_id);
  if (!mine) throw listingNotFound();
  // The order (by default a buyer's cheapest delivered offer first, a seller's highest asked price) is the
  // statement's shape: `possibleQuery`.
  const period = currentPeriod(deps.now());
  // A product's counterparties run to thousands at market scale: their count is kept for seconds like the market's
  // totals (lib/list.ts), per listing; the order does not change it.
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: `possible|${mine.id}|${period}`,
    now: deps.now().getTime(),
    q,
    page: (withTotal) => listPossible(deps.db, { mine, period, q }, withTotal),
    countAll: () => countPossible(deps.db, mine, period),
  });
  const records: PossibleRecord[] = page.records.map((r) => {
    const breakdown = landedPrice({
      offer: mine.side === 'Offer' ? mine : r,
      ask: mine.side === 'Ask' ? mine : r,
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
      source: (r.source as PossibleRecord['source'] | null) ?? 'New',
      your_rating: r.your_rating,
      industry_rating: r.industry_rating === null ? null : Number(r.industry_rating),
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
  const opts = { side: otherSide(side), exceptCompanyId: companyId, period: currentPeriod(deps.now()), q };
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
  const row = await findListing(deps.db, id, currentPeriod(deps.now()));
  const own = row?.company_id === companyId;
  if (!row || (!own && (row.side !== otherSide(side) || !row.is_open))) throw listingNotFound();
  const now = deps.now();
  // The product's average price of its side's open listings: a market figure, kept for seconds like the others.
  const stats = await statsFor(deps, row.side, row.product);
  // The caller's company's bids on the item (the counterparty's name masked until Approved).
  const q = { page: 1, page_size: 30, sort_order: 'asc' as const };
  const bids = await listBids(deps.db, { companyId, userId: actor.userId, now, q, listingId: row.id });
  const orders = bids.records.map(({ bid, ...x }) =>
    toListRecord(bid, x, { companyId, side: sideOf(bid, companyId) }, now),
  );
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
