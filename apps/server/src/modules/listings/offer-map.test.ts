// getOfferMap (issue 23 part 4): a listing's possible counterparties summed per state and the caller's source for
// their distilleries. The expected records are summed here from the seeded listings and ratings, in JavaScript.
import { offerMapResultSchema, type OfferMapRecord } from '@spirit/domain/listings/offer-map.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { periodAhead, seedAsk, seedOffer, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf } from '../../test/plans.js';
import { ratings } from '../ratings/ratings.table.js';
import { offerMapQuery } from './offer-map.repository.js';

let h: Harness;
let superToken: string;
let sellerA: Trader;
let sellerB: Trader;
let buyerA: Trader;
let buyerB: Trader;
let ask: { id: number };
let offer: { id: number };

type Seeded = { trader: Trader; d: 0 | 1; price: number; quantity: number; product?: string; later?: boolean };
const OFFERS: (() => Seeded)[] = [
  () => ({ trader: sellerA, d: 0, price: 60, quantity: 10_000 }),
  () => ({ trader: sellerA, d: 0, price: 55, quantity: 2_500 }),
  () => ({ trader: sellerA, d: 1, price: 58, quantity: 4_000 }),
  () => ({ trader: sellerB, d: 0, price: 57, quantity: 3_000 }),
  () => ({ trader: sellerB, d: 1, price: 56, quantity: 1_000 }),
  // Not counterparties of the ask: another product, a period that does not overlap.
  () => ({ trader: sellerB, d: 1, price: 40, quantity: 9_000, product: 'Grain ENA' }),
  () => ({ trader: sellerB, d: 1, price: 41, quantity: 9_000, later: true }),
];

async function seedListingOf(s: Seeded) {
  const distillery = s.trader.distilleries[s.d]!;
  return seedOffer(h, s.trader, {
    distillery_id: distillery.id,
    state: distillery.state,
    offer_price: String(s.price),
    offer_quantity: String(s.quantity),
    ...(s.product ? { product: s.product } : {}),
    ...(s.later ? { from_period: periodAhead(6), to_period: periodAhead(7) } : {}),
  });
}

/** Latest ratings by company of a distillery: [from, trader, distillery, rating, source], oldest first. */
type RatingSeed = [Trader, Trader, 0 | 1, number, 'New' | 'Approved' | 'Rejected'];

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  sellerA = await seedTrader(h, { superToken, type: 'Seller' });
  sellerB = await seedTrader(h, { superToken, type: 'Seller' });
  buyerA = await seedTrader(h, { superToken, type: 'Buyer' });
  buyerB = await seedTrader(h, { superToken, type: 'Buyer' });
}, 240_000);
afterAll(async () => h?.close());

/** The map's records computed from the seeds: per distillery its source and ratings, then per state and source. */
function expected(opts: {
  listings: Seeded[];
  ratings: RatingSeed[];
  caller: Trader;
  best: 'min' | 'max';
  companyType: 'Seller' | 'Buyer';
}) {
  const latest = new Map<string, { rating: number; source: string }>();
  for (const [from, to, d, rating, source] of opts.ratings)
    latest.set(`${from.company.id}|${to.distilleries[d]!.id}`, { rating, source });
  const pick = opts.best === 'min' ? Math.min : Math.max;
  const perDistillery = new Map<number, { state: string; quantity: number; price: number; n: number }>();
  for (const s of opts.listings) {
    const dist = s.trader.distilleries[s.d]!;
    const prev = perDistillery.get(dist.id);
    perDistillery.set(dist.id, {
      state: dist.state,
      quantity: (prev?.quantity ?? 0) + s.quantity,
      price: prev ? pick(prev.price, s.price) : s.price,
      n: (prev?.n ?? 0) + 1,
    });
  }
  type Group = {
    state: string;
    source: string;
    quantity: number;
    price: number;
    listings: number;
    distilleries: number;
    yours: number[];
    industry: number[];
  };
  const groups = new Map<string, Group>();
  const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
  for (const [id, d] of perDistillery) {
    const mine = latest.get(`${opts.caller.company.id}|${id}`);
    const all = [...latest].filter(([k]) => k.endsWith(`|${id}`)).map(([, v]) => v.rating);
    const source = mine?.source ?? 'New';
    const key = `${d.state}|${source}`;
    const g: Group = groups.get(key) ?? {
      state: d.state,
      source,
      quantity: 0,
      price: d.price,
      listings: 0,
      distilleries: 0,
      yours: [],
      industry: [],
    };
    g.quantity += d.quantity;
    g.price = pick(g.price, d.price);
    g.listings += d.n;
    g.distilleries += 1;
    if (mine) g.yours.push(mine.rating);
    if (all.length) g.industry.push(mean(all)!);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({
      state: g.state,
      source: g.source,
      available_quantity: g.quantity,
      offer_price: g.price,
      your_rating: mean(g.yours),
      industry_rating: mean(g.industry),
      company_type: opts.companyType,
      listings: g.listings,
      distilleries: g.distilleries,
    }))
    .sort((a, b) => `${a.state}|${a.source}`.localeCompare(`${b.state}|${b.source}`));
}

