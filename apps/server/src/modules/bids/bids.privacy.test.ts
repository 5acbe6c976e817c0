// Lapse (by the sweep and by reading before it) and privacy: counterparty names masked in every response shape until
// the bid is Approved; confidential bids hidden from the market list, the ticker, statistics and other companies.
import { bidDetailSchema, getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocked } from '../../lib/scheduler.js';
import { auditEntries, seedSuperAdmin } from '../../test/fixtures.js';
import { listingBody, seedAsk, seedOffer, seedTrader, type Trader } from '../../test/team-fixtures.js';
import {
  approveBid,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  validUntil,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { companies } from '../companies/companies.table.js';
import { events } from '../events/events.table.js';
import { bidHistory, bids } from './bids.table.js';
import { lapseExpired } from './bids.lapse.js';

let h: Harness;
let superToken: string;
let m: Market;
let third: Trader;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  third = await seedTrader(h, { superToken, type: 'Buyer' });
}, 180_000);
afterAll(async () => h.close());

const fresh = async (): Promise<Market> => ({ ...m, ask: await seedAsk(h, m.buyer) });
const sweep = () =>
  runLocked(h.db, { name: 'lapse-bids', lockKey: 7_102, everyMs: 60_000, run: () => lapseExpired(h.deps) });
const bidRow = async (id: number) => (await h.db.select().from(bids).where(eq(bids.id, id)))[0]!;

describe('lapse', () => {
  it('reads a bid past its validity as Lapsed before the sweep, without writing', async () => {
    const bid = await seedOpenBid(h, await fresh(), { hours: 0.25 });
    h.clock.offsetMs += 15 * 60_000;
    try {
      const read = bidDetailSchema.parse(
        (await h.call('getBidById', { bid_id: bid.id }, m.seller.negotiator.token)).body.data,
      );
      expect(read).toMatchObject({ status: 'Lapsed', is_bid_lapsed: true, allowed_actions: [], waiting_for: [] });
      const lapsed = await h.call('getAllBids', { bid_status: 'Lapsed' }, m.seller.negotiator.token);
      expect(getAllBidsResultSchema.parse(lapsed.body.data).records.map((r) => r.id)).toContain(bid.id);
      const open = await h.call('getAllBids', { bid_status: 'New' }, m.seller.negotiator.token);
      expect(getAllBidsResultSchema.parse(open.body.data).records.map((r) => r.id)).not.toContain(bid.id);
      expect((await bidRow(bid.id)).status).toBe('New');
    } finally {
      h.clock.offsetMs -= 15 * 60_000;
    }
  });

  it('the sweep marks lapsed bids with a history and an audit entry, once', async () => {
    const lapsing = await seedOpenBid(h, await fresh(), { hours: 0.25 });
    const locked = await seedLockedBid(h, await fresh(), { hours: 0.25 });
    const staying = await seedOpenBid(h, await fresh(), { hours: 1 });
    h.clock.offsetMs += 15 * 60_000 + 1_000;
    try {
      expect(await sweep()).toBe(true);
      for (const b of [lapsing, locked]) {
        const row = await bidRow(b.id);
        expect(row).toMatchObject({ status: 'Lapsed', version: b.version + 1 });
        const entries = await h.db
          .select()
          .from(bidHistory)
          .where(and(eq(bidHistory.bid_id, b.id), eq(bidHistory.status, 'Lapsed')));
        expect(entries).toHaveLength(1);
        expect(entries[0]!.user_id).toBeNull();
        expect(await auditEntries(h, 'bid.lapsed', b.id)).toHaveLength(1);
        const told = await h.db
          .select()
          .from(events)
          .where(and(eq(events.bid_id, b.id), eq(events.type, 'bid.lapsed')));
        expect(told.map((e) => e.company_ids?.sort())).toEqual([[m.seller.company.id, m.buyer.company.id].sort()]);
      }
      expect((await bidRow(staying.id)).status).toBe('New');
      expect(await lapseExpired(h.deps)).toBe(0);
    } finally {
      h.clock.offsetMs -= 15 * 60_000 + 1_000;
    }
  });

  it('a new bid may join two listings whose earlier bid lapsed before the sweep', async () => {
    const market = await fresh();
    const old = await seedOpenBid(h, market, { hours: 0.25 });
    h.clock.offsetMs += 15 * 60_000 + 1_000;
    try {
      const again = await seedOpenBid(h, market);
      expect(again.id).not.toBe(old.id);
      expect((await bidRow(old.id)).status).toBe('Lapsed');
    } finally {
      h.clock.offsetMs -= 15 * 60_000 + 1_000;
    }
  });
});

