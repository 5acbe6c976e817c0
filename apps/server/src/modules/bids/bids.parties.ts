// Who a bid's caller is: their side (their company's), the tier the mappings give them on that side's listing's
// distillery, and the bid row locked for a transition. Never from the body.
import {
  BID_REFUSALS,
  TIER_LABELS,
  companyTypeOfSide,
  type BidRefusalCode,
  type BidSide,
  type BidTier,
} from '@spirit/domain/bids/bids.constants';
import { decide, type BidActor, type Decision } from '@spirit/domain/bids/bids.rules';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { tradingSide } from '../listings/listings.service.js';
import { bidError } from './bids.errors.js';
import { bidListings, findBid, lockTransition, type BidListing, type BidRow } from './bids.repository.js';
import { sideOf } from './bids.view.js';

export function refuse(d: Decision): never {
  throw bidError((d as { code: BidRefusalCode }).code);
}

export type Pair = { offer: BidListing; ask: BidListing };

export async function pairOf(tx: Tx, bid: Pick<BidRow, 'offer_id' | 'ask_id'>): Promise<Pair> {
  const rows = await bidListings(tx, [bid.offer_id, bid.ask_id]);
  return { offer: rows.find((r) => r.id === bid.offer_id)!, ask: rows.find((r) => r.id === bid.ask_id)! };
}

/**
 * The caller's place in a bid from the tiers they hold on its offer's and its ask's distilleries: the tier on
 * their own side, or none; `bothSides` when they hold one on the other side too.
 */
export function placeFrom(side: BidSide, tiers: { offer: BidTier | null; ask: BidTier | null }) {
  const [own, other] = side === 'buyer' ? [tiers.ask, tiers.offer] : [tiers.offer, tiers.ask];
  return { actor: own ? { side, tier: own } : null, bothSides: !!other };
}

/** The state machine's answer for a same-company user it does not know as a party: not mapped, not "not found". */
export function decideFor(input: Parameters<typeof decide>[0]): Decision {
  const d = decide(input);
  if (!d.ok && d.code === 'bid.not_a_party')
    return { ...d, code: 'bid.not_mapped', message: BID_REFUSALS['bid.not_mapped'].message };
  return d;
}

/** The bid locked for a transition, and the caller's side; another company's bid does not exist for the caller. */
export async function lockForCaller(tx: Tx, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  const bid = await findBid(tx, id, true);
  const side = bid && sideOf(bid, companyId);
  if (!bid || !side) throw bidError('bid.not_found');
  return { bid, side, companyId };
}

/**
 * A transition's view of its bid in one statement (`lockTransition`): the bid locked, the caller's side, both
 * listings, the caller's place (`placeFrom`: a user holding a tier on both sides is refused as `bid.both_sides`, so
 * one person never trades with themselves), and their session's approval window. Another company's bid does
 * not exist for the caller.
 */
export async function lockForTransition(tx: Tx, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  const row = await lockTransition(tx, { id, userId: actor.userId, sessionId: actor.sessionId });
  const side = row && sideOf(row.bid, companyId);
  if (!row || !side) throw bidError('bid.not_found');
  return {
    bid: row.bid,
    side,
    companyId,
    pair: { offer: row.offer, ask: row.ask } satisfies Pair,
    place: placeFrom(side, { offer: row.offer_tier, ask: row.ask_tier }),
    approvalUntil: row.approval_until,
  };
}

/**
 * A history entry of `bid` as it stands, by `side` (its acting user and tier; none for the clock), in the state of
 * that side's listing (the bid's copy).
 */
export function historyRow(opts: {
  bid: BidRow;
  side: BidSide;
  actor: Actor | null;
  tier: BidActor['tier'] | null;
  status: string;
  comment?: string | null;
  now: Date;
}) {
  const { bid, side } = opts;
  return {
    bid_id: bid.id,
    company_type: companyTypeOfSide(side),
    user_id: opts.actor?.userId ?? null,
    role: opts.tier ? TIER_LABELS[opts.tier] : null,
    quantity: bid.quantity,
    price: bid.price,
    valid_until: bid.valid_until,
    status: opts.status,
    comment: opts.comment || null,
    product: bid.product,
    state: side === 'buyer' ? bid.buyer_state : bid.seller_state,
    is_confidential: bid.is_confidential,
    created_at: opts.now,
  };
}
