// Bids (DESIGN.md §4 "Bids: negotiation and approval"): every transition is one transaction that locks the bid row,
// checks the version the client saw, asks the state machine (`decide`), writes the bid, a history entry and an audit
// entry. The sixth approval also locks both listings (lower id first), re-checks and commits their quantity, issues
// the trade reference and fixes both sides' fees. Who acts comes from the session and the mappings, never the body.
import {
  BID_REFUSALS,
  DEFAULT_VALIDITY_HOURS,
  TIER_LABELS,
  companyTypeOfSide,
  otherBidSide,
  type BidAction,
  type BidRefusalCode,
  type BidSide,
} from '@spirit/domain/bids/bids.constants';
import {
  actionOfBidAction,
  decide,
  quantityRefusal,
  validUntilOf,
  validUntilRefusal,
  type BidActor,
  type Decision,
} from '@spirit/domain/bids/bids.rules';
import type { BidActionBody, CreateBid, GetAllBids, NegotiateBid } from '@spirit/domain/bids/bids.schemas';
import { FEE_FIELDS } from '@spirit/domain/listings/listings.constants';
import { currentPeriod, decilitres, litresOf, periodsOverlap } from '@spirit/domain/listings/listings.rules';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { onUniqueViolation } from '../../lib/db-errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { applicableRate } from '../fees/fees.service.js';
import { listingNotFound, tradingSide } from '../listings/listings.service.js';
import { findOwnListing } from '../listings/listings.repository.js';
import { listings } from '../listings/listings.table.js';
import {
  bidListings,
  findBid,
  historyOf,
  insertHistory,
  listBids,
  lockExpired,
  lockListing,
  lockOpenPair,
  nextTradeNumber,
  ratingsOf,
  tiersOn,
  type BidListing,
  type BidRow,
} from './bids.repository.js';
import { bids } from './bids.table.js';
import { sideOf, stateOf, toDetail, toListRecord, type Viewer } from './bids.view.js';
import { bidError } from './bids.errors.js';
import { approvalWindowOpen } from './bids.step-up.js';

function refuse(d: Decision): never {
  throw bidError((d as { code: BidRefusalCode }).code);
}

type Pair = { offer: BidListing; ask: BidListing };

async function pairOf(tx: Tx, bid: Pick<BidRow, 'offer_id' | 'ask_id'>): Promise<Pair> {
  const rows = await bidListings(tx, [bid.offer_id, bid.ask_id]);
  return { offer: rows.find((r) => r.id === bid.offer_id)!, ask: rows.find((r) => r.id === bid.ask_id)! };
}

/**
 * The caller's place in a bid: the tier the mappings give them on their side's distillery. A user who holds a tier
 * on both listings' distilleries is refused outright (`bid.both_sides`); the service never lets one person trade
 * with themselves, even if the mappings were ever to allow it.
 */
async function actorOn(tx: Tx, actor: Actor, side: BidSide, pair: Pair): Promise<BidActor | null> {
  const own = side === 'buyer' ? pair.ask : pair.offer;
  const other = side === 'buyer' ? pair.offer : pair.ask;
  const tiers = await tiersOn(tx, actor.userId, [own.distillery_id, other.distillery_id]);
  if (tiers.has(other.distillery_id)) throw bidError('bid.both_sides');
  const tier = tiers.get(own.distillery_id);
  return tier ? { side, tier } : null;
}

/** The state machine's answer for a same-company user it does not know as a party: not mapped, not "not found". */
function decideFor(input: Parameters<typeof decide>[0]): Decision {
  const d = decide(input);
  if (!d.ok && d.code === 'bid.not_a_party')
    return { ...d, code: 'bid.not_mapped', message: BID_REFUSALS['bid.not_mapped'].message };
  return d;
}

/** The bid locked for a transition, and the caller's side; another company's bid does not exist for the caller. */
async function lockForCaller(tx: Tx, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  const bid = await findBid(tx, id, true);
  const side = bid && sideOf(bid, companyId);
  if (!bid || !side) throw bidError('bid.not_found');
  return { bid, side, companyId };
}

const feeColumns = (input: Partial<Record<(typeof FEE_FIELDS)[number], number>>) =>
  Object.fromEntries(FEE_FIELDS.map((f) => [f, input[f] === undefined ? null : input[f].toFixed(2)])) as Record<
    (typeof FEE_FIELDS)[number],
    string | null
  >;

function historyRow(opts: {
  bid: BidRow;
  pair: Pair;
  side: BidSide;
  actor: Actor | null;
  tier: BidActor['tier'] | null;
  status: string;
  comment?: string | null;
  now: Date;
}) {
  const { bid, pair, side } = opts;
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
    state: (side === 'buyer' ? pair.ask : pair.offer).state,
    is_confidential: bid.is_confidential,
    created_at: opts.now,
  };
}

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

