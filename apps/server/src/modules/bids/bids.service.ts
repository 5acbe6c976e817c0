// Bids (DESIGN.md §4 "Bids: negotiation and approval"): every transition is one transaction that locks the bid row,
// checks the version the client saw, asks the state machine (`decide`), writes the bid, a history entry and an audit
// entry. The sixth approval also settles the trade (bids.settle.ts): both listings locked (lower id first), their
// quantity re-checked and committed, the trade reference issued and both sides' fees fixed. Who acts comes from the
// session and the mappings, never the body.
import {
  DEFAULT_VALIDITY_HOURS,
  companyTypeOfSide,
  type BidAction,
  type BidSide,
} from '@spirit/domain/bids/bids.constants';
import { actionOfBidAction, decide, quantityRefusal, validUntilOf, validityOf } from '@spirit/domain/bids/bids.rules';
import type { BidActionBody, CreateBid, NegotiateBid } from '@spirit/domain/bids/bids.schemas';
import { FEE_FIELDS } from '@spirit/domain/listings/listings.constants';
import { currentPeriod, periodsOverlap } from '@spirit/domain/listings/listings.rules';
import type { Actor } from '../../lib/actor.js';
import { insertTogether } from '../../db/together.js';
import { onUniqueViolation } from '../../lib/db-errors.js';
import type { Deps } from '../../types.js';
import { auditRows } from '../audit/audit.service.js';
import { bidEvent, eventRows } from '../events/events.service.js';
import { issueTradeInvoices } from '../invoices/invoices.service.js';
import { listingNotFound, tradingSide } from '../listings/listings.service.js';
import { bidError } from './bids.errors.js';
import { lapseRows } from './bids.lapse.js';
import { decideFor, historyRow, lockForTransition, refuse, type Pair } from './bids.parties.js';
import { detailFor } from './bids.read.js';
import { settle } from './bids.settle.js';
import {
  historyRows,
  lockOpenPair,
  shareLockBidListings,
  tiersOn,
  insertBid,
  writeBid,
  type BidListing,
  type BidRow,
} from './bids.repository.js';
import { stateOf } from './bids.view.js';

const feeColumns = (input: Partial<Record<(typeof FEE_FIELDS)[number], number>>) =>
  Object.fromEntries(FEE_FIELDS.map((f) => [f, input[f] === undefined ? null : input[f].toFixed(2)])) as Record<
    (typeof FEE_FIELDS)[number],
    string | null
  >;

const audited = (bid: BidRow) => ({
  status: bid.status,
  locked: bid.locked,
  quantity: bid.quantity,
  price: bid.price,
  valid_until: bid.valid_until.toISOString(),
  version: bid.version,
  flags: stateOf(bid).flags,
  trade_reference: bid.trade_reference,
});

// --- Place ----------------------------------------------------------------------------------------------------------

type PlaceInput = Omit<CreateBid, 'valid_until' | 'captcha'> & { valid_until?: Date; captcha: string };

