import { describe, expect, it } from 'vitest';
import {
  BID_ACTIONS,
  BID_REFUSALS,
  BID_SIDES,
  BID_STATUSES,
  BID_TIERS,
  FLAG_KEYS,
  NO_FLAGS,
  USER_BID_ACTIONS,
  VALIDITY_HOURS,
  flagKey,
  type BidAction,
  type BidFlags,
  type BidRefusalCode,
  type BidSide,
  type BidStatus,
  type BidTier,
} from './bids.constants.js';
import {
  actionOfBidAction,
  allowedActions,
  decide,
  effectiveStatus,
  isBidLapsed,
  pairRefusal,
  phaseOf,
  pickFlags,
  quantityRefusal,
  rejectionComment,
  saleOrderRefusal,
  stateDefect,
  validUntilOf,
  validityOf,
  whoseTurn,
  type BidActor,
  type BidState,
  type Decision,
  type PairListing,
} from './bids.rules.js';

const NOW = new Date('2025-06-01T06:30:00Z');
const LIVE = new Date(NOW.getTime() + 4 * 3_600_000);
const PAST = new Date(NOW.getTime() - 1);
const HOUR = 3_600_000;

const F = (tier: BidTier, side: BidSide) => flagKey(tier, side);
const flagsWith = (...set: [BidTier, BidSide][]): BidFlags => ({
  ...NO_FLAGS,
  ...Object.fromEntries(set.map(([t, s]) => [F(t, s), true])),
});
const bidOf = (over: Partial<BidState> = {}): BidState => ({
  status: 'New',
  locked: false,
  flags: flagsWith(['negotiator', 'buyer']),
  valid_until: LIVE,
  ...over,
});
const ACTORS: (BidActor | null)[] = [null, ...BID_SIDES.flatMap((side) => BID_TIERS.map((tier) => ({ side, tier })))];
const label = (a: BidActor | null) => (a ? `${a.side} ${a.tier}` : 'nobody');

// ---------------------------------------------------------------------------------------------------------------
// The oracle: DESIGN.md §4's table written out row by row, independently of bids.rules.ts.
// ---------------------------------------------------------------------------------------------------------------
type Expected = { code: BidRefusalCode } | { status: BidStatus; locked: boolean; flags: BidFlags; history: string };
const other = (s: BidSide): BidSide => (s === 'buyer' ? 'seller' : 'buyer');
const Cap = { negotiator: 'Negotiator', authorizer: 'Authorizer', approver: 'Approver' } as const;

/** The allowed moves of a live open bid, straight from the table; null when this row does not apply. */
function allowedMove(bid: BidState, action: BidAction, a: BidActor): Expected | null {
  const f = bid.flags;
  const set = (patch: Partial<BidFlags>) => ({ ...f, ...patch });
  if (a.tier === 'negotiator' && !bid.locked) {
    if (action === 'counter')
      return {
        status: 'OnGoing',
        locked: false,
        flags: set({ [F('negotiator', a.side)]: true, [F('negotiator', other(a.side))]: null }),
        history: 'OnGoing',
      };
    if (action === 'accept' && f[F('negotiator', a.side)] === null) {
      const flags = set({ [F('negotiator', a.side)]: true });
      const both = flags[F('negotiator', 'buyer')] === true && flags[F('negotiator', 'seller')] === true;
      return { status: 'OnGoing', locked: both, flags, history: 'Accepted' };
    }
    if (action === 'reject') return { status: 'Rejected', locked: false, flags: f, history: 'Negotiator: Rejected' };
  }
  const authDone = f[F('authorizer', a.side)] === true;
  const apprDone = f[F('approver', a.side)] === true;
  const myTurn = bid.locked && (a.tier === 'authorizer' ? !authDone : a.tier === 'approver' && authDone && !apprDone);
  if (myTurn && action === 'approve') {
    const flags = set({ [F(a.tier, a.side)]: true });
    const all = FLAG_KEYS.every((k) => flags[k] === true);
    return { status: all ? 'Approved' : 'OnGoing', locked: true, flags, history: `${Cap[a.tier]}: Approved` };
  }
  if (myTurn && action === 'reject')
    return { status: 'Rejected', locked: true, flags: f, history: `${Cap[a.tier]}: Rejected` };
  return null;
}

const keyOf = (b: Pick<BidState, 'status' | 'locked' | 'flags'>) =>
  `${b.status}|${b.locked}|${FLAG_KEYS.map((k) => (b.flags[k] ? 1 : 0)).join('')}`;

