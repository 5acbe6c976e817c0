// The bid lists: every response shape carries the two listings' current prices (the spec's "Ask Price" column), and
// `awaiting_tier` narrows `awaiting_me` to one tier, so a user who is Authorizer on one distillery and Approver on
// another sees each bid in its own tab.
import { bidDetailSchema, bidListRecordSchema, getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedSuperAdmin } from '../../test/fixtures.js';
import {
  listingBody,
  seedMapping,
  seedOffer,
  seedTeam,
  seedTrader,
  seedUser,
  type Trader,
} from '../../test/team-fixtures.js';
import { approveBid, seedApprovedTrade, seedLockedBid, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let seller: Trader;
let buyer: Trader;
let third: Trader;
/** The buyer's second distillery's team: its Approver is the first distillery's Authorizer. */
let second: { negotiator: Trader['negotiator']; authorizer: Trader['authorizer'] };
let offer: { id: number };
let askA: { id: number };
let askB: { id: number };

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  third = await seedTrader(h, { superToken, type: 'Buyer' });
  // A buyer with one mapping per distillery; Arun is Authorizer on the first and Approver on the second.
  const team = await seedTeam(h, { superToken, type: 'Buyer' });
  const [first, other] = team.distilleries as [Trader['distilleries'][0], Trader['distilleries'][0]];
  second = {
    negotiator: await seedUser(h, { adminToken: team.adminToken }),
    authorizer: await seedUser(h, { adminToken: team.adminToken }),
  };
  const mapping = await seedMapping(h, {
    adminToken: team.adminToken,
    type: 'Decentralized',
    distilleries: [first.id],
    negotiator: team.negotiator.id,
    authorizer: team.authorizer.id,
    approver: team.approver.id,
  });
  await seedMapping(h, {
    adminToken: team.adminToken,
    type: 'Decentralized',
    distilleries: [other.id],
    negotiator: second.negotiator.id,
    authorizer: second.authorizer.id,
    approver: team.authorizer.id,
  });
  buyer = { ...team, mapping, type: 'Buyer' };
  offer = await seedOffer(h, seller, { offer_price: '58.40' });
  askA = await seedOffer(h, buyer, { offer_price: '57.25' });
  const res = await h.call<{ id: number }>(
    'createOffer',
    listingBody(buyer, { state: other.state, distillery_id: other.id, offer_price: '56.10' }),
    second.negotiator.token,
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  askB = res.body.data;
}, 180_000);
afterAll(async () => h.close());

const records = (res: { body: { data: unknown } }) => getAllBidsResultSchema.parse(res.body.data).records;

describe('listing prices on every bid record', () => {
  it('getAllBids, getAllOrderDetails, getBidById, getOrderById and an item’s orders carry offer_price and ask_price', async () => {
    const market: Market = { seller, buyer, offer, ask: askA };
    const bid = await seedOpenBid(h, market, { price: '58' });
    const prices = { offer_price: '58.40', ask_price: '57.25' };
    const withPrices = (r: { id: number }) => r.id === bid.id;

    for (const token of [buyer.negotiator.token, seller.negotiator.token]) {
      for (const [method, body] of [
        ['getAllBids', {}],
        ['getAllBids', { offer_id: token === seller.negotiator.token ? offer.id : askA.id }],
        ['getAllBids', { bid_status: 'New' }],
        ['getAllOrderDetails', { buyer_company_id: 1 }],
      ] as const) {
        const found = records(await h.call(method, body, token)).find(withPrices);
        expect(found, `${method} ${JSON.stringify(body)}`).toMatchObject(prices);
      }
      for (const [method, body] of [
        ['getBidById', { bid_id: bid.id }],
        ['getOrderById', { order_id: bid.id }],
      ] as const) {
        const res = await h.call(method, body, token);
        expect(bidDetailSchema.parse(res.body.data), method).toMatchObject({ ...prices, price: '58.00' });
      }
    }
    // The seller's Negotiator is waiting to answer.
    const waiting = records(await h.call('getAllBids', { awaiting_me: true }, seller.negotiator.token));
    expect(waiting.find(withPrices)).toMatchObject(prices);

    // Non-parties on the market's list.
    for (const [method, body] of [
      ['getAllBids', { is_market: true }],
      ['getAllOrderDetails', {}],
    ] as const) {
      expect(records(await h.call(method, body, third.negotiator.token)).find(withPrices), method).toMatchObject(
        prices,
      );
    }

    // The buyer's orders on the seller's item.
    const item = await h.call<{ orders: unknown[] }>('getInventorybyId', { id: offer.id }, buyer.negotiator.token);
    const orders = z.array(bidListRecordSchema).parse(item.body.data.orders);
    expect(orders.find(withPrices)).toMatchObject(prices);
  });
});

