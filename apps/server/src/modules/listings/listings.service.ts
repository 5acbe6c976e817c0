// Offers and asks (DESIGN.md §4 "Listings"): who may post and edit them, and what a listing reads as. Authorization
// comes from the session's actor, never the body. The lists, the market and the possible counterparties are
// listings.read.ts's.
import { fieldErrors } from '@spirit/domain/common/validators';
import {
  FEE_FIELDS,
  LISTING_MESSAGES,
  feeFieldsOf,
  sideOfCompany,
  sideOfType,
  type FeeField,
  type ListingSide,
} from '@spirit/domain/listings/listings.constants';
import {
  changedTermErrors,
  currentPeriod,
  decilitres,
  listingContextErrors,
  litresOf,
  mayManageListing,
  requantify,
  type ListingContext,
} from '@spirit/domain/listings/listings.rules';
import { listingFormSchemaOf, type Listing, type ListingForm } from '@spirit/domain/listings/listings.schemas';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit, changedFields } from '../audit/audit.service.js';
import { listingEvent, publish } from '../events/events.service.js';
import { hasLiveBid } from '../bids/bids.repository.js';
import { stateCities } from '../geo/geo.service.js';
import { distilleriesNegotiatedBy, mappedDistilleriesOf } from '../mappings/mappings.repository.js';
import { companyProducts, findOwnListing, findOwnListingItem, type ListingRow } from './listings.repository.js';
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

/**
 * A listing's or a bid's eight fees, every key written out: spread into a record from `Object.fromEntries`, they
 * left V8 adding each later key of the record the slow way (docs/decisions.md "Records written out").
 */
export const feesOf = (row: Record<FeeField, string | null>) =>
  ({
    export_pass_fee: row.export_pass_fee,
    sales_tax: row.sales_tax,
    import_pass_fee: row.import_pass_fee,
    transit_permit_fee: row.transit_permit_fee,
    escort_fee: row.escort_fee,
    corporation_fee: row.corporation_fee,
    misc_handling: row.misc_handling,
    transportation: row.transportation,
  }) satisfies Record<FeeField, string | null>;

/** A listing as the API answers it, with its open, still valid bids (`openBids`). */
export function toListing(row: ListingRow, distilleryName: string, period: string, openBids: number): Listing {
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
    distillery_name: distilleryName,
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
    return toListing(row!, distillery.name, ctx.currentPeriod, 0);
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
      return toListing(item, item.distillery_name, ctx.currentPeriod, item.total_open_bids);
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
