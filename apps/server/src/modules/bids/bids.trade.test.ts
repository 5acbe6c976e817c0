// The whole trade through the API, as the two companies' six people do it, with the approval codes read from the
// captured mail; then what each step wrote: history, audit, quantities, the trade reference and the fees.
import { bidDetailSchema, getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, seedSuperAdmin } from '../../test/fixtures.js';
import { openApprovalWindow, seedMarket, validUntil, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { listings } from '../listings/listings.table.js';
import { bids } from './bids.table.js';

let h: Harness;
let superToken: string;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  // The most specific rates: the seller's company-wide one beats the type's; the buyer gets the type's.
  for (const rate of [
    { company_type: 'Seller', commission_amount: 1, state_gst: 9, central_gst: 9 },
    { company_type: 'Seller', company_id: m.seller.company.id, commission_amount: 0.75, state_gst: 6, central_gst: 6 },
    { company_type: 'Buyer', commission_amount: 1.25, state_gst: 9, central_gst: 9 },
  ]) {
    const res = await h.call('createCommission', rate, superToken);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }
}, 180_000);
afterAll(async () => h.close());

const detail = (res: { body: { data: unknown } }) => bidDetailSchema.parse(res.body.data);
const listingRow = async (id: number) => (await h.db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('a trade from placement to the sixth approval', () => {
  it('places, counters twice, accepts, approves four times; names are revealed only at the end', async () => {
    const placed = await h.call(
      'createBid',
      {
        quantity: '2500.5',
        price: '61.25',
        valid_until: validUntil(h, 8),
        my_offer_id: m.ask.id,
        offer_id: m.offer.id,
        comment: 'First offer',
        captcha: await h.captcha(),
      },
      m.buyer.negotiator.token,
    );
    expect(placed.statusCode, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.message).toBe('Bid placed successfully.');
    let bid = detail(placed);
    // The bid keeps its listings' distilleries, whose chains act on it (migration 0035), and their states (0036).
    const [row] = await h.db.select().from(bids).where(eq(bids.id, bid.id));
    const [offerRow, askRow] = [await listingRow(m.offer.id), await listingRow(m.ask.id)];
    expect(row).toMatchObject({
      seller_distillery_id: offerRow.distillery_id,
      buyer_distillery_id: askRow.distillery_id,
      seller_state: offerRow.state,
      buyer_state: askRow.state,
    });
    expect(bid).toMatchObject({
      status: 'New',
      bid_placed_by: 'Buyer',
      quantity: '2500.5',
      price: '61.25',
      is_negotiator_buyer_approved: true,
      is_negotiator_seller_approved: null,
      actor: { side: 'buyer', tier: 'negotiator' },
      allowed_actions: ['counter', 'reject'],
      waiting_for: [{ side: 'seller', tier: 'negotiator' }],
    });
    // The buyer sees its own name and a masked seller.
    expect(bid.buyer_company_name).toBe(m.buyer.company.body.name);
    expect(bid.seller_company_name).toBe(`****${String(m.seller.company.body.name).slice(-2)}`);
    expect(bid.seller_company_id).toBeNull();

    // The seller sees it on the offer's Placed Bids tab, the other way round.
    const tab = await h.call('getAllBids', { offer_id: m.offer.id }, m.seller.negotiator.token);
    const records = getAllBidsResultSchema.parse(tab.body.data).records;
    expect(records.map((r) => r.id)).toEqual([bid.id]);
    expect(records[0]!.seller_company_name).toBe(m.seller.company.body.name);
    expect(records[0]!.buyer_company_name).toMatch(/^\*\*\*\*..$/);

    // Counter by the seller, then by the buyer.
    let res = await h.call(
      'negotiateBid',
      {
        bid_id: bid.id,
        version: bid.version,
        quantity: '2500.5',
        price: '63',
        valid_until: validUntil(h, 12),
        captcha: await h.captcha(),
      },
      m.seller.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    bid = detail(res);
    expect(bid).toMatchObject({ status: 'OnGoing', price: '63.00', is_negotiator_buyer_approved: null });
    res = await h.call(
      'negotiateBid',
      {
        bid_id: bid.id,
        version: bid.version,
        quantity: '2000',
        price: '62.40',
        valid_until: validUntil(h, 24),
        captcha: await h.captcha(),
      },
      m.buyer.negotiator.token,
    );
    bid = detail(res);
    expect(bid).toMatchObject({ status: 'OnGoing', quantity: '2000.0', price: '62.40' });

    // The seller's Negotiator accepts with the step-up window: the deal locks.
    await openApprovalWindow(h, m.seller.negotiator);
    res = await h.call(
      'bidAction',
      { bid_id: bid.id, is_approved: true, version: bid.version },
      m.seller.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Bid accepted successfully.');
    bid = detail(res);
    expect(bid).toMatchObject({ status: 'OnGoing', is_deal_locked: true });
    expect(bid.waiting_for).toEqual([
      { side: 'buyer', tier: 'authorizer' },
      { side: 'seller', tier: 'authorizer' },
    ]);

    // The Authorizers see it waiting for them; the Approvers not yet.
    const waiting = async (token: string | null) =>
      getAllBidsResultSchema
        .parse((await h.call('getAllBids', { awaiting_me: true }, token)).body.data)
        .records.map((r) => r.id);
    expect(await waiting(m.buyer.authorizer.token)).toEqual([bid.id]);
    expect(await waiting(m.buyer.approver.token)).toEqual([]);

    const before = await listingRow(m.offer.id);
    for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver, m.seller.approver]) {
      await openApprovalWindow(h, user);
      res = await h.call('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, user.token);
      expect(res.statusCode, `${user.email}: ${JSON.stringify(res.body)}`).toBe(200);
      bid = detail(res);
    }
    expect(res.body.message).toBe('Bid approved successfully.');
    expect(bid.status).toBe('Approved');
    expect(bid.trade_reference_number).toMatch(/^TR-20[0-9]{2}-[0-9]{6}$/);
    expect(bid.seller_company_name).toBe(m.seller.company.body.name);
    expect(bid.buyer_company_name).toBe(m.buyer.company.body.name);
    expect(bid.seller_company_id).toBe(m.seller.company.id);
    // The last approval was the seller's: a side reads its own rates only (fee privacy; both in bids.detail.test.ts).
    expect(bid.fees).toEqual({
      seller_commission_amount: '0.75',
      seller_state_gst: '6.00',
      seller_central_gst: '6.00',
    });
    const buyerView = detail(await h.call('getBidById', { bid_id: bid.id }, m.buyer.negotiator.token));
    expect(buyerView.fees).toEqual({
      buyer_commission_amount: '1.25',
      buyer_state_gst: '9.00',
      buyer_central_gst: '9.00',
    });
    expect(bid.allowed_actions).toEqual([]);
    expect(bid.negotiations.map((n) => n.status)).toEqual([
      'New',
      'OnGoing',
      'OnGoing',
      'Accepted',
      'Authorizer: Approved',
      'Authorizer: Approved',
      'Approver: Approved',
      'Approver: Approved',
    ]);

    // Both listings lost exactly the traded litres.
    const [offer, ask] = [await listingRow(m.offer.id), await listingRow(m.ask.id)];
    expect(Number(before.available_quantity) - Number(offer.available_quantity)).toBe(2000);
    expect(ask.available_quantity).toBe('8000.0');
    expect((await auditEntries(h, 'bid.traded', bid.id)).length).toBe(1);
    expect((await auditEntries(h, 'listing.traded')).length).toBe(2);
    expect((await auditEntries(h, 'bid.countered', bid.id)).length).toBe(2);

    // The seller's view of the approved trade shows both names too.
    const sellerView = detail(await h.call('getBidById', { bid_id: bid.id }, m.seller.approver.token));
    expect(sellerView.buyer_company_name).toBe(m.buyer.company.body.name);
    expect(sellerView.trade_reference_number).toBe(bid.trade_reference_number);
    // The order-named alias answers the same record.
    const order = detail(await h.call('getOrderById', { order_id: bid.id }, m.seller.approver.token));
    expect(order).toEqual(sellerView);

    // A trade keeps the states it was made between: a listing that moves later moves alone (migration 0036).
    const moved = offerRow.state === 'Goa' ? 'Kerala' : 'Goa';
    await h.db.update(listings).set({ state: moved }).where(eq(listings.id, m.offer.id));
    try {
      const after = detail(await h.call('getBidById', { bid_id: bid.id }, m.buyer.negotiator.token));
      expect(after.seller_company_state).toBe(offerRow.state);
      const approved = await h.call(
        'getAllBids',
        { page: 1, page_size: 10, bid_status: 'Approved', is_tracked_bid: true },
        m.buyer.negotiator.token,
      );
      const records = (approved.body as { data: { records: { id: number; seller_company_state: string }[] } }).data
        .records;
      expect(records.find((r) => r.id === bid.id)?.seller_company_state).toBe(offerRow.state);
    } finally {
      await h.db.update(listings).set({ state: offerRow.state }).where(eq(listings.id, m.offer.id));
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the bid calls and the order-named aliases with the spec’s field names', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Op = {
      post: { summary: string; requestBody: { content: Record<string, { schema: { properties: object } }> } };
    };
    const paths = (res.json() as { paths: Record<string, Op> }).paths;
    const fields = (name: string) =>
      Object.keys(paths[`/api/${name}`]!.post.requestBody.content['application/json']!.schema.properties);
    expect(fields('createOrder')).toEqual(expect.arrayContaining(['inventory_id', 'order_price', 'order_quantity']));
    expect(fields('approveOrder')).toEqual(expect.arrayContaining(['order_id', 'approval_status', 'version']));
    expect(fields('createBid')).toEqual(expect.arrayContaining(['my_offer_id', 'offer_id', 'valid_until', 'captcha']));
    expect(paths['/api/getOrderById']!.post.summary).toMatch(/getBidById/);
  });
});
