// The bid state machine as data (DESIGN.md §4 "Bids: negotiation and approval"). The services call `decide` inside the
// transaction that locks the bid row; the web app calls `allowedActions` to decide which buttons show.
import { toMinor } from '../fees/fees.rules.js';
import type { ListingSide, ListingStatus } from '../listings/listings.constants.js';
import { periodsOverlap } from '../listings/listings.rules.js';
import {
  BID_REFUSALS,
  BID_SIDES,
  FLAG_KEYS,
  HISTORY_STATUS,
  MAX_VALIDITY_HOURS,
  NO_FLAGS,
  USER_BID_ACTIONS,
  VALIDITY_HOURS,
  VALIDITY_SKEW_MS,
  flagKey,
  otherBidSide,
  type BidAction,
  type BidFlags,
  type BidRefusalCode,
  type BidSide,
  type BidStatus,
  type BidTier,
  type FlagKey,
  type UserBidAction,
  type ValidityHours,
} from './bids.constants.js';

/** A moment as the database (Date), JSON (ISO string) or a clock (ms) gives it. */
export type Instant = Date | string | number;
/** Who acts: the tier the user holds on their side's distillery of this bid. `null`: no tier on either side. */
export type BidActor = { side: BidSide; tier: BidTier };
/** What the state machine reads of a bid. */
export type BidState = { status: BidStatus; locked: boolean; flags: BidFlags; valid_until: Instant };
export type NextState = { status: BidStatus; locked: boolean; flags: BidFlags };
export type Refusal = { ok: false; code: BidRefusalCode; message: string };
export type Decision = { ok: true; next: NextState; historyStatus: string } | Refusal;
/** Negotiators act while the terms are open; Authorizers and Approvers once the deal is locked. */
export type BidPhase = 'negotiating' | 'approving' | 'closed';

export const refusal = (code: BidRefusalCode): Refusal => ({ ok: false, code, message: BID_REFUSALS[code].message });

/** Which tiers may ever take an action; anyone else gets `bid.wrong_tier`. */
export const ACTION_TIERS = {
  place: ['negotiator'],
  counter: ['negotiator'],
  accept: ['negotiator'],
  approve: ['authorizer', 'approver'],
  reject: ['negotiator', 'authorizer', 'approver'],
} as const satisfies Record<UserBidAction, readonly BidTier[]>;
const PHASE_OF_TIER = { negotiator: 'negotiating', authorizer: 'approving', approver: 'approving' } as const;
/** A tier acting outside its phase. */
const OUT_OF_PHASE = { negotiating: 'bid.locked', approving: 'bid.not_locked' } as const;

const ms = (t: Instant) => (t instanceof Date ? t.getTime() : new Date(t).getTime());
const isOpenStatus = (status: BidStatus) => status === 'New' || status === 'OnGoing';

/** `valid_until` has passed (or is unreadable): the bid can no longer move, whatever its stored status says. */
export const isExpired = (valid_until: Instant, now: Instant) => !(ms(valid_until) > ms(now));

/** The status every read and decision uses: an open bid past its `valid_until` is Lapsed before the sweep runs. */
export function effectiveStatus(bid: Pick<BidState, 'status' | 'valid_until'>, now: Instant): BidStatus {
  return isOpenStatus(bid.status) && isExpired(bid.valid_until, now) ? 'Lapsed' : bid.status;
}
/** Open and still valid by the clock: a bid that can move, and one whose record changes when its validity passes. */
export const isBidLive = (bid: Pick<BidState, 'status' | 'valid_until'>, now: Instant) =>
  isOpenStatus(effectiveStatus(bid, now));
/** The spec's `is_bid_lapsed`. */
export const isBidLapsed = (bid: Pick<BidState, 'status' | 'valid_until'>, now: Instant) =>
  effectiveStatus(bid, now) === 'Lapsed';

/** Whose approval of a locked deal a side awaits: its Authorizer, then its Approver, then nobody. */
export function tierDue(flags: BidFlags, side: BidSide): 'authorizer' | 'approver' | null {
  if (flags[flagKey('authorizer', side)] !== true) return 'authorizer';
  if (flags[flagKey('approver', side)] !== true) return 'approver';
  return null;
}