/** Every open state reachable from a placement by counters, accepts and approvals (rejects and lapses end a bid). */
const REACHABLE = (() => {
  const seen = new Map<string, BidState>();
  const queue: BidState[] = BID_SIDES.map((side) => bidOf({ flags: flagsWith(['negotiator', side]) }));
  while (queue.length) {
    const bid = queue.pop()!;
    if (seen.has(keyOf(bid))) continue;
    seen.set(keyOf(bid), bid);
    for (const action of ['counter', 'accept', 'approve'] as const)
      for (const a of ACTORS) {
        const move = a && allowedMove(bid, action, a);
        if (move && 'status' in move && move.status === 'OnGoing') queue.push({ ...bid, ...move });
      }
  }
  return seen;
})();

function oracle(bid: BidState, action: BidAction, a: BidActor | null, expired: boolean): Expected {
  if (action === 'place') return { code: 'bid.already_placed' };
  if (bid.status === 'Approved' || bid.status === 'Rejected') return { code: 'bid.closed' };
  if (bid.status === 'Lapsed') return { code: 'bid.lapsed' };
  if (action === 'lapse')
    return expired
      ? { status: 'Lapsed', locked: bid.locked, flags: bid.flags, history: 'Lapsed' }
      : { code: 'bid.not_lapsed' };
  if (expired) return { code: 'bid.lapsed' };
  if (!REACHABLE.has(keyOf(bid))) return { code: 'bid.inconsistent' };
  if (!a) return { code: 'bid.not_a_party' };
  const move = allowedMove(bid, action, a);
  if (move) return move;
  const negotiatorAction = action === 'counter' || action === 'accept';
  if (negotiatorAction && a.tier !== 'negotiator') return { code: 'bid.wrong_tier' };
  if (action === 'approve' && a.tier === 'negotiator') return { code: 'bid.wrong_tier' };
  if (a.tier === 'negotiator') return { code: bid.locked ? 'bid.locked' : 'bid.wrong_side' };
  if (!bid.locked) return { code: 'bid.not_locked' };
  return { code: 'bid.not_your_turn' };
}

/** JSON with object keys sorted, so two results compare by content. */
const canon = (v: unknown): string =>
  JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );
const asExpected = (d: Decision): Expected => (d.ok ? { ...d.next, history: d.historyStatus } : { code: d.code });

// Every status × locked × the six flags (null | true) × live or past valid_until × action × side × tier or nobody.
const ALL_FLAGS: BidFlags[] = Array.from(
  { length: 64 },
  (_, n) => Object.fromEntries(FLAG_KEYS.map((k, i) => [k, n & (1 << i) ? true : null])) as BidFlags,
);