/** The detail of a bid for a party, read in `tx` (after a transition, the transition's own view). */
async function detailFor(tx: Tx, actor: Actor, bid: BidRow, side: BidSide, companyId: number, now: Date) {
  const pair = await pairOf(tx, bid);
  const bidActor = await actorOn(tx, actor, side, pair).catch(() => null);
  const history = await historyOf(tx, bid.id);
  const counterparty = side === 'buyer' ? pair.offer : pair.ask;
  const ratings = await ratingsOf(tx, companyId, counterparty.distillery_id);
  const viewer: Viewer = { companyId, side };
  return toDetail({ bid, ...pair, history, viewer, actor: bidActor, ratings, now });
}

// --- Place ----------------------------------------------------------------------------------------------------------

type PlaceInput = Omit<CreateBid, 'valid_until' | 'captcha'> & { valid_until?: Date; captcha: string };

export async function place(deps: Deps, actor: Actor, input: PlaceInput) {
  const { companyId } = tradingSide(actor);
  await deps.captcha.verify(input.captcha);
  const now = deps.now();
  const validUntil = input.valid_until ?? validUntilOf(DEFAULT_VALIDITY_HOURS, now);
  const period = currentPeriod(now);
  // Two placements racing for the same pair of listings: the second meets the open-pair index.
  return onUniqueViolation(
    deps.db.transaction(async (tx) => {
      const rows = await bidListings(tx, [input.my_offer_id, input.counterparty_listing_id]);
      const mine = rows.find((r) => r.id === input.my_offer_id && r.company_id === companyId);
      const other = rows.find((r) => r.id === input.counterparty_listing_id);
      if (!mine || !other) throw listingNotFound();
      if (other.company_id === companyId) throw bidError('bid.own_company');
      const open = (l: BidListing) => l.company_approved && l.status === 'Open' && l.to_period >= period;
      // A closed listing is not in the market: it does not exist for another company.
      if (!open(other)) throw listingNotFound();
      if (other.side === mine.side || other.product !== mine.product || !periodsOverlap(mine, other) || !open(mine))
        throw bidError('bid.not_counterparty');
      const side: BidSide = mine.side === 'Ask' ? 'buyer' : 'seller';
      const pair: Pair = side === 'buyer' ? { offer: other, ask: mine } : { offer: mine, ask: other };
      const tiers = await tiersOn(tx, actor.userId, [mine.distillery_id, other.distillery_id]);
      if (tiers.has(other.distillery_id)) throw bidError('bid.both_sides');
      if (tiers.get(mine.distillery_id) !== 'negotiator') throw bidError('bid.not_mapped');
      const decision = decide({ bid: null, action: 'place', actor: { side, tier: 'negotiator' }, now });
      if (!decision.ok) refuse(decision);
      if (input.is_bid_confidential && !mine.company_is_premium) throw bidError('bid.confidential_not_allowed');
      const validity = validUntilRefusal(validUntil, now);
      if (validity) refuse(validity);
      const quantity = quantityRefusal(input.quantity, [pair.offer.available_quantity, pair.ask.available_quantity]);
      if (quantity) refuse(quantity);
      const existing = await lockOpenPair(tx, pair.offer.id, pair.ask.id);
      if (existing && existing.valid_until > now) throw bidError('bid.duplicate');
      if (existing)
        await lapseRows(tx, [{ bid: existing, offer_state: pair.offer.state, ask_state: pair.ask.state }], now);
      const [row] = await tx
        .insert(bids)
        .values({
          offer_id: pair.offer.id,
          ask_id: pair.ask.id,
          seller_company_id: pair.offer.company_id,
          buyer_company_id: pair.ask.company_id,
          product: mine.product,
          placed_by: companyTypeOfSide(side),
          quantity: input.quantity.toFixed(1),
          price: input.price.toFixed(2),
          valid_until: validUntil,
          ...feeColumns(input),
          comment: input.comment,
          is_confidential: !!input.is_bid_confidential,
          ...decision.next.flags,
          locked: decision.next.locked,
          status: decision.next.status,
          created_by: actor.userId,
          updated_by: actor.userId,
          created_at: now,
          updated_at: now,
        })
        .returning();
      const bid = row!;
      await insertHistory(tx, [
        historyRow({
          bid,
          pair,
          side,
          actor,
          tier: 'negotiator',
          status: decision.historyStatus,
          comment: input.comment,
          now,
        }),
      ]);
      await audit(tx, {
        actorUserId: actor.userId,
        companyId,
        action: 'bid.placed',
        objectType: 'bid',
        objectId: bid.id,
        after: audited(bid),
      });
      return detailFor(tx, actor, bid, side, companyId, now);
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
  terms?: Omit<NegotiateBid, 'bid_id' | 'version' | 'captcha' | 'my_offer_id' | 'valid_until'> & { valid_until: Date };
};

const AUDIT_ACTION = {
  counter: 'bid.countered',
  accept: 'bid.accepted',
  approve: 'bid.approved',
  reject: 'bid.rejected',
} as const;

async function transition(deps: Deps, actor: Actor, bidId: number, t: Transition) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { bid, side, companyId } = await lockForCaller(tx, actor, bidId);
    if (bid.version !== t.version) throw bidError('bid.stale');
    const pair = await pairOf(tx, bid);
    const bidActor = await actorOn(tx, actor, side, pair);
    const action: Transition['action'] =
      t.action === 'accept' || t.action === 'approve'
        ? actionOfBidAction(true, bidActor?.tier ?? 'negotiator')
        : t.action;
    const decision = decideFor({ bid: stateOf(bid), action, actor: bidActor, now });
    if (!decision.ok) return refuse(decision);
    if (action !== 'counter' && !(await approvalWindowOpen(tx, actor, now))) throw bidError('bid.step_up_required');
    const terms = t.terms;
    if (terms) {
      const validity = validUntilRefusal(terms.valid_until, now);
      if (validity) refuse(validity);
      const q = quantityRefusal(terms.quantity, [pair.offer.available_quantity, pair.ask.available_quantity]);
      if (q) refuse(q);
    }
    const next = decision.next;
    const settled = next.status === 'Approved' ? await settle(deps, tx, bid, actor, now) : {};
    const [row] = await tx
      .update(bids)
      .set({
        ...(terms
          ? {
              quantity: terms.quantity.toFixed(1),
              price: terms.price.toFixed(2),
              valid_until: terms.valid_until,
              ...feeColumns(terms),
              comment: terms.comment,
            }
          : {}),
        ...next.flags,
        locked: next.locked,
        status: next.status,
        ...settled,
        version: sql`${bids.version} + 1`,
        updated_by: actor.userId,
        updated_at: now,
      })
      .where(eq(bids.id, bid.id))
      .returning();
    const after = row!;
    await insertHistory(tx, [
      historyRow({
        bid: after,
        pair,
        side,
        actor,
        tier: bidActor!.tier,
        status: decision.historyStatus,
        comment: t.comment ?? terms?.comment,
        now,
      }),
    ]);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: next.status === 'Approved' ? 'bid.traded' : AUDIT_ACTION[action],
      objectType: 'bid',
      objectId: bid.id,
      before: audited(bid),
      after: audited(after),
    });
    return detailFor(tx, actor, after, side, companyId, now);
  });
}