describe('awaiting_tier', () => {
  it('shows a user who is Authorizer on one distillery and Approver on another only that tier’s bids', async () => {
    // Another offer: the first test's bid is the open one between its offer and askA.
    const offer = await seedOffer(h, seller);
    // Waits for the first distillery's Authorizer (Arun).
    const authorise = await seedLockedBid(h, { seller, buyer, offer, ask: askA });
    // Authorised on the second distillery, so it waits for its Approver (Arun again).
    const approve = await seedLockedBid(h, {
      seller,
      buyer: { ...buyer, negotiator: second.negotiator },
      offer,
      ask: askB,
    });
    const authorised = await approveBid(h, second.authorizer, approve);
    expect(authorised.statusCode, JSON.stringify(authorised.body)).toBe(200);

    const arun = buyer.authorizer.token;
    const ids = async (body: Record<string, unknown>) =>
      records(await h.call('getAllBids', { awaiting_me: true, ...body }, arun))
        .map((r) => r.id)
        .sort((a, b) => a - b);
    expect(await ids({})).toEqual([authorise.id, approve.id].sort((a, b) => a - b));
    expect(await ids({ awaiting_tier: 'authorizer' })).toEqual([authorise.id]);
    expect(await ids({ awaiting_tier: 'approver' })).toEqual([approve.id]);
    expect(await ids({ awaiting_tier: 'negotiator' })).toEqual([]);
    // A listing's tabs: each listing's bid shows in its own tier's tab only.
    expect(await ids({ offer_id: askA.id, awaiting_tier: 'authorizer' })).toEqual([authorise.id]);
    expect(await ids({ offer_id: askA.id, awaiting_tier: 'approver' })).toEqual([]);
    expect(await ids({ offer_id: askB.id, awaiting_tier: 'approver' })).toEqual([approve.id]);
    expect(await ids({ offer_id: askB.id, awaiting_tier: 'authorizer' })).toEqual([]);
    // The other tiers of the two mappings see what is theirs.
    const tier = async (token: string | null, awaiting_tier: string) =>
      records(await h.call('getAllBids', { awaiting_me: true, awaiting_tier }, token)).map((r) => r.id);
    expect(await tier(buyer.approver.token, 'approver')).toEqual([]);
    expect(await tier(second.authorizer.token, 'authorizer')).toEqual([]);
  });

  it('is refused, with the field named, when it is not a tier or comes without awaiting_me', async () => {
    for (const [body, message] of [
      [{ awaiting_me: true, awaiting_tier: 'Approver' }, 'awaiting_tier must be negotiator, authorizer or approver'],
      [{ awaiting_tier: 'approver' }, 'awaiting_tier narrows awaiting_me: send awaiting_me: true with it'],
    ] as const) {
      const res = await h.call('getAllBids', body, buyer.authorizer.token);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });

  it('a narrowed page is still one statement once the caller is cached', async () => {
    const body = { awaiting_me: true, awaiting_tier: 'approver' };
    await h.call('getAllBids', body, buyer.authorizer.token);
    const before = h.deps.database.queries.count;
    expect((await h.call('getAllBids', body, buyer.authorizer.token)).statusCode).toBe(200);
    expect(h.deps.database.queries.count - before).toBe(1);
  });
});

describe('every filter of the lists, run', () => {
  // Each filter is a statement of its own (bids.lists.shape.ts `BidListShape`): each one runs here against the
  // database, on the company's own lists and on the market's, with a value that keeps a bid and one that does not.
  it('filters a company’s bids and the market’s by status, spirit, state and search', async () => {
    const market = (o: { id: number }): Market => ({ seller, buyer, offer: o, ask: askA });
    const trade = await seedApprovedTrade(h, market(await seedOffer(h, seller)));
    const open = await seedOpenBid(h, market(await seedOffer(h, seller)));
    const list = async (body: Record<string, unknown>, token: string | null) => {
      const res = await h.call('getAllBids', body, token);
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return getAllBidsResultSchema.parse(res.body.data);
    };
    const ids = async (body: Record<string, unknown>, token = seller.negotiator.token) =>
      (await list(body, token)).records.map((r) => r.id);

    const approved = (await list({ bid_status: 'Approved' }, seller.negotiator.token)).records;
    expect(approved.map((r) => r.id)).toContain(trade.id);
    expect(approved.every((r) => r.status === 'Approved')).toBe(true);
    expect(await ids({ bid_status: 'Rejected' })).toEqual([]);

    const state = approved.find((r) => r.id === trade.id)!.state;
    const reference = trade.trade_reference_number!.slice(-6);
    // A filter, then whether it keeps the trade and the open bid.
    for (const [filter, keepsTrade, keepsOpen] of [
      [{ type_of_spirits: ['Malt Spirit', 'Molasses ENA'] }, true, true],
      [{ type_of_spirits: ['Malt Spirit'] }, false, false],
      [{ states: ['Nowhere', state] }, true, true],
      [{ states: ['Nowhere'] }, false, false],
      [{ item_search: ` ${reference} ` }, true, false],
      [{ item_search: 'OLASSES' }, true, true],
      [{ item_search: '%' }, false, false],
      // The counterparty's name is searched on Approved trades only (bids.approved.test.ts): here it would unmask.
      [{ item_search: buyer.company.body.name as string }, false, false],
    ] as const) {
      const what = JSON.stringify(filter);
      const mine = await ids(filter);
      expect(mine.includes(trade.id), `mine ${what}`).toBe(keepsTrade);
      expect(mine.includes(open.id), `mine ${what}`).toBe(keepsOpen);
      // The market's current bids: the open one, never the trade.
      const others = await ids({ is_market: true, ...filter }, third.negotiator.token);
      expect(others.includes(open.id), `market ${what}`).toBe(keepsOpen);
      expect(others).not.toContain(trade.id);
    }
  });

  it('keeps a company’s own total for seconds, yet shows a bid placed through this server at once', async () => {
    const firstPage = async () => {
      const res = await h.call('getAllBids', { page: 1, page_size: 5 }, seller.negotiator.token);
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return getAllBidsResultSchema.parse(res.body.data);
    };
    // Enough bids that a page of five is full: its total then comes from the kept figure, not the page.
    while ((await firstPage()).totalRecords < 6)
      await seedOpenBid(h, { seller, buyer, offer: await seedOffer(h, seller), ask: askA });
    const total = (await firstPage()).totalRecords;
    const before = h.deps.database.queries.count;
    expect((await firstPage()).totalRecords).toBe(total);
    expect(h.deps.database.queries.count - before).toBe(1);
    await seedOpenBid(h, { seller, buyer, offer: await seedOffer(h, seller), ask: askA });
    const after = await firstPage();
    expect(after.records).toHaveLength(5);
    expect(after.totalRecords).toBe(total + 1);
  });

  it('counts a list apart for a page past its end', async () => {
    for (const [body, token] of [
      [{ type_of_spirits: ['Molasses ENA'] }, seller.negotiator.token],
      // The market's total is kept per filter: this filter's first call is past the end, so it counts.
      [{ is_market: true, states: ['Nowhere', 'Goa', 'Kerala', 'Maharashtra', 'Karnataka'] }, third.negotiator.token],
    ] as const) {
      const past = await h.call('getAllBids', { ...body, page: 50, page_size: 10 }, token);
      const first = await h.call('getAllBids', { ...body, page: 1, page_size: 30 }, token);
      const [p, f] = [getAllBidsResultSchema.parse(past.body.data), getAllBidsResultSchema.parse(first.body.data)];
      expect(p.records).toEqual([]);
      expect(f.records.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(p.totalRecords, JSON.stringify(body)).toBe(f.records.length);
    }
  });
});