const numeric = (r: OfferMapRecord) => ({
  ...r,
  available_quantity: Number(r.available_quantity),
  offer_price: Number(r.offer_price),
});

describe('getOfferMap', () => {
  let seededOffers: Seeded[];
  let seededRatings: RatingSeed[];

  it('sums a buyer’s possible sellers per state and the buyer’s source, with the lowest price and mean ratings', async () => {
    ask = await seedAsk(h, buyerA, { offer_price: '60' });
    seededOffers = OFFERS.map((f) => f());
    for (const s of seededOffers) await seedListingOf(s);
    seededRatings = [
      [buyerA, sellerA, 0, 2, 'New'],
      [buyerA, sellerA, 0, 4, 'Approved'],
      [buyerB, sellerA, 0, 5, 'Approved'],
      [buyerA, sellerB, 0, 1, 'Rejected'],
      [buyerB, sellerA, 1, 3, 'New'],
      [buyerB, sellerB, 1, 4, 'Rejected'],
    ];
    const start = Date.now() - 3_600_000;
    await h.db.insert(ratings).values(
      seededRatings.map(([from, to, d, rating, source], i) => ({
        from_company_id: from.company.id,
        to_company_id: to.company.id,
        to_distillery_id: to.distilleries[d]!.id,
        rating,
        source,
        created_at: new Date(start + i * 60_000),
      })),
    );
    const res = await h.call('getOfferMap', { offer_id: ask.id }, buyerA.negotiator.token);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const { records } = offerMapResultSchema.parse(res.body.data);
    const want = expected({
      listings: seededOffers.filter((s) => !s.product && !s.later),
      ratings: seededRatings,
      caller: buyerA,
      best: 'min',
      companyType: 'Seller',
    });
    expect(records.map(numeric)).toEqual(want);
    // The seeds make three markers: Maharashtra Approved and Rejected, Karnataka New (two distilleries).
    expect(records.map((r) => `${r.state} ${r.source} ${r.distilleries}`)).toEqual([
      'Karnataka New 2',
      'Maharashtra Approved 1',
      'Maharashtra Rejected 1',
    ]);
    // Every user of the company sees the same map.
    const asApprover = await h.call('getOfferMap', { offer_id: ask.id }, buyerA.approver.token);
    expect(offerMapResultSchema.parse(asApprover.body.data)).toEqual({ records });
  });

  it('shows a seller the asks with the highest price, and no records when nothing matches', async () => {
    offer = await seedListingOf({ trader: sellerA, d: 0, price: 50, quantity: 100 });
    const buyerBAsk: Seeded = { trader: buyerB, d: 1, price: 59, quantity: 2_000 };
    await seedAsk(h, buyerB, {
      distillery_id: buyerB.distilleries[1]!.id,
      state: buyerB.distilleries[1]!.state,
      offer_price: '59',
      offer_quantity: '2000',
    });
    const res = await h.call('getOfferMap', { offer_id: offer.id }, sellerA.negotiator.token);
    const { records } = offerMapResultSchema.parse(res.body.data);
    const want = expected({
      listings: [{ trader: buyerA, d: 0, price: 60, quantity: 10_000 }, buyerBAsk],
      ratings: [],
      caller: sellerA,
      best: 'max',
      companyType: 'Buyer',
    });
    expect(records.map(numeric)).toEqual(want);
    const lonely = await seedOffer(h, sellerA, { product: 'Grain ENA' });
    const none = await h.call('getOfferMap', { offer_id: lonely.id }, sellerA.negotiator.token);
    expect(offerMapResultSchema.parse(none.body.data)).toEqual({ records: [] });
  });

  it('refuses another company’s listing, an unknown one, the SuperAdmin and a bad id', async () => {
    expectError(await h.call('getOfferMap', { offer_id: ask.id }, sellerA.negotiator.token), 404);
    expectError(await h.call('getOfferMap', { offer_id: ask.id }, buyerB.negotiator.token), 404);
    expectError(await h.call('getOfferMap', { offer_id: 987_654_321 }, buyerA.negotiator.token), 404);
    expectError(await h.call('getOfferMap', { offer_id: ask.id }, superToken), 403);
    expectError(await h.call('getOfferMap', { offer_id: 'abc' }, buyerA.negotiator.token), 400);
    expectError(await h.call('getOfferMap', {}, buyerA.negotiator.token), 400);
    expectError(await h.call('getOfferMap', { offer_id: ask.id }, null), 401);
  });

  it('reads the listings by an index of open listings and the ratings by ratings_to_from_idx', async () => {
    const period = periodAhead(0);
    const values = {
      side: 'Offer',
      product: 'Molasses ENA',
      from_period: periodAhead(1),
      to_period: periodAhead(4),
      company: buyerA.company.id,
      period,
    };
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      const plan = await planOf(h.db, offerMapQuery(h.db, { mine: 'Ask' }), values, mode);
      expect(plan, plan).toMatch(/Index Scan using listings_open_\w*idx on listings/);
      expect(plan, plan).not.toMatch(/Seq Scan on listings/);
      expect(plan, plan).toMatch(/ratings_to_from_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on ratings/);
    }
  });
});