export async function place(deps: Deps, actor: Actor, input: PlaceInput) {
  const { companyId, side: ownSide } = tradingSide(actor);
  await deps.captcha.verify(input.captcha);
  const now = deps.now();
  const validity = validityOf(input.valid_until ?? validUntilOf(DEFAULT_VALIDITY_HOURS, now), now);
  const period = currentPeriod(now);
  // Two placements racing for the same pair of listings: the second meets the open-pair index.
  return onUniqueViolation(
    deps.db.transaction(async (tx) => {
      // Locks in the final approval's order: the pair's open bid (if any), then both listings shared, so an edit of
      // either listing waits for this placement or this placement sees the edit, and no approval waits in a cycle.
      const { my_offer_id: mineId, counterparty_listing_id: otherId } = input;
      const existing = await (ownSide === 'Offer'
        ? lockOpenPair(tx, mineId, otherId)
        : lockOpenPair(tx, otherId, mineId));
      const rows = await shareLockBidListings(tx, [mineId, otherId]);
      const mine = rows.find((r) => r.id === input.my_offer_id && r.company_id === companyId);
      const other = rows.find((r) => r.id === input.counterparty_listing_id);
      if (!mine || !other) throw listingNotFound();
      if (other.company_id === companyId) throw bidError('bid.own_company');
      const open = (l: BidListing) => l.company_approved && l.status === 'Open' && l.to_period >= period;
      // A closed listing is not in the market: it does not exist for another company.
      if (!open(other)) throw listingNotFound();
      if (
        mine.side !== ownSide ||
        other.side === mine.side ||
        other.product !== mine.product ||
        !periodsOverlap(mine, other) ||
        !open(mine)
      )
        throw bidError('bid.not_counterparty');
      const side: BidSide = mine.side === 'Ask' ? 'buyer' : 'seller';
      const pair: Pair = side === 'buyer' ? { offer: other, ask: mine } : { offer: mine, ask: other };
      const tiers = await tiersOn(tx, actor.userId, [mine.distillery_id, other.distillery_id]);
      if (tiers.has(other.distillery_id)) throw bidError('bid.both_sides');
      if (tiers.get(mine.distillery_id) !== 'negotiator') throw bidError('bid.not_mapped');
      const decision = decide({ bid: null, action: 'place', actor: { side, tier: 'negotiator' }, now });
      if (!decision.ok) refuse(decision);
      if (input.is_bid_confidential && !mine.company_is_premium) throw bidError('bid.confidential_not_allowed');
      if (!validity.ok) refuse(validity);
      const quantity = quantityRefusal(input.quantity, [pair.offer.available_quantity, pair.ask.available_quantity]);
      if (quantity) refuse(quantity);
      if (existing && existing.valid_until > now) throw bidError('bid.duplicate');
      if (existing) await lapseRows(tx, [existing], now);
      const bid = await insertBid(tx, {
        offer_id: pair.offer.id,
        ask_id: pair.ask.id,
        seller_company_id: pair.offer.company_id,
        buyer_company_id: pair.ask.company_id,
        seller_distillery_id: pair.offer.distillery_id,
        buyer_distillery_id: pair.ask.distillery_id,
        seller_state: pair.offer.state,
        buyer_state: pair.ask.state,
        product: mine.product,
        placed_by: companyTypeOfSide(side),
        quantity: input.quantity.toFixed(1),
        price: input.price.toFixed(2),
        valid_until: validity.valid_until,
        ...feeColumns(input),
        comment: input.comment ?? '',
        is_confidential: !!input.is_bid_confidential,
        ...decision.next.flags,
        locked: decision.next.locked,
        status: decision.next.status,
        created_by: actor.userId,
        updated_by: actor.userId,
        created_at: now,
        updated_at: now,
      });
      // The history, audit and event rows in one round trip.
      const history = historyRow({
        bid,
        side,
        actor,
        tier: 'negotiator',
        status: decision.historyStatus,
        comment: input.comment,
        now,
      });
      const entry = { actorUserId: actor.userId, companyId, objectType: 'bid', objectId: bid.id };
      await insertTogether(tx, [
        historyRows([history]),
        auditRows([{ ...entry, action: 'bid.placed', after: audited(bid) }]),
        eventRows([bidEvent('bid.placed', bid, { userId: actor.userId, companyId }, { side, tier: 'negotiator' })]),
      ]);
      return detailFor(tx, deps.recordMemo, actor, bid.id, { companyId, now });
    }),
    { bids_open_pair_idx: () => bidError('bid.duplicate') },
  );
}

// --- Transitions on an existing bid -----------------------------------------------------------------------------

type Transition = {
  action: Exclude<BidAction, 'place' | 'lapse'>;
  version: number;
  comment?: string;
  /** counter: the new terms. */
  terms?: Omit<NegotiateBid, 'bid_id' | 'version' | 'captcha' | 'my_offer_id' | 'valid_until'> & { valid_until?: Date };
};

/** The audit entry's and the event's name of each transition (the last approval's is `bid.traded`). */
const AUDIT_ACTION = {
  counter: 'bid.countered',
  accept: 'bid.accepted',
  approve: 'bid.approved',
  reject: 'bid.rejected',
} as const;