/** Every response a party can get about a bid, as JSON text. */
async function everyShape(bid: BidData, market: Market, token: string | null) {
  const calls: [string, Record<string, unknown>][] = [
    ['getBidById', { bid_id: bid.id }],
    ['getOrderById', { order_id: bid.id }],
    ['getAllBids', {}],
    ['getAllBids', { offer_id: token === market.seller.negotiator.token ? market.offer.id : market.ask.id }],
    ['getAllBids', { awaiting_me: true }],
    ['getAllBids', { is_market: true }],
    ['getAllOrderDetails', {}],
    ['getAllOrderDetails', { buyer_company_id: 1 }],
    ['getInventorybyId', { id: token === market.seller.negotiator.token ? market.ask.id : market.offer.id }],
    ['getAllInventory', {}],
    ['latestNegotiation', { product: 'Molasses ENA' }],
  ];
  const texts: string[] = [];
  for (const [method, body] of calls) {
    const res = await h.call(method, body, token);
    expect(res.statusCode, `${method} ${JSON.stringify(res.body)}`).toBe(200);
    texts.push(JSON.stringify(res.body));
  }
  return texts.join('\n');
}

const nameOf = (t: Trader) => String(t.company.body.name);

describe('masking', () => {
  it('no response to either party names the other company or its distillery until the bid is Approved', async () => {
    const market = await fresh();
    let bid = await seedLockedBid(h, market);
    const buyerSees = await everyShape(bid, market, m.buyer.negotiator.token);
    const sellerSees = await everyShape(bid, market, m.seller.negotiator.token);
    expect(buyerSees).not.toContain(nameOf(m.seller));
    expect(buyerSees).not.toContain(m.seller.distilleries[0]!.name);
    expect(sellerSees).not.toContain(nameOf(m.buyer));
    expect(sellerSees).not.toContain(m.buyer.distilleries[0]!.name);
    expect(buyerSees).toContain(`****${nameOf(m.seller).slice(-2)}`);
    // The counterparty's people are not named in the history either.
    const detail = bidDetailSchema.parse(
      (await h.call('getBidById', { bid_id: bid.id }, m.buyer.negotiator.token)).body.data,
    );
    expect(detail.negotiations.map((n) => [n.company_type, n.user])).toEqual([
      ['Buyer', m.buyer.negotiator.name],
      ['Seller', null],
    ]);
    expect([detail.seller_company_id, detail.from_distillery_id]).toEqual([null, null]);

    for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver, m.seller.approver])
      bid = (await approveBid(h, user, bid)).body.data;
    expect(bid.status).toBe('Approved');
    const after = await h.call('getBidById', { bid_id: bid.id }, m.buyer.negotiator.token);
    const text = JSON.stringify(after.body);
    expect(text).toContain(nameOf(m.seller));
    expect(text).toContain(m.seller.distilleries[0]!.name);
    expect(JSON.stringify((await h.call('getBidById', { bid_id: bid.id }, m.seller.negotiator.token)).body)).toContain(
      nameOf(m.buyer),
    );
  });

  it('the market list shows other companies’ open bids with both names masked', async () => {
    const bid = await seedOpenBid(h, await fresh());
    const res = await h.call('getAllBids', { is_market: true }, third.negotiator.token);
    const record = getAllBidsResultSchema.parse(res.body.data).records.find((r) => r.id === bid.id)!;
    expect(record.buyer_company_name).toMatch(/^\*\*\*\*..$/);
    expect(record.seller_company_name).toMatch(/^\*\*\*\*..$/);
    expect(JSON.stringify(res.body)).not.toContain(nameOf(m.seller));
  });
});

