// Races through the real app and database (in process, app.inject): each case fires its calls at once, round after
// round, and checks what committed. On PGlite the one connection runs the transactions one after another in the
// order they reach it; on the PostgreSQL server (TEST_DATABASE_URL) they really overlap and wait on row locks.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lapseExpired } from '../apps/server/src/modules/bids/bids.lapse.js';
import { bidHistory, bids } from '../apps/server/src/modules/bids/bids.table.js';
import { listings } from '../apps/server/src/modules/listings/listings.table.js';
import { seedSuperAdmin } from '../apps/server/src/test/fixtures.js';
import { listingBody, seedAsk, seedOffer } from '../apps/server/src/test/team-fixtures.js';
import {
  openApprovalWindow,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  validUntil,
  type BidData,
  type Market,
} from '../apps/server/src/test/bid-fixtures.js';
import { createHarness, type Harness } from '../apps/server/src/test/harness.js';
import { almostTraded, tally, tallyText } from './lib/bids.js';
import { DATABASE, figure, since } from './lib/figures.js';
import { marketInvariants } from './lib/invariants.js';

const SECTION = 'Races';
const ROUNDS = Number(process.env.RELIABILITY_ROUNDS ?? 20);
let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  for (const user of [
    m.seller.negotiator,
    m.buyer.negotiator,
    m.seller.approver,
    m.buyer.authorizer,
    m.seller.authorizer,
  ])
    await openApprovalWindow(h, user);
}, 300_000);
afterAll(async () => {
  // Whatever raced, the market adds up.
  expect(await marketInvariants(h.db)).toSatisfy((v: Record<string, number>) => Object.values(v).every((n) => n === 0));
  await h.close();
});

const act = (user: { token: string | null }, bid: { id: number; version: number }, approve = true) =>
  h.call<BidData>(
    'bidAction',
    { bid_id: bid.id, is_approved: approve, version: bid.version, comment: approve ? '' : 'no' },
    user.token,
  );
const counter = async (user: { token: string | null }, bid: { id: number; version: number }, price: string) =>
  h.call<BidData>(
    'negotiateBid',
    {
      bid_id: bid.id,
      version: bid.version,
      quantity: '1000',
      price,
      valid_until: validUntil(h),
      captcha: await h.captcha(),
    },
    user.token,
  );
/** `call` after a random wait of up to `ms`, so which call reaches the database first changes from round to round. */
const jittered = <T>(ms: number, call: () => Promise<T>) =>
  new Promise((r) => setTimeout(r, Math.random() * ms)).then(call);
const bidRow = async (id: number) => (await h.db.select().from(bids).where(eq(bids.id, id)))[0]!;
const listingRow = async (id: number) => (await h.db.select().from(listings).where(eq(listings.id, id)))[0]!;
const historyCount = async (id: number) =>
  (
    await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bidHistory)
      .where(eq(bidHistory.bid_id, id))
  )[0]!.n;

describe('final approvals', () => {
  it(`50 simultaneous final approvals of one bid, ${ROUNDS} times: one trade each`, async () => {
    const all: Record<string, number> = {};
    const start = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const bid = await almostTraded(h, m, m.offer, '100');
      const answers = await Promise.all(Array.from({ length: 50 }, () => act(m.seller.approver, bid)));
      const t = tally(answers);
      expect(t).toEqual({ ok: 1, 'bid.stale': 49 });
      for (const [k, v] of Object.entries(t)) all[k] = (all[k] ?? 0) + v;
      const row = await bidRow(bid.id);
      expect([row.status, row.version, row.trade_reference]).toEqual([
        'Approved',
        bid.version + 1,
        expect.stringMatching(/^TR-/),
      ]);
    }
    const [offer] = [await listingRow(m.offer.id)];
    expect(Number(offer.original_quantity) - Number(offer.available_quantity)).toBe(100 * ROUNDS);
    figure(SECTION, {
      database: DATABASE,
      race: '50 final approvals of one bid',
      rounds: ROUNDS,
      outcome: tallyText(all),
      trades: ROUNDS,
      ms: since(start),
    });
  });

  it(`four bids on one offer's last 1,000 L approved at once, ${ROUNDS} times: exactly the feasible trades`, async () => {
    const wanted = [600, 400, 400, 300];
    const all: Record<string, number> = {};
    let traded = 0;
    let oversold = 0;
    const start = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const offer = await seedOffer(h, m.seller, { offer_quantity: '1000' });
      const ready: BidData[] = [];
      for (const q of wanted) ready.push(await almostTraded(h, m, offer, String(q)));
      const answers = await Promise.all(ready.map((bid) => act(m.seller.approver, bid)));
      for (const [k, v] of Object.entries(tally(answers))) all[k] = (all[k] ?? 0) + v;
      const took = answers.reduce((sum, a, i) => sum + (a.statusCode === 200 ? wanted[i]! : 0), 0);
      const left = Number((await listingRow(offer.id)).available_quantity);
      expect(left).toBe(1000 - took);
      // Feasible: every refused bid is refused for want of litres, and did not fit in what was left.
      answers.forEach((a, i) => {
        if (a.statusCode !== 200) expect([a.body.code, wanted[i]! > left]).toEqual(['bid.quantity_unavailable', true]);
      });
      traded += took;
      oversold += Math.max(0, took - 1000);
    }
    figure(SECTION, {
      database: DATABASE,
      race: '4 bids (600, 400, 400, 300 L) on 1,000 L',
      rounds: ROUNDS,
      outcome: tallyText(all),
      trades: all.ok ?? 0,
      'litres traded': traded,
      oversold,
      ms: since(start),
    });
  });
});