async function transition(deps: Deps, actor: Actor, bidId: number, t: Transition) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { bid, side, companyId, pair, place, approvalUntil } = await lockForTransition(tx, actor, bidId);
    if (bid.version !== t.version) throw bidError('bid.stale');
    if (place.bothSides) throw bidError('bid.both_sides');
    const bidActor = place.actor;
    const action: Transition['action'] =
      t.action === 'accept' || t.action === 'approve'
        ? actionOfBidAction(true, bidActor?.tier ?? 'negotiator')
        : t.action;
    const decision = decideFor({ bid: stateOf(bid), action, actor: bidActor, now });
    if (!decision.ok) return refuse(decision);
    // The window is read with the bid, fresh in this transaction, never from the cached caller (bids.step-up.ts).
    if (action !== 'counter' && !(approvalUntil && approvalUntil > now)) throw bidError('bid.step_up_required');
    let terms = t.terms;
    if (terms) {
      // A new validity is kept as the server's now plus the hours the client chose; none keeps the bid's deadline
      // (still ahead: `decide` refused a lapsed bid).
      let valid_until = bid.valid_until;
      if (terms.valid_until) {
        const validity = validityOf(terms.valid_until, now);
        if (!validity.ok) return refuse(validity);
        valid_until = validity.valid_until;
      }
      terms = { ...terms, valid_until };
      const q = quantityRefusal(terms.quantity, [pair.offer.available_quantity, pair.ask.available_quantity]);
      if (q) refuse(q);
    }
    const next = decision.next;
    const settled = next.status === 'Approved' ? await settle(deps, tx, bid, actor, now) : {};
    const after = await writeBid(tx, bid.id, {
      ...(terms
        ? {
            quantity: terms.quantity.toFixed(1),
            price: terms.price.toFixed(2),
            valid_until: terms.valid_until ?? bid.valid_until,
            ...feeColumns(terms),
            comment: terms.comment,
          }
        : {}),
      ...next.flags,
      locked: next.locked,
      status: next.status,
      ...settled,
      updated_by: actor.userId,
      updated_at: now,
    });
    const history = historyRow({
      bid: after,
      side,
      actor,
      tier: bidActor!.tier,
      status: decision.historyStatus,
      comment: t.comment ?? terms?.comment,
      now,
    });
    const type = next.status === 'Approved' ? 'bid.traded' : AUDIT_ACTION[action];
    const entry = { actorUserId: actor.userId, companyId, objectType: 'bid', objectId: bid.id };
    // The history, audit and event rows in one round trip.
    await insertTogether(tx, [
      historyRows([history]),
      auditRows([{ ...entry, action: type, before: audited(bid), after: audited(after) }]),
      eventRows([bidEvent(type, after, { userId: actor.userId, companyId }, { side, tier: bidActor!.tier })]),
    ]);
    const detail = await detailFor(tx, deps.recordMemo, actor, after.id, { companyId, now });
    // The invoices last: their serials keep the counter row locked until commit, and every final approval on the
    // platform waits for that row, so nothing else runs between taking them and committing.
    if (next.status === 'Approved')
      await issueTradeInvoices(deps, tx, { trade: after, actorUserId: actor.userId, now });
    return detail;
  });
}

type NegotiateInput = Omit<NegotiateBid, 'valid_until'> & { valid_until?: Date };

export async function negotiate(deps: Deps, actor: Actor, input: NegotiateInput) {
  tradingSide(actor);
  await deps.captcha.verify(input.captcha);
  const { bid_id, version, captcha: _c, my_offer_id: _m, ...terms } = input;
  return transition(deps, actor, bid_id, { action: 'counter', version, terms });
}

export async function act(
  deps: Deps,
  actor: Actor,
  input: Pick<BidActionBody, 'bid_id' | 'is_approved' | 'comment' | 'version'>,
) {
  return transition(deps, actor, input.bid_id, {
    action: input.is_approved ? 'approve' : 'reject',
    version: input.version,
    comment: input.comment,
  });
}