/**
 * Why an open bid's stored state is impossible, or null. Reachable states: unlocked with exactly one negotiator flag
 * and nothing else set; locked ⇔ both negotiator flags; on each side the Approver never before the Authorizer; never
 * all six on an open bid (the sixth approval makes it Approved in the same transaction). New is never locked.
 */
export function stateDefect(bid: Pick<BidState, 'status' | 'locked' | 'flags'>): string | null {
  const { flags } = bid;
  const negotiators = BID_SIDES.filter((side) => flags[flagKey('negotiator', side)] === true).length;
  const approvals = FLAG_KEYS.filter((key) => flags[key] === true).length - negotiators;
  if (FLAG_KEYS.some((key) => flags[key] !== true && flags[key] !== null)) return 'a flag is neither true nor null';
  if (bid.locked !== (negotiators === 2)) return 'locked does not match the negotiator flags';
  if (!bid.locked) return negotiators === 1 && approvals === 0 ? null : 'open terms need exactly one negotiator flag';
  if (bid.status === 'New') return 'a New bid is never locked';
  if (BID_SIDES.some((side) => flags[flagKey('approver', side)] && !flags[flagKey('authorizer', side)]))
    return 'an Approver approved before the Authorizer';
  return approvals === 4 ? 'all six flags on an open bid' : null;
}

/** The phase an existing bid is in at `now`; `closed` for final, lapsed and impossible states. */
export function phaseOf(bid: BidState, now: Instant): BidPhase {
  if (!isBidLive(bid, now) || stateDefect(bid)) return 'closed';
  return bid.locked ? 'approving' : 'negotiating';
}

const withFlags = (flags: BidFlags, set: Partial<BidFlags>): BidFlags => ({ ...flags, ...set });
const everyFlag = (flags: BidFlags) => FLAG_KEYS.every((key) => flags[key] === true);

/** What an allowed action does to an open bid. */
function effect(action: Exclude<UserBidAction, 'place'>, bid: BidState, actor: BidActor): Decision {
  const own = flagKey(actor.tier, actor.side);
  const theirs = flagKey('negotiator', otherBidSide(actor.side));
  switch (action) {
    case 'counter': {
      const flags = withFlags(bid.flags, { [own]: true, [theirs]: null });
      return { ok: true, next: { status: 'OnGoing', locked: false, flags }, historyStatus: HISTORY_STATUS.countered };
    }
    case 'accept': {
      const flags = withFlags(bid.flags, { [own]: true });
      const locked = flags[theirs] === true;
      return { ok: true, next: { status: 'OnGoing', locked, flags }, historyStatus: HISTORY_STATUS.accepted };
    }
    case 'approve': {
      const tier = actor.tier as 'authorizer' | 'approver';
      const flags = withFlags(bid.flags, { [own]: true });
      const status = everyFlag(flags) ? 'Approved' : 'OnGoing';
      return { ok: true, next: { status, locked: true, flags }, historyStatus: HISTORY_STATUS.approved[tier] };
    }
    case 'reject': {
      const next = { status: 'Rejected' as const, locked: bid.locked, flags: { ...bid.flags } };
      return { ok: true, next, historyStatus: HISTORY_STATUS.rejected[actor.tier] };
    }
  }
}

/** Placing creates the bid: only a Negotiator, whose side's flag is set. */
function decidePlace(actor: BidActor | null): Decision {
  if (!actor) return refusal('bid.not_a_party');
  if (actor.tier !== 'negotiator') return refusal('bid.wrong_tier');
  const flags = withFlags(NO_FLAGS, { [flagKey('negotiator', actor.side)]: true });
  return { ok: true, next: { status: 'New', locked: false, flags }, historyStatus: HISTORY_STATUS.placed };
}

/**
 * The state machine: what `actor` doing `action` to `bid` at `now` leads to, or why it is refused. `bid` is null
 * only for `place`. `lapse` is the clock's action and ignores the actor. Checks run in a fixed order, so one
 * situation always answers one code: existence, final status, time, stored-state sanity, party, tier, phase, turn.
 * Not checked here: the `version` the client saw, the step-up window or captcha (`ACTION_GUARD`), quantities
 * (`quantityRefusal`) and a new `valid_until` (`validityOf`).
 */