describe('the state machine against the table', () => {
  it('reaches exactly 12 open states, and stateDefect accepts exactly those', () => {
    expect(REACHABLE.size).toBe(12);
    for (const status of ['New', 'OnGoing'] as const)
      for (const locked of [false, true])
        for (const flags of ALL_FLAGS) {
          const bid = bidOf({ status, locked, flags });
          expect(stateDefect(bid) === null, keyOf(bid)).toBe(REACHABLE.has(keyOf(bid)));
        }
  });

  describe.each(BID_STATUSES)('status %s', (status) => {
    it.each(BID_ACTIONS)('%s: every locked × flags × time × actor', (action) => {
      const mismatches: string[] = [];
      let cases = 0;
      for (const locked of [false, true])
        for (const flags of ALL_FLAGS)
          for (const expired of [false, true])
            for (const actor of ACTORS) {
              const bid = bidOf({ status, locked, flags, valid_until: expired ? PAST : LIVE });
              const got = decide({ bid, action, actor, now: NOW });
              const want = oracle(bid, action, actor, expired);
              cases++;
              if (!got.ok && got.message !== BID_REFUSALS[got.code].message) mismatches.push(`message ${got.code}`);
              if (canon(asExpected(got)) !== canon(want))
                mismatches.push(`${keyOf(bid)} ${expired ? 'past' : 'live'} ${label(actor)}: ${JSON.stringify(got)}`);
            }
      expect(cases).toBe(2 * 64 * 2 * 7);
      expect(mismatches.slice(0, 5)).toEqual([]);
    });
  });

  it.each(BID_ACTIONS)('%s on no bid yet', (action) => {
    for (const actor of ACTORS) {
      const got = decide({ bid: null, action, actor, now: NOW });
      if (action !== 'place') expect(got).toMatchObject({ ok: false, code: 'bid.not_found' });
      else if (!actor) expect(got).toMatchObject({ ok: false, code: 'bid.not_a_party' });
      else if (actor.tier !== 'negotiator') expect(got).toMatchObject({ ok: false, code: 'bid.wrong_tier' });
      else
        expect(got).toEqual({
          ok: true,
          next: { status: 'New', locked: false, flags: flagsWith(['negotiator', actor.side]) },
          historyStatus: 'New',
        });
    }
  });

  it('never changes the input bid', () => {
    const bid = bidOf();
    const copy = JSON.parse(JSON.stringify(bid)) as unknown;
    for (const action of BID_ACTIONS) for (const actor of ACTORS) decide({ bid, action, actor, now: NOW });
    expect(JSON.parse(JSON.stringify(bid))).toEqual(copy);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The whole happy path, and each refusal by example.
// ---------------------------------------------------------------------------------------------------------------
function step(bid: BidState | null, action: BidAction, actor: BidActor | null): BidState {
  const d = decide({ bid, action, actor, now: NOW });
  if (!d.ok) throw new Error(`${action} by ${label(actor)} refused: ${d.code}`);
  return { ...d.next, valid_until: LIVE };
}
const buyer = (tier: BidTier): BidActor => ({ side: 'buyer', tier });
const seller = (tier: BidTier): BidActor => ({ side: 'seller', tier });

describe('a whole trade', () => {
  it('place, counter ×3, accept, four approvals → Approved, with a history entry each', () => {
    const path: [BidAction, BidActor, BidStatus, boolean, string][] = [
      ['place', buyer('negotiator'), 'New', false, 'New'],
      ['counter', seller('negotiator'), 'OnGoing', false, 'OnGoing'],
      ['counter', buyer('negotiator'), 'OnGoing', false, 'OnGoing'],
      ['counter', seller('negotiator'), 'OnGoing', false, 'OnGoing'],
      ['accept', buyer('negotiator'), 'OnGoing', true, 'Accepted'],
      ['approve', seller('authorizer'), 'OnGoing', true, 'Authorizer: Approved'],
      ['approve', buyer('authorizer'), 'OnGoing', true, 'Authorizer: Approved'],
      ['approve', buyer('approver'), 'OnGoing', true, 'Approver: Approved'],
      ['approve', seller('approver'), 'Approved', true, 'Approver: Approved'],
    ];
    let bid: BidState | null = null;
    for (const [action, actor, status, locked, history] of path) {
      const d = decide({ bid, action, actor, now: NOW });
      expect(d, `${action} by ${label(actor)}`).toMatchObject({ ok: true, historyStatus: history });
      if (!d.ok) return;
      expect(d.next).toMatchObject({ status, locked });
      bid = { ...d.next, valid_until: LIVE };
    }
    expect(bid!.flags).toEqual(Object.fromEntries(FLAG_KEYS.map((k) => [k, true])));
    expect(allowedActions(bid, seller('approver'), NOW)).toEqual([]);
  });

  it('a counter clears the other side’s negotiator flag and sets the counterer’s', () => {
    const placed = step(null, 'place', seller('negotiator'));
    expect(placed.flags).toEqual(flagsWith(['negotiator', 'seller']));
    const countered = step(placed, 'counter', buyer('negotiator'));
    expect(countered.flags).toEqual(flagsWith(['negotiator', 'buyer']));
    const revised = step(countered, 'counter', buyer('negotiator'));
    expect(revised.flags).toEqual(flagsWith(['negotiator', 'buyer']));
  });

  it('accepting a fresh bid locks it at once', () => {
    const placed = step(null, 'place', buyer('negotiator'));
    const accepted = step(placed, 'accept', seller('negotiator'));
    expect(accepted).toMatchObject({ status: 'OnGoing', locked: true });
  });

  it.each<[string, BidActor]>([
    ['Negotiator', seller('negotiator')],
    ['Authorizer', buyer('authorizer')],
    ['Approver', seller('approver')],
  ])('a reject by the %s whose turn it is ends the bid', (tierLabel, actor) => {
    let bid = step(step(null, 'place', buyer('negotiator')), 'counter', seller('negotiator'));
    if (actor.tier !== 'negotiator') bid = step(bid, 'accept', buyer('negotiator'));
    if (actor.tier === 'approver') bid = step(bid, 'approve', seller('authorizer'));
    const d = decide({ bid, action: 'reject', actor, now: NOW });
    expect(d).toMatchObject({ ok: true, next: { status: 'Rejected' }, historyStatus: `${tierLabel}: Rejected` });
  });
});

describe('each refusal', () => {
  const placed = step(null, 'place', buyer('negotiator'));
  const locked = step(placed, 'accept', seller('negotiator'));
  const cases: [BidRefusalCode, BidState | null, BidAction, BidActor | null, Date?][] = [
    ['bid.not_found', null, 'counter', seller('negotiator')],
    ['bid.already_placed', placed, 'place', seller('negotiator')],
    ['bid.closed', { ...locked, status: 'Approved' }, 'reject', buyer('approver')],
    ['bid.closed', { ...placed, status: 'Rejected' }, 'counter', seller('negotiator')],
    ['bid.lapsed', { ...placed, status: 'Lapsed' }, 'counter', seller('negotiator')],
    ['bid.lapsed', placed, 'accept', seller('negotiator'), LIVE],
    ['bid.not_lapsed', placed, 'lapse', null],
    ['bid.inconsistent', { ...placed, flags: NO_FLAGS }, 'counter', seller('negotiator')],
    ['bid.not_a_party', placed, 'counter', null],
    ['bid.wrong_tier', placed, 'counter', seller('authorizer')],
    ['bid.wrong_tier', locked, 'approve', seller('negotiator')],
    ['bid.wrong_side', placed, 'accept', buyer('negotiator')],
    ['bid.locked', locked, 'counter', buyer('negotiator')],
    ['bid.locked', locked, 'reject', seller('negotiator')],
    ['bid.not_locked', placed, 'approve', buyer('authorizer')],
    ['bid.not_locked', placed, 'reject', seller('approver')],
    ['bid.not_your_turn', locked, 'approve', buyer('approver')],
    ['bid.not_your_turn', locked, 'reject', seller('approver')],
    ['bid.not_your_turn', step(locked, 'approve', buyer('authorizer')), 'approve', buyer('authorizer')],
  ];
  it.each(cases)('%s', (code, bid, action, actor, now = NOW) => {
    expect(decide({ bid, action, actor, now })).toEqual({ ok: false, code, message: BID_REFUSALS[code].message });
  });
});

describe('time', () => {
  const placed = bidOf({ valid_until: LIVE });
  it('a past valid_until reads as Lapsed before the sweep, and the sweep lapses it', () => {
    const later = new Date(LIVE.getTime() + 1);
    expect(effectiveStatus(placed, NOW)).toBe('New');
    expect(effectiveStatus(placed, LIVE)).toBe('Lapsed');
    expect(isBidLapsed(placed, later)).toBe(true);
    expect(decide({ bid: placed, action: 'lapse', actor: null, now: later })).toMatchObject({
      ok: true,
      next: { status: 'Lapsed', flags: placed.flags },
      historyStatus: 'Lapsed',
    });
    expect(allowedActions(placed, seller('negotiator'), later)).toEqual([]);
    expect(whoseTurn(placed, later)).toEqual([]);
  });
  it('final statuses never read as Lapsed', () => {
    expect(effectiveStatus({ status: 'Approved', valid_until: PAST }, NOW)).toBe('Approved');
    expect(effectiveStatus({ status: 'Rejected', valid_until: PAST }, NOW)).toBe('Rejected');
  });
  it('accepts ISO strings and refuses an unreadable valid_until as lapsed', () => {
    expect(effectiveStatus({ status: 'OnGoing', valid_until: LIVE.toISOString() }, NOW.toISOString())).toBe('OnGoing');
    expect(effectiveStatus({ status: 'OnGoing', valid_until: 'soon' }, NOW)).toBe('Lapsed');
  });
});

describe('validity', () => {
  const code = (offset: number) => {
    const got = validityOf(new Date(NOW.getTime() + offset), NOW);
    return got.ok ? null : got.code;
  };
  it.each(VALIDITY_HOURS)('%i hours from now is accepted, as the server computes it', (hours) => {
    expect(validityOf(validUntilOf(hours, NOW), NOW)).toEqual({
      ok: true,
      hours,
      valid_until: validUntilOf(hours, NOW),
    });
  });
  it('a client-computed time within two minutes of a choice stands for that choice', () => {
    for (const skew of [-2 * 60_000, -1, 1, 2 * 60_000]) {
      expect(validityOf(new Date(NOW.getTime() + 8 * HOUR + skew), NOW)).toEqual({
        ok: true,
        hours: 8,
        valid_until: validUntilOf(8, NOW),
      });
    }
  });
  it.each<[string, number, BidRefusalCode | null]>([
    ['now', 0, 'bid.validity_past'],
    ['a second ago', -1000, 'bid.validity_past'],
    ['5 seconds ahead', 5_000, 'bid.validity_not_offered'],
    ['1 hour ahead', HOUR, 'bid.validity_not_offered'],
    ['4 h − 2 minutes − 1 ms', 4 * HOUR - 120_001, 'bid.validity_not_offered'],
    ['4 h − 2 minutes (skew)', 4 * HOUR - 120_000, null],
    ['5 hours ahead', 5 * HOUR, 'bid.validity_not_offered'],
    ['10 hours ahead (not a step of 4)', 10 * HOUR, 'bid.validity_not_offered'],
    ['48 h + 2 minutes (skew)', 48 * HOUR + 120_000, null],
    ['48 h + 2 minutes + 1 ms', 48 * HOUR + 120_001, 'bid.validity_too_far'],
    ['48 h 30 s', 48 * HOUR + 30_000, null],
    ['48 h 30 min', 48 * HOUR + 30 * 60_000, 'bid.validity_too_far'],
    ['a week', 7 * 24 * HOUR, 'bid.validity_too_far'],
  ])('%s', (_, offset, expected) => {
    expect(code(offset)).toBe(expected);
  });
  it('refuses an unreadable date', () => {
    const got = validityOf('not a date', NOW);
    expect(got.ok ? null : got.code).toBe('bid.validity_past');
  });
});

describe('buttons and turns', () => {
  const placed = step(null, 'place', buyer('negotiator'));
  const locked = step(placed, 'accept', seller('negotiator'));
  const halfway = step(step(locked, 'approve', buyer('authorizer')), 'approve', buyer('approver'));
  it.each<[string, BidState | null, BidActor | null, string[]]>([
    ['no bid, a negotiator', null, seller('negotiator'), ['place']],
    ['no bid, an authorizer', null, seller('authorizer'), []],
    ['placed, the placer', placed, buyer('negotiator'), ['counter', 'reject']],
    ['placed, the other negotiator', placed, seller('negotiator'), ['counter', 'accept', 'reject']],
    ['placed, an authorizer', placed, seller('authorizer'), []],
    ['placed, nobody', placed, null, []],
    ['locked, a negotiator', locked, buyer('negotiator'), []],
    ['locked, an authorizer', locked, seller('authorizer'), ['approve', 'reject']],
    ['locked, an approver before the authorizer', locked, seller('approver'), []],
    ['buyer side done, its approver', halfway, buyer('approver'), []],
    ['buyer side done, seller authorizer', halfway, seller('authorizer'), ['approve', 'reject']],
  ])('%s', (_, bid, actor, actions) => {
    expect(allowedActions(bid, actor, NOW)).toEqual(actions);
  });

  it.each<[string, BidState, BidActor[]]>([
    ['placed by the buyer', placed, [seller('negotiator')]],
    ['locked', locked, [buyer('authorizer'), seller('authorizer')]],
    ['buyer side done', halfway, [seller('authorizer')]],
    ['rejected', { ...placed, status: 'Rejected' }, []],
  ])('whoseTurn: %s', (_, bid, actors) => {
    expect(whoseTurn(bid, NOW)).toEqual(actors);
  });

  it('whoseTurn names exactly the actors who may approve or accept, in every reachable state', () => {
    for (const bid of REACHABLE.values()) {
      const movers = ACTORS.filter(
        (a) => a && (['accept', 'approve'] as const).some((action) => decide({ bid, action, actor: a, now: NOW }).ok),
      );
      expect(whoseTurn(bid, NOW), keyOf(bid)).toEqual(movers);
      expect(phaseOf(bid, NOW)).toBe(bid.locked ? 'approving' : 'negotiating');
    }
  });

  it.each<[boolean, BidTier, string]>([
    [true, 'negotiator', 'accept'],
    [true, 'authorizer', 'approve'],
    [true, 'approver', 'approve'],
    [false, 'negotiator', 'reject'],
    [false, 'approver', 'reject'],
  ])('bidAction is_approved=%s by a %s is %s', (isApproved, tier, action) => {
    expect(actionOfBidAction(isApproved, tier)).toBe(action);
  });

  it('only user actions are offered', () => {
    expect(USER_BID_ACTIONS).not.toContain('lapse');
  });
});

describe('helpers', () => {
  it('pickFlags keeps only true, reading the spec’s field names', () => {
    const record = { is_negotiator_buyer_approved: true, is_authenticator_seller_approved: false, other: 1 };
    expect(pickFlags(record)).toEqual(flagsWith(['negotiator', 'buyer']));
    expect(F('authorizer', 'seller')).toBe('is_authenticator_seller_approved');
  });
  it.each<[string | number, (string | number)[], boolean]>([
    [100, ['100.0', '250'], true],
    ['100.1', ['100.0', '250'], false],
    [0.3, [0.3], true],
    ['2500.5', ['2500.5', '2500.4'], false],
  ])('quantity %s within %j: %s', (quantity, available, ok) => {
    expect(quantityRefusal(quantity, available)?.code ?? 'ok').toBe(ok ? 'ok' : 'bid.quantity_unavailable');
  });
  it('the rejection comment is that of the first rejected entry', () => {
    expect(rejectionComment([{ status: 'New' }, { status: 'OnGoing', comment: 'lower?' }])).toBeNull();
    expect(
      rejectionComment([
        { status: 'New', comment: 'hello' },
        { status: 'Authorizer: Rejected', comment: 'price too high' },
        { status: 'Rejected', comment: 'later' },
      ]),
    ).toBe('price too high');
  });
});

describe('the final approval’s re-check of the pair', () => {
  const bid = { product: 'Molasses ENA', seller_company_id: 1, buyer_company_id: 2 };
  const offer: PairListing = {
    side: 'Offer',
    status: 'Open',
    company_id: 1,
    product: 'Molasses ENA',
    from_period: '2026-05',
    to_period: '2026-08',
  };
  const ask: PairListing = { ...offer, side: 'Ask', company_id: 2, from_period: '2026-07', to_period: '2026-09' };
  const check = (o: Partial<PairListing>, a: Partial<PairListing> = {}, currentPeriod = '2026-05') =>
    pairRefusal({ bid, offer: { ...offer, ...o }, ask: { ...ask, ...a }, currentPeriod })?.code ?? null;

  it('holds while every term is as the bid was placed', () => {
    expect(check({})).toBeNull();
    expect(check({}, {}, '2026-08')).toBeNull();
  });
  it.each<[string, Partial<PairListing>, Partial<PairListing>, string?]>([
    ['the offer’s product changed', { product: 'Molasses RS' }, {}],
    ['the ask’s product changed', {}, { product: 'Grain ENA' }],
    ['the periods no longer overlap', { to_period: '2026-06' }, {}],
    ['the offer has ended', {}, {}, '2026-09'],
    ['the ask has ended', {}, { from_period: '2026-05', to_period: '2026-06' }, '2026-07'],
    ['the offer is closed', { status: 'Closed' }, {}],
    ['the ask is closed', {}, { status: 'Closed' }],
    ['the offer is not an offer', { side: 'Ask' }, {}],
    ['the ask is not an ask', {}, { side: 'Offer' }],
    ['the offer is another company’s', { company_id: 3 }, {}],
    ['the ask is another company’s', {}, { company_id: 3 }],
  ])('refuses when %s', (_, o, a, currentPeriod) => {
    expect(check(o, a, currentPeriod)).toBe('bid.terms_changed');
  });
});

describe('saleOrderRefusal', () => {
  const seller = { side: 'seller', status: 'Approved', isAdmin: false, mappedToSellerDistillery: true } as const;
  it.each<[string, Parameters<typeof saleOrderRefusal>[0], BidRefusalCode | null]>([
    ['a user mapped to the seller distillery', seller, null],
    ['the seller company’s Admin, unmapped', { ...seller, isAdmin: true, mappedToSellerDistillery: false }, null],
    ['a seller user not mapped to it', { ...seller, mappedToSellerDistillery: false }, 'bid.sale_order_not_allowed'],
    ['the buyer’s Admin', { ...seller, side: 'buyer', isAdmin: true }, 'bid.sale_order_seller_only'],
    ['the buyer’s mapped user', { ...seller, side: 'buyer' }, 'bid.sale_order_seller_only'],
    ['before the trade is approved', { ...seller, status: 'OnGoing' }, 'bid.not_approved'],
    ['on a rejected bid', { ...seller, status: 'Rejected', isAdmin: true }, 'bid.not_approved'],
  ])('%s', (_, input, expected) => {
    expect(saleOrderRefusal(input)).toBe(expected);
  });
});