describe('negotiation', () => {
  it(`accept racing two counters, then a counter racing both Authorizers' approvals, ${ROUNDS / 2} times`, async () => {
    const open: Record<string, number> = {};
    const locked: Record<string, number> = {};
    const start = performance.now();
    for (let r = 0; r < ROUNDS / 2; r++) {
      const market = { ...m, ask: await seedAsk(h, m.buyer) };
      const bid = await seedOpenBid(h, market, { quantity: '1000' });
      const before = await historyCount(bid.id);
      const answers = await Promise.all([
        act(m.seller.negotiator, bid),
        counter(m.buyer.negotiator, bid, '62'),
        counter(m.seller.negotiator, bid, '63'),
      ]);
      const t = tally(answers);
      expect([t.ok, answers.length - t.ok!]).toEqual([1, t['bid.stale']]);
      for (const [k, v] of Object.entries(t)) open[k] = (open[k] ?? 0) + v;
      expect(await historyCount(bid.id)).toBe(before + 1);
      expect((await bidRow(bid.id)).version).toBe(bid.version + 1);

      const deal = await seedLockedBid(h, { ...m, ask: await seedAsk(h, m.buyer) }, { quantity: '1000' });
      const agreed = (await bidRow(deal.id)).price;
      const racing = await Promise.all([
        act(m.buyer.authorizer, deal),
        act(m.seller.authorizer, deal),
        counter(m.buyer.negotiator, deal, '64'),
        counter(m.seller.negotiator, deal, '65'),
      ]);
      const lt = tally(racing);
      expect(lt.ok).toBe(1);
      expect([racing[2]!.statusCode, racing[3]!.statusCode]).not.toContain(200);
      for (const [k, v] of Object.entries(lt)) locked[k] = (locked[k] ?? 0) + v;
      const row = await bidRow(deal.id);
      expect([row.locked, row.price]).toEqual([true, agreed]);
    }
    figure(SECTION, {
      database: DATABASE,
      race: 'accept vs 2 counters (open bid)',
      rounds: ROUNDS / 2,
      outcome: tallyText(open),
      ms: since(start),
    });
    figure(SECTION, {
      database: DATABASE,
      race: '2 approvals vs 2 counters (locked deal)',
      rounds: ROUNDS / 2,
      outcome: tallyText(locked),
    });
  });
});

describe('listings and the clock', () => {
  it(`a listing edit racing the final approval, ${ROUNDS / 2} times: one wins, terms never change under a live deal`, async () => {
    const outcome: Record<string, number> = {};
    for (let r = 0; r < ROUNDS / 2; r++) {
      const offer = await seedOffer(h, m.seller, { offer_quantity: '1000' });
      const bid = await almostTraded(h, m, offer, '600');
      const edit = (over: Record<string, string>) => () =>
        h.call('updateInventory', { id: offer.id, ...listingBody(m.seller, over) }, m.seller.negotiator.token);
      const [approval, quantityEdit, termsEdit] = await Promise.all([
        jittered(30, () => act(m.seller.approver, bid)),
        jittered(30, edit({ offer_quantity: '500' })),
        jittered(30, edit({ product: 'Grain ENA' })),
      ]);
      // 600 L traded leaves no room for 500 L in all; 500 L in all leaves no room for the 600 L trade.
      expect([approval.statusCode, quantityEdit.statusCode].filter((s) => s === 200)).toHaveLength(1);
      // The product may change only once the deal is settled (no live bid is left on the offer).
      if (termsEdit.statusCode === 200) expect(approval.statusCode).toBe(200);
      else expect(termsEdit.body.code).toBe('listing.terms_locked');
      const key = `approval ${approval.statusCode === 200 ? 'won' : approval.body.code}, terms edit ${termsEdit.statusCode === 200 ? 'after the trade' : 'refused'}`;
      outcome[key] = (outcome[key] ?? 0) + 1;
    }
    figure(SECTION, {
      database: DATABASE,
      race: 'quantity and product edits vs final approval',
      rounds: ROUNDS / 2,
      outcome: tallyText(outcome),
    });
  });

  it(`the lapse sweep racing the final approval at the bid's last moment, ${ROUNDS / 2} times: one or the other`, async () => {
    const outcome: Record<string, number> = {};
    for (let r = 0; r < ROUNDS / 2; r++) {
      const offer = await seedOffer(h, m.seller, { offer_quantity: '1000' });
      const bid = await almostTraded(h, m, offer, '600');
      // The bid's validity ends 20 ms from now; the approval and five sweeps start at random moments around it.
      await h.db
        .update(bids)
        .set({ valid_until: new Date(Date.now() + 20) })
        .where(eq(bids.id, bid.id));
      const sweeps = [0, 10, 20, 30, 40].map((ms) => jittered(ms + 10, () => lapseExpired(h.deps)));
      await Promise.all([jittered(40, () => act(m.seller.approver, bid)), ...sweeps]);
      await new Promise((r) => setTimeout(r, 50));
      await lapseExpired(h.deps);
      const row = await bidRow(bid.id);
      const left = Number((await listingRow(offer.id)).available_quantity);
      expect(
        row.status === 'Approved' ? [left, !!row.trade_reference] : [row.status, left, row.trade_reference],
      ).toEqual(row.status === 'Approved' ? [400, true] : ['Lapsed', 1000, null]);
      outcome[row.status] = (outcome[row.status] ?? 0) + 1;
    }
    figure(SECTION, {
      database: DATABASE,
      race: 'lapse sweep vs final approval',
      rounds: ROUNDS / 2,
      outcome: tallyText(outcome),
    });
  });
});