/** The trade reference: the approval's year in India and the sequence's number, `TR-2026-000042`. */
function tradeReference(n: number, now: Date) {
  const year = new Date(now.getTime() + 330 * 60_000).getUTCFullYear();
  return `TR-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * The sixth approval's work, inside its transaction: both listings locked in id order (so two final approvals
 * sharing a listing queue instead of deadlocking), their available quantity re-checked and lowered, a listing at
 * zero closed, the trade reference issued and both sides' fee rates copied.
 */
async function settle(deps: Deps, tx: Tx, bid: BidRow, actor: Actor, now: Date) {
  const locked = [];
  for (const id of [bid.offer_id, bid.ask_id].sort((a, b) => a - b)) locked.push((await lockListing(tx, id))!);
  const q = quantityRefusal(
    bid.quantity,
    locked.map((l) => l.available_quantity),
  );
  if (q) refuse(q);
  const wanted = decilitres(bid.quantity);
  for (const l of locked) {
    const left = decilitres(l.available_quantity) - wanted;
    await tx
      .update(listings)
      .set({
        available_quantity: litresOf(left),
        status: left > 0n ? l.status : 'Closed',
        version: sql`${listings.version} + 1`,
        updated_at: now,
      })
      .where(eq(listings.id, l.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: l.company_id,
      action: 'listing.traded',
      objectType: 'listing',
      objectId: l.id,
      before: { available_quantity: l.available_quantity, status: l.status },
      after: { available_quantity: litresOf(left), status: left > 0n ? l.status : 'Closed', bid_id: bid.id },
    });
  }
  const [buyerRate, sellerRate] = await Promise.all([
    applicableRate(deps, { companyType: 'Buyer', companyId: bid.buyer_company_id, product: bid.product }, tx),
    applicableRate(deps, { companyType: 'Seller', companyId: bid.seller_company_id, product: bid.product }, tx),
  ]);
  return {
    trade_reference: tradeReference(await nextTradeNumber(tx), now),
    approved_at: now,
    buyer_commission_amount: buyerRate?.commission_amount ?? null,
    buyer_state_gst: buyerRate?.state_gst ?? null,
    buyer_central_gst: buyerRate?.central_gst ?? null,
    seller_commission_amount: sellerRate?.commission_amount ?? null,
    seller_state_gst: sellerRate?.state_gst ?? null,
    seller_central_gst: sellerRate?.central_gst ?? null,
  };
}

type NegotiateInput = Omit<NegotiateBid, 'valid_until'> & { valid_until?: Date };

export async function negotiate(deps: Deps, actor: Actor, input: NegotiateInput) {
  tradingSide(actor);
  await deps.captcha.verify(input.captcha);
  const valid_until = input.valid_until ?? validUntilOf(DEFAULT_VALIDITY_HOURS, deps.now());
  const { bid_id, version, captcha: _c, my_offer_id: _m, ...terms } = input;
  return transition(deps, actor, bid_id, { action: 'counter', version, terms: { ...terms, valid_until } });
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

// --- Reads ------------------------------------------------------------------------------------------------------------

export async function get(deps: Deps, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  const bid = await findBid(deps.db, id);
  const side = bid && sideOf(bid, companyId);
  if (!bid || !side) throw bidError('bid.not_found');
  return detailFor(deps.db, actor, bid, side, companyId, deps.now());
}

export async function list(deps: Deps, actor: Actor, q: GetAllBids) {
  const { companyId } = tradingSide(actor);
  const now = deps.now();
  let listingId: number | undefined;
  if (q.offer_id) {
    // A listing's bids: only the company's own listing.
    if (!(await findOwnListing(deps.db, companyId, q.offer_id))) throw listingNotFound();
    listingId = q.offer_id;
  }
  const page = await listBids(deps.db, { companyId, userId: actor.userId, now, q, listingId });
  return {
    records: page.records.map(({ bid, ...x }) =>
      toListRecord(bid, x, { companyId, side: sideOf(bid, companyId) }, now),
    ),
    totalRecords: page.totalRecords,
  };
}

// --- Lapse ------------------------------------------------------------------------------------------------------------

type Expired = { bid: BidRow; offer_state: string; ask_state: string };

/** Marks bids whose validity passed as Lapsed, each with a history entry (the clock's) and an audit entry. */
export async function lapseRows(tx: Tx, rows: Expired[], now: Date) {
  const done: number[] = [];
  for (const { bid, offer_state, ask_state } of rows) {
    const d = decide({ bid: stateOf(bid), action: 'lapse', actor: null, now });
    if (!d.ok) continue;
    await tx
      .update(bids)
      .set({ status: 'Lapsed', version: sql`${bids.version} + 1`, updated_at: now })
      .where(eq(bids.id, bid.id));
    // The entry is the terms' side's: the side whose Negotiator set them (the placer's on a locked deal).
    const side: BidSide =
      bid.locked || bid[`is_negotiator_${bid.placed_by === 'Buyer' ? 'buyer' : 'seller'}_approved`]
        ? bid.placed_by === 'Buyer'
          ? 'buyer'
          : 'seller'
        : otherBidSide(bid.placed_by === 'Buyer' ? 'buyer' : 'seller');
    await insertHistory(tx, [
      {
        bid_id: bid.id,
        company_type: companyTypeOfSide(side),
        user_id: null,
        role: null,
        quantity: bid.quantity,
        price: bid.price,
        valid_until: bid.valid_until,
        status: d.historyStatus,
        comment: null,
        product: bid.product,
        state: side === 'buyer' ? ask_state : offer_state,
        is_confidential: bid.is_confidential,
        created_at: now,
      },
    ]);
    await audit(tx, {
      actorUserId: null,
      companyId: null,
      action: 'bid.lapsed',
      objectType: 'bid',
      objectId: bid.id,
      before: { status: bid.status },
      after: { status: 'Lapsed' },
    });
    done.push(bid.id);
  }
  return done;
}

const SWEEP_BATCH = 200;

/** The scheduled sweep: every open bid past its validity becomes Lapsed, in batches of short transactions. */
export async function lapseExpired(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const n = await deps.db.transaction(
      async (tx) => (await lapseRows(tx, await lockExpired(tx, now, SWEEP_BATCH), now)).length,
    );
    total += n;
    if (n < SWEEP_BATCH) return total;
  }
}