export function decide(input: {
  bid: BidState | null;
  action: BidAction;
  actor: BidActor | null;
  now: Instant;
}): Decision {
  const { bid, action, actor, now } = input;
  if (action === 'place') return bid ? refusal('bid.already_placed') : decidePlace(actor);
  if (!bid) return refusal('bid.not_found');
  if (bid.status === 'Approved' || bid.status === 'Rejected') return refusal('bid.closed');
  if (bid.status === 'Lapsed') return refusal('bid.lapsed');
  const expired = isExpired(bid.valid_until, now);
  if (action === 'lapse') {
    if (!expired) return refusal('bid.not_lapsed');
    const next = { status: 'Lapsed' as const, locked: bid.locked, flags: { ...bid.flags } };
    return { ok: true, next, historyStatus: HISTORY_STATUS.lapsed };
  }
  if (expired) return refusal('bid.lapsed');
  if (stateDefect(bid)) return refusal('bid.inconsistent');
  if (!actor) return refusal('bid.not_a_party');
  if (!(ACTION_TIERS[action] as readonly BidTier[]).includes(actor.tier)) return refusal('bid.wrong_tier');
  const phase = bid.locked ? 'approving' : 'negotiating';
  if (PHASE_OF_TIER[actor.tier] !== phase) return refusal(OUT_OF_PHASE[PHASE_OF_TIER[actor.tier]]);
  // Only the side whose terms are not on the table accepts them; counter and reject are open to both negotiators.
  if (action === 'accept' && bid.flags[flagKey('negotiator', actor.side)] === true) return refusal('bid.wrong_side');
  if (phase === 'approving' && tierDue(bid.flags, actor.side) !== actor.tier) return refusal('bid.not_your_turn');
  return effect(action, bid, actor);
}

/** The user actions `actor` may take on `bid` now (`place` when there is no bid yet): which buttons show. */
export function allowedActions(bid: BidState | null, actor: BidActor | null, now: Instant): UserBidAction[] {
  return USER_BID_ACTIONS.filter((action) => decide({ bid, action, actor, now }).ok);
}

/**
 * Who the bid waits for: while negotiating, the Negotiator whose flag is null (the one to answer the terms on the
 * table; the other may still revise or withdraw them); on a locked deal, each side's Authorizer then Approver.
 */
export function whoseTurn(bid: BidState, now: Instant): BidActor[] {
  const phase = phaseOf(bid, now);
  if (phase === 'negotiating')
    return BID_SIDES.filter((side) => bid.flags[flagKey('negotiator', side)] !== true).map((side) => ({
      side,
      tier: 'negotiator',
    }));
  if (phase === 'approving')
    return BID_SIDES.flatMap((side) => {
      const tier = tierDue(bid.flags, side);
      return tier ? [{ side, tier }] : [];
    });
  return [];
}

/** `bidAction` carries `is_approved`: false rejects; true accepts for a Negotiator and approves for the others. */
export const actionOfBidAction = (is_approved: boolean, tier: BidTier): 'accept' | 'approve' | 'reject' =>
  !is_approved ? 'reject' : tier === 'negotiator' ? 'accept' : 'approve';

/** The six flags of a record that carries them as fields (`is_negotiator_buyer_approved`, …); only `true` is set. */
const flag = (value: boolean | null | undefined) => (value === true ? true : null);
export const pickFlags = (record: Partial<Record<FlagKey, boolean | null>>): BidFlags => {
  // Every key written out (checked complete by `satisfies`): a list picks a row's flags for each of its rows, and a
  // literal keeps the record it is spread into on V8's fast path.
  return {
    is_negotiator_buyer_approved: flag(record.is_negotiator_buyer_approved),
    is_authenticator_buyer_approved: flag(record.is_authenticator_buyer_approved),
    is_approver_buyer_approved: flag(record.is_approver_buyer_approved),
    is_negotiator_seller_approved: flag(record.is_negotiator_seller_approved),
    is_authenticator_seller_approved: flag(record.is_authenticator_seller_approved),
    is_approver_seller_approved: flag(record.is_approver_seller_approved),
  } satisfies BidFlags;
};

