// After the trade (issue 22 parts 1, 2 and 5's fee privacy): the Approved Bids list for each party and for the
// SuperAdmin (search, paging, order), the trade's detail with both names for the parties and the SuperAdmin only,
// and each side reading its own fee rates alone.
import { bidDetailSchema, getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeCorrection } from '../../test/fee-fixtures.js';
import { expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk, seedOffer, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, seedOpenBid, type BidData, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let superToken: string;
let m: Market;
let third: Trader;
/** Five trades of m's two companies (oldest first), one of `third` with m's seller, and an open bid of m. */
let trades: BidData[];
let otherTrade: BidData;
let open: BidData;

const APPROVED = { bid_status: 'Approved', is_tracked_bid: true } as const;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  for (const rate of [
    { company_type: 'Seller', commission_amount: 0.75, state_gst: 6, central_gst: 6 },
    { company_type: 'Buyer', commission_amount: 1.25, state_gst: 9, central_gst: 9 },
  ]) {
    const res = await h.call('createCommission', rate, superToken);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }
  m = await seedMarket(h, { superToken });
  third = await seedTrader(h, { superToken, type: 'Buyer' });
  trades = [];
  for (const product of ['Molasses ENA', 'Grain ENA', 'Molasses ENA', 'Molasses ENA', 'Molasses ENA']) {
    const market = {
      ...m,
      offer: await seedOffer(h, m.seller, { product }),
      ask: await seedAsk(h, m.buyer, { product }),
    };
    trades.push(await seedApprovedTrade(h, market, { quantity: 100 }));
  }
  otherTrade = await seedApprovedTrade(
    h,
    { seller: m.seller, buyer: third, offer: await seedOffer(h, m.seller), ask: await seedAsk(h, third) },
    { quantity: 100 },
  );
  open = await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer) });
}, 300_000);
afterAll(async () => h.close());

