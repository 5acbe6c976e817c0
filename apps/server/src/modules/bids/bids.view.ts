// What a caller sees of a bid. Privacy is decided here, once, for every response shape: the counterparty's company
// and distillery names are masked and its ids withheld until the bid is Approved (DESIGN.md §4), and the names of
// the counterparty's users never leave the server before then.
import {
  BID_SIDES,
  TIER_LABELS,
  type BidSide,
  type BidStatus,
  type UserBidAction,
} from '@spirit/domain/bids/bids.constants';
import {
  allowedActions,
  effectiveStatus,
  pickFlags,
  rejectionComment,
  whoseTurn,
  type BidActor,
  type BidState,
} from '@spirit/domain/bids/bids.rules';
import type { BidDetail, BidHistoryEntry, BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { fileUrlOf } from '@spirit/domain/files/files.constants';
import { maskName } from '@spirit/domain/listings/listings.rules';
import type { RATING_SOURCES } from '@spirit/domain/listings/listings.schemas';
import { bidLandedTotal } from '@spirit/domain/bids/bids.price';
import type { BidHistoryEntryRow, DetailAsk, DetailOffer } from './bids.detail.repository.js';
import type { BidListBid, BidPricing } from './bids.lists.columns.js';
import { feesOf } from '../listings/listings.service.js';
import type { DistilleryRatings } from '../ratings/rating-memo.js';
import type { BidRow } from './bids.repository.js';

/**
 * Who reads: the caller's company and its side of this bid (null: not a party, e.g. the market list); `platform`
 * for the SuperAdmin, who reads approved trades only and sees them as the two parties do.
 */
export type Viewer = { companyId: number | null; side: BidSide | null; platform?: boolean };

export const sideOf = (
  bid: Pick<BidRow, 'buyer_company_id' | 'seller_company_id'>,
  companyId: number,
): BidSide | null =>
  bid.buyer_company_id === companyId ? 'buyer' : bid.seller_company_id === companyId ? 'seller' : null;

export const stateOf = (bid: BidRow): BidState => ({
  status: bid.status,
  locked: bid.locked,
  flags: pickFlags(bid),
  valid_until: bid.valid_until,
});

/**
 * Whether `viewer` may read the clear name of `side`'s company: its own, or either once the trade is Approved (for
 * the two parties and the platform).
 */
const clear = (viewer: Viewer, side: BidSide, status: BidStatus) =>
  viewer.side === side || ((viewer.side !== null || !!viewer.platform) && status === 'Approved');
const named = (viewer: Viewer, side: BidSide, status: BidStatus, name: string) =>
  clear(viewer, side, status) ? name : maskName(name);

/*
 * The records below are object literals with every key written out, not built from key lists: a record spread
 * into a literal from `Object.fromEntries` left V8 adding each later key the slow way (a bid's detail took 85 µs to
 * build, 20 µs written out; docs/decisions.md "Records written out"). The flags are the domain's `pickFlags`.
 */
const source = (s: string | null) => (s ?? 'New') as (typeof RATING_SOURCES)[number];

type ListExtras = {
  offer_state: string;
  ask_state: string;
  /** The listings' live figures: null on the tracked trades, which read no listing. */
  offer_available: string | null;
  ask_available: string | null;
  offer_price: string | null;
  ask_price: string | null;
  /** Present on the lists that price their rows (`final_price`). */
  terms?: BidPricing;
};

type PairStates = { seller_state: unknown; buyer_state: unknown };
type PairSide = { available_quantity: unknown; price: unknown };

/**
 * What a list row carries of the bid's two listings, from either their columns (the lists' select) or their rows
 * (the detail): one place names them for both. Their states are the bid's copies (migration 0036), what a trade was
 * made between even if a listing moves later.
 */
export const pairFields = <B extends PairStates, O extends PairSide, A extends PairSide>(
  bid: B,
  offer: O,
  ask: A,
): {
  offer_state: B['seller_state'];
  ask_state: B['buyer_state'];
  offer_available: O['available_quantity'];
  ask_available: A['available_quantity'];
  offer_price: O['price'];
  ask_price: A['price'];
} => ({
  offer_state: bid.seller_state,
  ask_state: bid.buyer_state,
  offer_available: offer.available_quantity,
  ask_available: ask.available_quantity,
  offer_price: offer.price,
  ask_price: ask.price,
});

const priced = (bid: Pick<BidListBid, 'price'>, terms: BidPricing) =>
  bidLandedTotal({
    bid: { ...terms, price: bid.price },
    offer: { sales_tax: terms.offer_sales_tax, export_pass_fee: terms.offer_export_pass_fee },
  });

/**
 * What every list row shows of a bid's parties (`toListRecord`, dashboards.service.ts): its effective status, the
 * counterparty's state for a party (the seller's otherwise), and both names, masked until the trade.
 */
export function partiesView(
  bid: Pick<BidListBid, 'status' | 'valid_until'>,
  x: Pick<ListExtras, 'offer_state' | 'ask_state'>,
  names: PartyNames,
  viewer: Viewer,
  now: Date,
) {
  const status = effectiveStatus(bid, now);
  return {
    status,
    state: viewer.side === 'seller' ? x.ask_state : x.offer_state,
    buyer_company_name: named(viewer, 'buyer', status, names.buyer),
    seller_company_name: named(viewer, 'seller', status, names.seller),
  };
}

/**
 * The two parties' shown names, unmasked: a list's from the names memo (companies/company-names.ts), a kept record's
 * and a detail's from their own statement. Apart from the row, so a list names its rows without copying them.
 */
export type PartyNames = { buyer: string; seller: string };

/**
 * A list's record with the ratings of its counterparty's distillery for the caller's company, or `null` where the
 * list shows none (all three rating columns then read null).
 */
export function toListRecord(
  bid: BidListBid,
  x: ListExtras,
  names: PartyNames,
  viewer: Viewer,
  now: Date,
  ratings: DistilleryRatings | null,
): BidListRecord {
  const { status, state, buyer_company_name, seller_company_name } = partiesView(bid, x, names, viewer, now);
  return {
    id: bid.id,
    version: bid.version,
    status,
    is_bid_lapsed: status === 'Lapsed',
    is_deal_locked: bid.locked,
    is_bid_confidential: bid.is_confidential,
    product: bid.product,
    // The counterparty's state for a party; the seller's (where the goods are) for the market.
    state,
    quantity: bid.quantity,
    price: bid.price,
    valid_until: bid.valid_until.toISOString(),
    offer_id: bid.offer_id,
    ask_id: bid.ask_id,
    offer_available_quantity: x.offer_available,
    ask_available_quantity: x.ask_available,
    offer_price: x.offer_price,
    ask_price: x.ask_price,
    bid_placed_by: bid.placed_by,
    viewer_side: viewer.side,
    buyer_company_name,
    seller_company_name,
    buyer_company_state: x.ask_state,
    seller_company_state: x.offer_state,
    source: ratings ? source(ratings.your_review?.source ?? null) : null,
    your_rating: ratings?.your_review?.rating ?? null,
    industry_rating: ratings?.industry_rating ?? null,
    trade_reference_number: bid.trade_reference,
    final_price: x.terms ? priced(bid, x.terms) : null,
    ...pickFlags(bid),
    created_on: bid.created_at.toISOString(),
    modified_on: bid.updated_at.toISOString(),
  };
}

type History = BidHistoryEntryRow[];

function historyEntries(history: History, viewer: Viewer, status: BidStatus): BidHistoryEntry[] {
  return history.map((h) => {
    const side: BidSide = h.company_type === 'Buyer' ? 'buyer' : 'seller';
    return {
      company_type: h.company_type,
      user: h.user_name && clear(viewer, side, status) ? h.user_name : null,
      role: h.role,
      quantity: h.quantity,
      price: h.price,
      valid_until: h.valid_until.toISOString(),
      status: h.status,
      comment: h.comment,
      created_on: h.created_at.toISOString(),
    };
  });
}

export function toDetail(opts: {
  bid: BidRow;
  offer: DetailOffer;
  ask: DetailAsk;
  history: History;
  viewer: Viewer;
  actor: BidActor | null;
  ratings: DistilleryRatings;
  canUploadSaleOrder: boolean;
  now: Date;
}): BidDetail {
  const { bid, offer, ask, viewer, actor, now } = opts;
  const status = effectiveStatus(bid, now);
  const record = toListRecord(
    bid,
    pairFields(bid, offer, ask),
    { buyer: ask.company_name, seller: offer.company_name },
    viewer,
    now,
    opts.ratings,
  );
  const seen = (side: BidSide) => clear(viewer, side, status);
  const negotiations = historyEntries(opts.history, viewer, status);
  const fees = bid.trade_reference ? feesSeenBy(bid, viewer) : null;
  const allowed: UserBidAction[] = allowedActions(stateOf(bid), actor, now);
  // The list's record, grown into the detail: spread into a new literal, V8 added each key after it the slow way.
  return Object.assign(record, {
    source: source(opts.ratings.your_review?.source ?? null),
    // The detail always reads both listings (the record types them nullable for the tracked lists).
    offer_available_quantity: offer.available_quantity,
    ask_available_quantity: ask.available_quantity,
    offer_price: offer.price,
    ask_price: ask.price,
    ...feesOf(bid),
    final_price: bidLandedTotal({ bid, offer }),
    comment: rejectionComment(negotiations),
    buyer_company_id: seen('buyer') ? bid.buyer_company_id : null,
    seller_company_id: seen('seller') ? bid.seller_company_id : null,
    // The goods go from the seller's distillery to the buyer's.
    from_distillery_id: seen('seller') ? offer.distillery_id : null,
    to_distillery_id: seen('buyer') ? ask.distillery_id : null,
    from_distillery_name: seen('seller') ? offer.distillery_name : maskName(offer.distillery_name),
    to_distillery_name: seen('buyer') ? ask.distillery_name : maskName(ask.distillery_name),
    negotiations,
    actor,
    allowed_actions: allowed,
    waiting_for: whoseTurn(stateOf(bid), now),
    fees,
    sell_order: bid.sell_order_file_id ? fileUrlOf(bid.sell_order_file_id) : null,
    can_upload_sale_order: opts.canUploadSaleOrder,
  });
}

/** A side's snapshotted service fee rates, as the detail carries them (a missing part left out). */
const sideFees = (bid: BidRow, side: BidSide) => ({
  [`${side}_commission_amount`]: bid[`${side}_commission_amount`] ?? undefined,
  [`${side}_state_gst`]: bid[`${side}_state_gst`] ?? undefined,
  [`${side}_central_gst`]: bid[`${side}_central_gst`] ?? undefined,
});

/** Fee privacy (DESIGN.md §4 "After the trade"): a company reads its own side's rates only, the platform both. */
function feesSeenBy(bid: BidRow, viewer: Viewer): NonNullable<BidDetail['fees']> {
  const sides = BID_SIDES.filter((side) => viewer.platform || viewer.side === side);
  return Object.assign({}, ...sides.map((side) => sideFees(bid, side))) as NonNullable<BidDetail['fees']>;
}

export const tierLabel = (actor: BidActor) => TIER_LABELS[actor.tier];