/** `valid_until` for a validity picked in hours: now plus the hours (spec 001 §4). */
export const validUntilOf = (hours: number, now: Instant) => new Date(ms(now) + hours * 3_600_000);

/**
 * A new `valid_until` (place, counter) stands for one of the offered validities (spec 001 §9: 4 to 48 hours in
 * steps of 4): now plus those hours, give or take `VALIDITY_SKEW_MS` for a time the client computed. Answers the
 * hours and the `valid_until` the server keeps (its own now plus the hours), or why it is refused.
 */
export function validityOf(
  valid_until: Instant,
  now: Instant,
): { ok: true; hours: ValidityHours; valid_until: Date } | Refusal {
  const until = ms(valid_until);
  if (!(until > ms(now))) return refusal('bid.validity_past');
  if (until > ms(now) + MAX_VALIDITY_HOURS * 3_600_000 + VALIDITY_SKEW_MS) return refusal('bid.validity_too_far');
  const hours = VALIDITY_HOURS.find((h) => Math.abs(until - validUntilOf(h, now).getTime()) <= VALIDITY_SKEW_MS);
  return hours ? { ok: true, hours, valid_until: validUntilOf(hours, now) } : refusal('bid.validity_not_offered');
}

type Litres = string | number;
const decilitres = (v: Litres) => toMinor(typeof v === 'number' ? v.toFixed(1) : v, 1);
/** A bid's quantity may not exceed either listing's available quantity (at placement, counter and final approval). */
export function quantityRefusal(quantity: Litres, available: readonly Litres[]): Refusal | null {
  const wanted = decilitres(quantity);
  return available.some((a) => wanted > decilitres(a)) ? refusal('bid.quantity_unavailable') : null;
}

/** What the final approval re-reads of each listing, under its lock. */
export type PairListing = {
  side: ListingSide;
  status: ListingStatus;
  company_id: number;
  product: string;
  from_period: string;
  to_period: string;
};

/**
 * The final approval's re-check of every term of the pair it joins (DESIGN.md §4 "Listing terms under a deal"),
 * after the quantity: the offer an Offer of the bid's seller and the ask an Ask of its buyer, both Open, of the
 * bid's product, their periods overlapping and neither ended. `bid.terms_changed` when anything moved.
 */
export function pairRefusal(opts: {
  bid: { product: string; seller_company_id: number; buyer_company_id: number };
  offer: PairListing;
  ask: PairListing;
  currentPeriod: string;
}): Refusal | null {
  const { bid, offer, ask } = opts;
  const holds =
    offer.side === 'Offer' &&
    ask.side === 'Ask' &&
    offer.company_id === bid.seller_company_id &&
    ask.company_id === bid.buyer_company_id &&
    [offer, ask].every((l) => l.status === 'Open' && l.product === bid.product && l.to_period >= opts.currentPeriod) &&
    periodsOverlap(offer, ask);
  return holds ? null : refusal('bid.terms_changed');
}

/** The rejection comment a bid shows: that of the first rejected history entry (spec 001 §4), any tier's wording. */
export function rejectionComment(history: readonly { status: string; comment?: string | null }[]): string | null {
  return history.find((entry) => entry.status.endsWith('Rejected'))?.comment ?? null;
}

/** What decides whether a party's user may attach a trade's sale order (DESIGN.md §4 "After the trade"). */
export type SaleOrderUploader = {
  /** The caller's company's side of the trade. */
  side: BidSide;
  status: BidStatus;
  /** The caller holds the Admin role of their company. */
  isAdmin: boolean;
  /** The caller holds a tier in the mapping of the trade's seller distillery (the offer's). */
  mappedToSellerDistillery: boolean;
};

/**
 * Why the caller may not attach the sale order, or null when they may: the seller's side only (the buyer is told
 * so), once the trade is Approved, by the seller company's Admin or a user mapped to the seller distillery.
 */
export function saleOrderRefusal(u: SaleOrderUploader): BidRefusalCode | null {
  if (u.side !== 'seller') return 'bid.sale_order_seller_only';
  if (u.status !== 'Approved') return 'bid.not_approved';
  if (!u.isAdmin && !u.mappedToSellerDistillery) return 'bid.sale_order_not_allowed';
  return null;
}