describe('confidential bids', () => {
  it('are hidden from the market list, the ticker, statistics and other companies; the parties see them', async () => {
    // A product of its own, so the figures below are this bid's alone.
    const product = 'Grain ENA';
    await h.db.update(companies).set({ is_bid_confidential: true }).where(eq(companies.id, m.buyer.company.id));
    try {
      const offer = await seedOffer(h, m.seller, { product });
      const ask = await seedAsk(h, m.buyer, { product });
      const res = await h.call(
        'createBid',
        {
          quantity: '100',
          price: '77.77',
          valid_until: validUntil(h),
          my_offer_id: ask.id,
          offer_id: offer.id,
          is_bid_confidential: true,
          captcha: await h.captcha(),
        },
        m.buyer.negotiator.token,
      );
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      const bid = res.body.data as BidData;
      for (const token of [third.negotiator.token, m.buyer.negotiator.token, m.seller.negotiator.token]) {
        const market = await h.call('getAllBids', { is_market: true }, token);
        expect(JSON.stringify(market.body)).not.toContain('77.77');
        const ticker = await h.call('latestNegotiation', { product }, token);
        expect(ticker.body.data).toEqual([]);
        const stats = await h.call('getMarketStats', { product }, token);
        expect(stats.body.data).toMatchObject({ avg_bid_price: null, last_bid_price: null });
      }
      expect((await h.call('getBidById', { bid_id: bid.id }, third.negotiator.token)).statusCode).toBe(404);
      for (const token of [m.buyer.negotiator.token, m.seller.negotiator.token]) {
        const mine = await h.call('getAllBids', {}, token);
        expect(getAllBidsResultSchema.parse(mine.body.data).records.map((r) => r.id)).toContain(bid.id);
        expect((await h.call('getBidById', { bid_id: bid.id }, token)).statusCode).toBe(200);
      }
      // A non-confidential bid on the same product shows in all three.
      await h.db.update(companies).set({ is_bid_confidential: false }).where(eq(companies.id, m.buyer.company.id));
      const open = await seedOpenBid(h, { ...m, offer, ask: await seedAsk(h, m.buyer, { product }) }, { price: '70' });
      const ticker = await h.call('latestNegotiation', { product }, third.negotiator.token);
      expect(ticker.body.data).toEqual([expect.objectContaining({ product, price: '70.00', type: 'buyer' })]);
      const stats = await h.call('getMarketStats', { product }, third.negotiator.token);
      expect(stats.body.data).toMatchObject({ avg_bid_price: '70.00', last_bid_price: '70.00' });
      const market = await h.call('getAllBids', { is_market: true }, third.negotiator.token);
      expect(getAllBidsResultSchema.parse(market.body.data).records.map((r) => r.id)).toContain(open.id);
    } finally {
      await h.db.update(companies).set({ is_bid_confidential: false }).where(eq(companies.id, m.buyer.company.id));
    }
  });
});

describe('listings show their bids', () => {
  it('counts open bids on a listing, and lists the company’s bids on a market item, masked', async () => {
    const offer = await seedOffer(h, m.seller);
    const ask = await seedAsk(h, m.buyer);
    const bid = await seedOpenBid(h, { ...m, offer, ask });
    // The seller's offer and the buyer's ask each count it, in their list and on their item.
    const counts = async () => {
      const of = async (id: number, token: string | null) => {
        const one = await h.call<{ total_open_bids: number }>('getOfferById', { id }, token);
        const list = await h.call<{ records: { id: number; total_open_bids: number }[] }>('getAllOffers', {}, token);
        return [one.body.data.total_open_bids, list.body.data.records.find((r) => r.id === id)?.total_open_bids];
      };
      return [...(await of(offer.id, m.seller.negotiator.token)), ...(await of(ask.id, m.buyer.negotiator.token))];
    };
    expect(await counts()).toEqual([1, 1, 1, 1]);
    // An edit answers with the listing as it now stands, its open bid included.
    const edited = await h.call<{ offer_price: string; total_open_bids: number }>(
      'updateInventory',
      { ...listingBody(m.seller, { offer_price: '61' }), id: offer.id },
      m.seller.negotiator.token,
    );
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ offer_price: '61.00', total_open_bids: 1 });
    // Past its validity the bid is no longer open, whether or not the lapse sweep has run.
    await h.db
      .update(bids)
      .set({ valid_until: new Date(Date.now() - 60_000) })
      .where(eq(bids.id, bid.id));
    expect(await counts()).toEqual([0, 0, 0, 0]);
    await h.db
      .update(bids)
      .set({ valid_until: new Date(Date.now() + 3_600_000) })
      .where(eq(bids.id, bid.id));
    const item = await h.call<{ orders: { id: number; seller_company_name: string }[] }>(
      'getInventorybyId',
      { id: offer.id },
      m.buyer.negotiator.token,
    );
    expect(item.body.data.orders.map((o) => o.id)).toEqual([bid.id]);
    expect(item.body.data.orders[0]!.seller_company_name).toMatch(/^\*\*\*\*..$/);
    // A third company sees the item without the parties' bid.
    const other = await h.call<{ orders: unknown[] }>('getInventorybyId', { id: offer.id }, third.negotiator.token);
    expect(other.body.data.orders).toEqual([]);
    // Which the item's own statement tells: no list of bids is read (the market's figures are kept for seconds).
    const before = h.deps.database.queries.count;
    await h.call('getInventorybyId', { id: offer.id }, third.negotiator.token);
    expect(h.deps.database.queries.count - before).toBe(1);
  });
});
