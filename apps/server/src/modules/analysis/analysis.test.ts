// Price / Quote Trend and Data Analysis (issue 23 parts 5 and 6) against a small market seeded through the API:
// open and closed listings of two products in two states, approved trades inside and outside the 30-day window, a
// confidential trade, a rejected, a lapsed and an open bid. The expected figures are computed here, in integer
// decilitres and paise, from the terms the test itself chose — not with the server's SQL. Who may call and bad
// input: analysis.refusals.test.ts.
import { addDays } from '@spirit/domain/analysis/analysis.rules';
import {
  analysisFunnelSchema,
  analysisTopCompaniesSchema,
  analysisVolumeSchema,
  priceTrendSchema,
  type PriceTrendRow,
} from '@spirit/domain/analysis/analysis.schemas';
import { indianDateOf } from '@spirit/domain/invoices/invoices.rules';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedListing, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedOpenBid, type BidData } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { lapseExpired } from '../bids/bids.lapse.js';
import { bids } from '../bids/bids.table.js';
import { companies } from '../companies/companies.table.js';
import { stateCities } from '../geo/geo.service.js';
import { listings } from '../listings/listings.table.js';

const P1 = 'Molasses ENA';
const P2 = 'Grain ENA';
const MH = 'Maharashtra';
const KA = 'Karnataka';
const DAY_MS = 86_400_000;

type Side = 'Offer' | 'Ask';
/** A listing as the test knows it: what it was created with, less what its trades took. */
type Known = {
  id: number;
  side: Side;
  state: string;
  product: string;
  available: number;
  price: number;
  open: boolean;
};
type Trade = { offer: Known; ask: Known; quantity: number; price: number; daysAgo: number; confidential: boolean };

let h: Harness;
let superToken: string;
let seller: Trader;
let buyer: Trader;
let premium: Trader;
const known: Known[] = [];
const trades: Trade[] = [];
const other: { rejected?: BidData; lapsed?: BidData; open?: BidData } = {};

async function list(trader: Trader, side: Side, state: string, product: string, quantity: number, price: number) {
  const distillery = trader.distilleries.find((d) => d.state === state)!;
  const row = await seedListing(h, trader, {
    state,
    distillery_id: distillery.id,
    product,
    offer_quantity: String(quantity),
    offer_price: String(price),
  });
  const k: Known = { id: row.id, side, state, product, available: quantity, price, open: true };
  known.push(k);
  return k;
}

async function trade(offer: Known, ask: Known, quantity: number, price: number, daysAgo = 0, confidential = false) {
  const buyerOf = ask === premiumAsk ? premium : buyer;
  const bid = await seedApprovedTrade(h, { seller, buyer: buyerOf, offer, ask }, { quantity, price });
  // The premium buyer's bid is confidential: the flag its placement would carry (`is_bid_confidential`), set here
  // because the fixture places without it.
  if (confidential) await h.db.update(bids).set({ is_confidential: true }).where(eq(bids.id, bid.id));
  if (daysAgo) {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    await h.db.update(bids).set({ approved_at: at, created_at: at, updated_at: at }).where(eq(bids.id, bid.id));
  }
  offer.available -= quantity;
  ask.available -= quantity;
  trades.push({ offer, ask, quantity, price, daysAgo, confidential });
  return bid;
}

let premiumAsk: Known;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  buyer = await seedTrader(h, { superToken, type: 'Buyer' });
  premium = await seedTrader(h, { superToken, type: 'Buyer' });
  await h.db.update(companies).set({ is_bid_confidential: true }).where(eq(companies.id, premium.company.id));

  const o1 = await list(seller, 'Offer', MH, P1, 10_000, 60);
  const o2 = await list(seller, 'Offer', KA, P1, 5_000, 62.4);
  const o3 = await list(seller, 'Offer', MH, P2, 2_000, 70);
  const o4 = await list(seller, 'Offer', KA, P2, 4_000, 71);
  const a1 = await list(buyer, 'Ask', MH, P1, 8_000, 58);
  const a2 = await list(buyer, 'Ask', KA, P2, 3_000, 66.25);
  const a3 = await list(buyer, 'Ask', MH, P2, 1_500, 65);
  premiumAsk = await list(premium, 'Ask', MH, P1, 2_000, 59.1);

  await trade(o1, a1, 1_000, 61.5);
  await trade(o2, a1, 500, 63);
  await trade(o3, a2, 200, 68, 40);
  await trade(o1, premiumAsk, 300, 60, 0, true);

  // Closed listings (sold out) count nowhere.
  await h.db
    .update(listings)
    .set({ status: 'Closed', available_quantity: '0' })
    .where(inArray(listings.id, [o4.id, a3.id]));
  o4.open = false;
  a3.open = false;

  const market = { seller, buyer, offer: o1, ask: a1 };
  const rejected = await seedOpenBid(h, market);
  const res = await h.call<BidData>(
    'bidAction',
    { bid_id: rejected.id, is_approved: false, comment: 'Too low', version: rejected.version },
    seller.negotiator.token,
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  other.rejected = res.body.data;
  other.lapsed = await seedOpenBid(h, market, { hours: -1 });
  await lapseExpired(h.deps);
  other.open = await seedOpenBid(h, { ...market, offer: o2 });
  h.deps.marketCache.drop();
}, 300_000);
afterAll(async () => h?.close());

