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
import { bidListings, findBid, tiersOn, type BidListing, type BidRow } from './bids.repository.js';
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

/**
 * The caller's place in a bid: the tier the mappings give them on their side's listing's distillery. A user who holds
 * a tier on both listings' distilleries is refused outright (`bid.both_sides`); the service never lets one person
 * trade with themselves, even if the mappings were ever to allow it.
 */
export async function actorOn(tx: Tx, actor: Actor, side: BidSide, pair: Pair): Promise<BidActor | null> {
  const tiers = await tiersOn(tx, actor.userId, [pair.offer.distillery_id, pair.ask.distillery_id]);
  const place = placeFrom(side, {
    offer: tiers.get(pair.offer.distillery_id) ?? null,
    ask: tiers.get(pair.ask.distillery_id) ?? null,
  });
  if (place.bothSides) throw bidError('bid.both_sides');
  return place.actor;
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

/** A history entry of `bid` as it stands, by `side` (its acting user and tier; none for the clock). */
export function historyRow(opts: {
  bid: BidRow;
  states: { offer: string; ask: string };
  side: BidSide;
  actor: Actor | null;
  tier: BidActor['tier'] | null;
  status: string;
  comment?: string | null;
  now: Date;
}) {
  const { bid, states, side } = opts;
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
    state: side === 'buyer' ? states.ask : states.offer,
    is_confidential: bid.is_confidential,
    created_at: opts.now,
  };
}