const listed = async (token: string | null, body: Record<string, unknown> = {}) => {
  const res = await h.call('getAllBids', { ...APPROVED, ...body }, token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return getAllBidsResultSchema.parse(res.body.data);
};
const ids = (page: { records: { id: number }[] }) => page.records.map((r) => r.id);
const detail = async (token: string | null, id: number) => {
  const res = await h.call('getBidById', { bid_id: id }, token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return bidDetailSchema.parse(res.body.data);
};

describe('Approved Bids (getAllBids, bid_status Approved)', () => {
  it('lists a company’s own trades, newest first, with both names and states', async () => {
    const page = await listed(m.buyer.negotiator.token);
    expect(ids(page)).toEqual(trades.map((t) => t.id).reverse());
    expect(page.totalRecords).toBe(5);
    expect(page.records[0]).toMatchObject({
      status: 'Approved',
      buyer_company_name: m.buyer.company.body.name,
      seller_company_name: m.seller.company.body.name,
      buyer_company_state: m.buyer.distilleries[0]!.state,
      seller_company_state: m.seller.distilleries[0]!.state,
      trade_reference_number: trades[4]!.trade_reference_number,
      // The listings' live figures are not read for the tracked trades, which do not show them.
      offer_available_quantity: null,
      ask_available_quantity: null,
      offer_price: null,
      ask_price: null,
    });
    // My Bids' approved rows (not tracked) carry them: what the listings hold now.
    const mine = await h.call('getAllBids', { bid_status: 'Approved' }, m.buyer.negotiator.token);
    const latest = getAllBidsResultSchema.parse(mine.body.data).records[0]!;
    expect(latest.id).toBe(trades[4]!.id);
    expect(latest.offer_price).toMatch(/^\d+\.\d+$/);
    expect(latest.ask_available_quantity).toMatch(/^\d+(\.\d+)?$/);
    // The seller's Admin sees every trade of the company, the third company's too.
    expect(ids(await listed(m.seller.adminToken))).toEqual([otherTrade.id, ...trades.map((t) => t.id).reverse()]);
    // A third company sees only its own.
    expect(ids(await listed(third.approver.token))).toEqual([otherTrade.id]);
  });

  it('lists every trade for the SuperAdmin, and no open bid', async () => {
    const page = await listed(superToken);
    expect(ids(page)).toEqual([otherTrade.id, ...trades.map((t) => t.id).reverse()]);
    expect(ids(page)).not.toContain(open.id);
    expect(page.records.find((r) => r.id === otherTrade.id)).toMatchObject({
      buyer_company_name: third.company.body.name,
      seller_company_name: m.seller.company.body.name,
    });
  });

  it('searches (product, state, trade reference), pages and orders oldest first on request', async () => {
    expect(ids(await listed(m.buyer.adminToken, { item_search: 'grain' }))).toEqual([trades[1]!.id]);
    const ref = trades[0]!.trade_reference_number!;
    expect(ids(await listed(superToken, { item_search: ref.toLowerCase() }))).toEqual([trades[0]!.id]);
    expect(ids(await listed(superToken, { item_search: 'no such thing' }))).toEqual([]);
    // Both parties' names are searched on trades (never on lists where a party is masked).
    const thirdName = third.company.body.name as string;
    expect(ids(await listed(superToken, { item_search: thirdName.toUpperCase() }))).toEqual([otherTrade.id]);
    expect(ids(await listed(m.seller.adminToken, { item_search: thirdName }))).toEqual([otherTrade.id]);
    expect(ids(await listed(m.buyer.adminToken, { item_search: thirdName }))).toEqual([]);
    const sellerName = m.seller.company.body.name as string;
    expect(ids(await listed(m.buyer.adminToken, { item_search: sellerName }))).toEqual(
      trades.map((t) => t.id).reverse(),
    );

    const newest = [otherTrade, ...trades.slice().reverse()].map((t) => t.id);
    const first = await listed(superToken, { page_size: 5 });
    expect({ ids: ids(first), total: first.totalRecords }).toEqual({ ids: newest.slice(0, 5), total: 6 });
    const second = await listed(superToken, { page_size: 5, page: 2 });
    expect({ ids: ids(second), total: second.totalRecords }).toEqual({ ids: newest.slice(5), total: 6 });
    expect(await listed(superToken, { page_size: 5, page: 3 })).toEqual({ records: [], totalRecords: 6 });

    const oldest = await listed(m.buyer.negotiator.token, { sort_by: 'modified_on', sort_order: 'asc' });
    expect(ids(oldest)).toEqual(trades.map((t) => t.id));
    const platformOldest = await listed(superToken, { sort_by: 'modified_on', sort_order: 'asc' });
    expect(ids(platformOldest)).toEqual([...trades.map((t) => t.id), otherTrade.id]);
  });

  it('refuses the SuperAdmin every list but the approved trades', async () => {
    for (const body of [{}, { bid_status: 'New' }, { is_market: true }, { awaiting_me: true }]) {
      expectError(await h.call('getAllBids', body, superToken), 403, { code: 'bid.approved_only' });
    }
    expectError(await h.call('getAllBids', { ...APPROVED, offer_id: m.offer.id }, superToken), 403, {
      code: 'bid.approved_only',
    });
    // The order-named alias stays the companies' own.
    expectError(await h.call('getAllOrderDetails', {}, superToken), 403);
  });
});

describe('Bid Detail (getBidById of an approved trade)', () => {
  it('shows both parties every field with both names; the SuperAdmin too', async () => {
    const trade = trades[0]!;
    for (const token of [m.buyer.negotiator.token, m.seller.adminToken, superToken]) {
      const bid = await detail(token, trade.id);
      expect(bid).toMatchObject({
        status: 'Approved',
        trade_reference_number: trade.trade_reference_number,
        buyer_company_id: m.buyer.company.id,
        seller_company_id: m.seller.company.id,
        buyer_company_name: m.buyer.company.body.name,
        seller_company_name: m.seller.company.body.name,
        buyer_company_state: m.buyer.distilleries[0]!.state,
        seller_company_state: m.seller.distilleries[0]!.state,
        from_distillery_id: m.seller.distilleries[0]!.id,
        to_distillery_id: m.buyer.distilleries[0]!.id,
        from_distillery_name: m.seller.distilleries[0]!.name,
        to_distillery_name: m.buyer.distilleries[0]!.name,
        product: 'Molasses ENA',
        quantity: '100.0',
        sell_order: null,
        allowed_actions: [],
      });
      expect(bid.negotiations.length).toBeGreaterThan(0);
    }
  });

  it('is not found for another company, nor for the SuperAdmin before the trade', async () => {
    expectError(await h.call('getBidById', { bid_id: trades[0]!.id }, third.negotiator.token), 404, {
      code: 'bid.not_found',
    });
    expectError(await h.call('getBidById', { bid_id: trades[0]!.id }, third.adminToken), 404);
    expectError(await h.call('getBidById', { bid_id: open.id }, superToken), 404, { code: 'bid.not_found' });
    expectError(await h.call('getOrderById', { order_id: trades[0]!.id }, superToken), 403);
  });

  it('gives each side its own fee rates only, and the SuperAdmin both', async () => {
    const id = trades[0]!.id;
    const buyerFees = { buyer_commission_amount: '1.25', buyer_state_gst: '9.00', buyer_central_gst: '9.00' };
    const sellerFees = { seller_commission_amount: '0.75', seller_state_gst: '6.00', seller_central_gst: '6.00' };
    for (const token of [m.buyer.negotiator.token, m.buyer.adminToken]) {
      expect((await detail(token, id)).fees).toEqual(buyerFees);
      expect(JSON.stringify((await h.call('getOrderById', { order_id: id }, token)).body)).not.toContain(
        'seller_commission_amount',
      );
    }
    expect((await detail(m.seller.approver.token, id)).fees).toEqual(sellerFees);
    expect((await detail(superToken, id)).fees).toEqual({ ...buyerFees, ...sellerFees });
  });
});

// Approved Bids answers from records kept as JSON text under keys naming all they show (lib/record-memo.ts): a kept
// record must read exactly as a fresh one, and any change to what it shows must make a new one at once.
type Epoch = { rows: { epoch: string | number }[] };

describe('Approved Bids from kept records', () => {
  /** The answer's text as the server wrote it. */
  const raw = async (token: string | null, body: Record<string, unknown> = {}) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/getAllBids',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify({ ...APPROVED, ...body }),
    });
    expect(res.statusCode, res.payload).toBe(200);
    return res.payload;
  };
  const statements = async (token: string | null) => {
    const before = h.deps.database.queries.count;
    await raw(token);
    return h.deps.database.queries.count - before;
  };

  it('answers a kept page byte for byte as a fresh one, in one statement; each viewer its own', async () => {
    const views = [m.buyer.negotiator.token, m.seller.adminToken, superToken];
    const fresh = [];
    for (const token of views) fresh.push(await raw(token, { page_size: 30 }));
    for (const [i, token] of views.entries()) expect(await raw(token, { page_size: 30 })).toBe(fresh[i]);
    // Each side's view and the platform's are kept apart (the counterparty's state, the viewer's side).
    const sides = fresh.map((p) => [
      ...new Set(JSON.parse(p).data.records.map((r: { viewer_side: unknown }) => r.viewer_side)),
    ]);
    expect(sides).toEqual([['buyer'], ['seller'], [null]]);
    // Kept records and a kept total: the page is one statement (its keys).
    await raw(m.buyer.negotiator.token);
    expect(await statements(m.buyer.negotiator.token)).toBe(1);
  });

  it('shows a renamed company and a corrected trade at once', async () => {
    const token = m.seller.adminToken;
    await raw(token);
    const was = m.seller.company.body.name as string;
    const epoch = async () =>
      Number(((await h.db.execute(sql`select epoch from names_epoch`)) as unknown as Epoch).rows[0]!.epoch);
    const first = await epoch();
    // Only a change of a shown name raises the names' epoch (migration 0037's trigger).
    await h.db.execute(sql`update companies set city = city, name = name where id = ${m.seller.company.id}`);
    expect(await epoch()).toBe(first);
    await h.db.execute(sql`update companies set name = ${`${was} Renamed`} where id = ${m.seller.company.id}`);
    expect(await epoch()).toBe(first + 1);
    try {
      const page = JSON.parse(await raw(token)).data.records as { seller_company_name: string }[];
      expect(new Set(page.map((r) => r.seller_company_name))).toEqual(new Set([`${was} Renamed`]));
    } finally {
      await h.db.execute(sql`update companies set name = ${was} where id = ${m.seller.company.id}`);
    }
    expect(JSON.parse(await raw(token)).data.records[0].seller_company_name).toBe(was);

    // A correction of the fees raises the trade's version and its change time: its record is made again.
    const before = JSON.parse(await raw(superToken)).data.records.find((r: { id: number }) => r.id === otherTrade.id);
    const corrected = await h.call('updateBidCommission', feeCorrection(otherTrade.id), superToken);
    expect(corrected.statusCode, JSON.stringify(corrected.body)).toBe(200);
    const after = JSON.parse(await raw(superToken)).data.records.find((r: { id: number }) => r.id === otherTrade.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.modified_on).not.toBe(before.modified_on);
    expect(after).toEqual(getAllBidsResultSchema.parse({ records: [after], totalRecords: 1 }).records[0]);
  });
  it('names the parties of the other lists from the names memo: read once, a rename shown at once', async () => {
    const token = m.buyer.negotiator.token;
    const names = async () => {
      const page = JSON.parse(await raw(token, { is_tracked_bid: false, page_size: 30 })).data.records as {
        buyer_company_name: string;
        seller_company_name: string;
      }[];
      return new Set(page.map((r) => `${r.buyer_company_name} / ${r.seller_company_name}`));
    };
    const buyerName = m.buyer.company.body.name as string;
    const was = m.seller.company.body.name as string;
    expect(await names()).toEqual(new Set([`${buyerName} / ${was}`]));
    // Held: the page alone (its total kept), no statement for the names.
    const before = h.deps.database.queries.count;
    await names();
    expect(h.deps.database.queries.count - before).toBe(1);
    await h.db.execute(sql`update companies set name = ${`${was} Renamed`} where id = ${m.seller.company.id}`);
    try {
      expect(await names()).toEqual(new Set([`${buyerName} / ${was} Renamed`]));
      // The item page's bids (the open bid on the seller's offer), the same way.
      type Item = { orders: { id: number; seller_company_name: string }[] };
      const item = await h.call<Item>('getInventorybyId', { id: m.offer.id }, m.seller.adminToken);
      expect(item.statusCode, JSON.stringify(item.body)).toBe(200);
      expect(item.body.data.orders.map((o) => [o.id, o.seller_company_name])).toEqual([[open.id, `${was} Renamed`]]);
      // The bid's page too (its statement reads the epoch, the names come from the memo), and its distilleries'.
      const distillery = m.seller.distilleries[0]!;
      const wasDistillery = distillery.name as string;
      type Detail = { seller_company_name: string; from_distillery_name: string };
      const detail = async () =>
        (await h.call<Detail>('getBidById', { bid_id: open.id }, m.seller.negotiator.token)).body.data;
      expect(await detail()).toMatchObject({
        seller_company_name: `${was} Renamed`,
        from_distillery_name: wasDistillery,
      });
      await h.db.execute(sql`update distilleries set name = ${`${wasDistillery} Two`} where id = ${distillery.id}`);
      try {
        expect((await detail()).from_distillery_name).toBe(`${wasDistillery} Two`);
      } finally {
        await h.db.execute(sql`update distilleries set name = ${wasDistillery} where id = ${distillery.id}`);
      }
    } finally {
      await h.db.execute(sql`update companies set name = ${was} where id = ${m.seller.company.id}`);
    }
    expect(await names()).toEqual(new Set([`${buyerName} / ${was}`]));
  });
});