// --- Independent arithmetic: decilitres and paise as integers ------------------------------------------------

const dl = (litres: number) => Math.round(litres * 10);
const paise = (rupees: number) => Math.round(rupees * 100);
const litres = (d: number) => (d / 10).toFixed(1);
/** Σ q·p ÷ Σ q in paise, rounded half up, as rupees with two decimals. */
function weightedRate(rows: { quantity: number; price: number }[]): string {
  const q = rows.reduce((s, r) => s + dl(r.quantity), 0);
  const qp = rows.reduce((s, r) => s + dl(r.quantity) * paise(r.price), 0);
  return (Math.floor((2 * qp + q) / (2 * q)) / 100).toFixed(2);
}
const sumLitres = (rows: { quantity: number }[]) => litres(rows.reduce((s, r) => s + dl(r.quantity), 0));

function expectedTrend(product?: string): PriceTrendRow[] {
  const states = new Set<string>();
  const rows = new Map<string, PriceTrendRow>();
  const side = (s: Side, state: string) =>
    known
      .filter((k) => k.side === s && k.open && k.state === state && (!product || k.product === product))
      .map((k) => ({ quantity: k.available, price: k.price }));
  const traded = (state: string) =>
    trades
      .filter(
        (t) =>
          !t.confidential && t.daysAgo < 30 && t.offer.state === state && (!product || t.offer.product === product),
      )
      .map((t) => ({ quantity: t.quantity, price: t.price }));
  for (const k of known) states.add(k.state);
  for (const state of states) {
    const [asks, offers, done] = [side('Ask', state), side('Offer', state), traded(state)];
    rows.set(state, {
      state,
      buyer_quantity: asks.length ? sumLitres(asks) : null,
      buyer_rate: asks.length ? weightedRate(asks) : null,
      seller_quantity: offers.length ? sumLitres(offers) : null,
      seller_rate: offers.length ? weightedRate(offers) : null,
      trade_volume: done.length ? sumLitres(done) : null,
      trade_avg_rate: done.length ? weightedRate(done) : null,
    });
  }
  return [...rows.values()];
}

