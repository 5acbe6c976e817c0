// Concurrency: the bid row lock and the version make each transition happen once; the final approval's listing
// locks make competing trades on one offer's litres commit one at a time, never overselling. On PGlite the one
// connection serialises the transactions; on the PostgreSQL server (TEST_DATABASE_URL) they really race.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk, seedOffer } from '../../test/team-fixtures.js';
import {
  approveBid,
  openApprovalWindow,
  seedLockedBid,
  seedMarket,
  validUntil,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { listings } from '../listings/listings.table.js';
import { bidHistory, bids } from './bids.table.js';

let h: Harness;
let m: Market;
const ROUNDS = Number(process.env.BID_RACE_ROUNDS ?? 10);

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
}, 180_000);
afterAll(async () => h.close());

const codes = (results: { statusCode: number; body: { code?: string } }[]) =>
  results.map((r) => (r.statusCode === 200 ? 'ok' : String(r.body.code))).sort();

describe('one bid, many hands', () => {
  it('50 simultaneous approvals of one bid make exactly one transition; the rest are stale', async () => {
    const bid = await seedLockedBid(h, { ...m, ask: await seedAsk(h, m.buyer) });
    await openApprovalWindow(h, m.buyer.authorizer);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.call('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, m.buyer.authorizer.token),
      ),
    );
    const outcome = codes(results);
    expect(outcome.filter((c) => c === 'ok')).toHaveLength(1);
    expect(outcome.filter((c) => c !== 'ok')).toEqual(Array(49).fill('bid.stale'));
    const [row] = await h.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.version).toBe(bid.version + 1);
    expect(row!.is_authenticator_buyer_approved).toBe(true);
    const entries = await h.db
      .select()
      .from(bidHistory)
      .where(and(eq(bidHistory.bid_id, bid.id), eq(bidHistory.status, 'Authorizer: Approved')));
    expect(entries).toHaveLength(1);
    expect(await auditEntries(h, 'bid.approved', bid.id)).toHaveLength(1);
  });

  it('50 simultaneous approvals by both sides’ Authorizers at the same version: one wins', async () => {
    const bid = await seedLockedBid(h, { ...m, ask: await seedAsk(h, m.buyer) });
    await openApprovalWindow(h, m.seller.authorizer);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call(
          'bidAction',
          { bid_id: bid.id, is_approved: true, version: bid.version },
          (i % 2 ? m.seller : m.buyer).authorizer.token,
        ),
      ),
    );
    expect(codes(results).filter((c) => c === 'ok')).toHaveLength(1);
    const [row] = await h.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.version).toBe(bid.version + 1);
  });

  it('simultaneous placements on one pair of listings open one bid', async () => {
    const ask = await seedAsk(h, m.buyer);
    const bodies = await Promise.all(
      Array.from({ length: 8 }, async () => ({
        quantity: '10',
        price: '60',
        valid_until: validUntil(h),
        my_offer_id: ask.id,
        offer_id: m.offer.id,
        captcha: await h.captcha(),
      })),
    );
    const results = await Promise.all(bodies.map((b) => h.call('createBid', b, m.buyer.negotiator.token)));
    const outcome = codes(results);
    expect(outcome.filter((c) => c === 'ok')).toHaveLength(1);
    expect(new Set(outcome.filter((c) => c !== 'ok'))).toEqual(new Set(['bid.duplicate']));
    const open = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .where(and(eq(bids.ask_id, ask.id), eq(bids.offer_id, m.offer.id)));
    expect(open[0]!.n).toBe(1);
  });
});

/** A bid on `offer` from a fresh ask, locked and approved by everyone but the seller's Approver. */
async function almostTraded(offer: { id: number }, quantity: string): Promise<BidData> {
  const market = { ...m, offer, ask: await seedAsk(h, m.buyer) };
  let bid = await seedLockedBid(h, market, { quantity });
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver]) {
    const res = await approveBid(h, user, bid);
    if (res.statusCode !== 200) throw new Error(JSON.stringify(res.body));
    bid = res.body.data;
  }
  return bid;
}

describe('competing final approvals on one offer’s litres', () => {
  it(`never oversell: ${ROUNDS} rounds of final approvals racing for the same offer`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // 1,000 L offered; four bids of 600, 400, 400 and 300 L: at most 1,000 L may trade, whatever the order.
      const offer = await seedOffer(h, m.seller, { offer_quantity: '1000' });
      const wanted = ['600', '400', '400', '300'];
      const ready = [];
      for (const q of wanted) ready.push(await almostTraded(offer, q));
      await openApprovalWindow(h, m.seller.approver);
      const results = await Promise.all(
        ready.map((bid) =>
          h.call('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, m.seller.approver.token),
        ),
      );
      const traded = results.map((r, i) => (r.statusCode === 200 ? Number(wanted[i]) : 0)).reduce((a, b) => a + b, 0);
      for (const r of results)
        if (r.statusCode !== 200) expect(r.body.code, JSON.stringify(r.body)).toBe('bid.quantity_unavailable');
      const [row] = await h.db.select().from(listings).where(eq(listings.id, offer.id));
      expect(Number(row!.available_quantity), `round ${round}`).toBe(1000 - traded);
      expect(traded).toBeGreaterThanOrEqual(700);
      expect(traded).toBeLessThanOrEqual(1000);
      expect(row!.status).toBe(traded === 1000 ? 'Closed' : 'Open');
      // Every approved bid holds a distinct trade reference; the refused ones are unchanged.
      const approved = await h.db
        .select()
        .from(bids)
        .where(and(eq(bids.offer_id, offer.id), eq(bids.status, 'Approved')));
      expect(approved.map((b) => Number(b.quantity)).reduce((a, b) => a + b, 0)).toBe(traded);
      expect(new Set(approved.map((b) => b.trade_reference)).size).toBe(approved.length);
    }
    // Across every round: no listing below zero, and what every listing lost equals what its approved bids took.
    const check = await h.db.execute<{ bad: number }>(sql`
      select count(*)::int as bad from listings l
      where l.available_quantity < 0 or l.original_quantity - l.available_quantity <> coalesce((
        select sum(b.quantity) from bids b where b.status = 'Approved' and (b.offer_id = l.id or b.ask_id = l.id)), 0)`);
    expect((check as unknown as { rows: { bad: number }[] }).rows[0]!.bad).toBe(0);
  }, 600_000);
});