/** Monday of the India week of a moment, `YYYY-MM-DD`. */
function weekOf(at: Date): string {
  const day = indianDateOf(at);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

const call = async (method: string, body: Record<string, unknown>, token: string | null) => {
  const res = await h.call(method, body, token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('getPriceTrend', () => {
  it('gives every state of the app’s list, with open asks, open offers and 30 days of trades', async () => {
    const trend = priceTrendSchema.parse(await call('getPriceTrend', {}, buyer.negotiator.token));
    const all = (await stateCities()).map((s) => s.state);
    expect(trend.records.map((r) => r.state)).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(trend.trade_days).toBe(30);
    const expected = expectedTrend();
    for (const row of expected) expect(trend.records.find((r) => r.state === row.state)).toEqual(row);
    // The figures the test chose, spelt out once: Maharashtra's asks are the buyer's and the premium buyer's.
    expect(expected.find((r) => r.state === MH)).toMatchObject({
      buyer_quantity: '8200.0',
      seller_quantity: '10500.0',
      trade_volume: '1000.0',
      trade_avg_rate: '61.50',
    });
    const empty = trend.records.find((r) => !expected.some((e) => e.state === r.state))!;
    expect(Object.values(empty).filter((v) => v !== null)).toEqual([empty.state]);
  });

  it('filters by product and is the same for every role', async () => {
    for (const product of [P1, P2]) {
      const expected = expectedTrend(product);
      for (const token of [seller.adminToken, buyer.approver.token, superToken]) {
        const trend = priceTrendSchema.parse(await call('getPriceTrend', { product }, token));
        expect(trend.product).toBe(product);
        for (const row of expected) expect(trend.records.find((r) => r.state === row.state)).toEqual(row);
      }
    }
  });

  it('leaves out the confidential trade and trades older than 30 days', async () => {
    const trend = priceTrendSchema.parse(await call('getPriceTrend', { product: P2 }, seller.negotiator.token));
    // Grain ENA's only non-confidential trade is 40 days old.
    expect(trend.records.every((r) => r.trade_volume === null)).toBe(true);
    const p1 = priceTrendSchema.parse(await call('getPriceTrend', { product: P1 }, seller.negotiator.token));
    expect(p1.records.find((r) => r.state === MH)!.trade_volume).toBe('1000.0');
  });
});

describe('getAnalysisVolume', () => {
  const now = () => new Date();
  it('sums trades by week and product over the default 90 days, confidential left out', async () => {
    const v = analysisVolumeSchema.parse(await call('getAnalysisVolume', {}, superToken));
    expect(v.bucket).toBe('week');
    expect(v.to_date).toBe(indianDateOf(now()));
    expect(v.from_date).toBe(addDays(v.to_date, -89));
    const recent = trades.filter((t) => !t.confidential && t.daysAgo === 0);
    expect(v.records).toEqual(
      [
        { period: weekOf(now()), key: P1, trades: 2, volume: sumLitres(recent), avg_price: weightedRate(recent) },
        {
          period: weekOf(new Date(Date.now() - 40 * DAY_MS)),
          key: P2,
          trades: 1,
          volume: '200.0',
          avg_price: '68.00',
        },
      ].sort((a, b) => a.period.localeCompare(b.period)),
    );
  });

  it('groups by the offer’s state, by day over a short range, and filters by product', async () => {
    const today = indianDateOf(now());
    const v = analysisVolumeSchema.parse(
      await call('getAnalysisVolume', { group_by: 'state', from_date: addDays(today, -9), to_date: today }, superToken),
    );
    expect(v.bucket).toBe('day');
    expect(v.records).toEqual([
      { period: today, key: KA, trades: 1, volume: '500.0', avg_price: '63.00' },
      { period: today, key: MH, trades: 1, volume: '1000.0', avg_price: '61.50' },
    ]);
    const grain = analysisVolumeSchema.parse(
      await call('getAnalysisVolume', { product: P2, from_date: addDays(today, -400), to_date: today }, superToken),
    );
    expect(grain.bucket).toBe('month');
    expect(grain.records.map((r) => [r.key, r.volume])).toEqual([[P2, '200.0']]);
  });
});

describe('getAnalysisFunnel', () => {
  it('counts the bids created in the range by how far they went', async () => {
    const f = analysisFunnelSchema.parse(await call('getAnalysisFunnel', {}, superToken));
    // Three trades (the confidential one left out), a rejected, a lapsed and an open bid.
    expect(f).toMatchObject({ placed: 6, accepted: 3, approved: 3, rejected: 1, lapsed: 1, open: 1 });
    const today = indianDateOf(new Date());
    const recent = analysisFunnelSchema.parse(
      await call('getAnalysisFunnel', { from_date: addDays(today, -20), to_date: today }, superToken),
    );
    expect(recent).toMatchObject({ placed: 5, accepted: 2, approved: 2, rejected: 1, lapsed: 1, open: 1 });
  });
});

describe('getAnalysisTopCompanies', () => {
  it('ranks companies by traded volume as either party, with real names', async () => {
    const top = analysisTopCompaniesSchema.parse(await call('getAnalysisTopCompanies', {}, superToken));
    const shown = trades.filter((t) => !t.confidential);
    const names = await h.db
      .select({
        id: companies.id,
        name: companies.name,
        registered_name: companies.registered_name,
        type: companies.type,
      })
      .from(companies)
      .where(inArray(companies.id, [seller.company.id, buyer.company.id]));
    const expected = names
      .map((c) => ({
        company_id: c.id,
        company_name: c.name || c.registered_name,
        company_type: c.type,
        trades: shown.length,
        volume: sumLitres(shown),
        avg_price: weightedRate(shown),
      }))
      .sort((a, b) => a.company_id - b.company_id);
    expect(top.records).toEqual(expected);
    const one = analysisTopCompaniesSchema.parse(await call('getAnalysisTopCompanies', { limit: 1 }, superToken));
    expect(one.records).toEqual(expected.slice(0, 1));
  });
});
