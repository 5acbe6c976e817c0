// Issue 21, items 13 and 19: the rows waiting for the caller are priced at their terms (`final_price`, the bid
// page's figure), and an approver clears a queue with one one-time code: after one verifyOTP each bidAction is its
// own audited transition, and one bid refused changes nothing of the others.
import { bidDetailSchema, getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, seedSuperAdmin } from '../../test/fixtures.js';
import { seedOffer } from '../../test/team-fixtures.js';
import { seedLockedBid, seedMarket, type BidData, type Market } from '../../test/bid-fixtures.js';
import { createHarness, otpCode, type Harness } from '../../test/harness.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
}, 180_000);
afterAll(async () => h.close());

/** Each bid on an offer of its own: one open bid per pair. */
const lockedBid = async () => seedLockedBid(h, { ...m, offer: await seedOffer(h, m.seller) });

describe('the inbox’s rows', () => {
  it('carry the landed ₹/L at the bid’s terms; the long lists leave it out', async () => {
    const bid = await lockedBid();
    const token = m.buyer.authorizer.token;
    const inbox = getAllBidsResultSchema.parse(
      (await h.call('getAllBids', { awaiting_me: true, page: 1, page_size: 30 }, token)).body.data,
    );
    const row = inbox.records.find((r) => r.id === bid.id)!;
    // The fixtures: price ₹61.50, the offer's sales tax 18 % (₹11.07) and export pass ₹1.50; the bid, placed
    // through the API without fees, states no delivery fees: 61.50 + 11.07 + 1.50.
    expect(row.final_price).toBe('74.07');
    const detail = bidDetailSchema.parse((await h.call('getBidById', { bid_id: bid.id }, token)).body.data);
    expect(detail.final_price).toBe('74.07');
    const mine = getAllBidsResultSchema.parse(
      (await h.call('getAllBids', { page: 1, page_size: 30 }, m.buyer.negotiator.token)).body.data,
    );
    expect(mine.records.find((r) => r.id === bid.id)!.final_price).toBeNull();
  });
});

describe('one code for a queue', () => {
  it('approves three bids after one code, each audited on its own; a refused fourth changes none of them', async () => {
    const queue = [await lockedBid(), await lockedBid(), await lockedBid()];
    // The fourth is rejected by the seller's Authorizer before the buyer's Authorizer gets to it.
    const closed = await lockedBid();
    h.clock.offsetMs += 61_000;
    await h.call('generateUserOTP', {}, m.seller.authorizer.token);
    await h.call('verifyOTP', { otp: await otpCode(h, m.seller.authorizer.email) }, m.seller.authorizer.token);
    const rejected = await h.call(
      'bidAction',
      { bid_id: closed.id, version: closed.version, is_approved: false, comment: 'Price too low' },
      m.seller.authorizer.token,
    );
    expect(rejected.statusCode, JSON.stringify(rejected.body)).toBe(200);

    // The buyer's Authorizer: one code, then the four approvals, the refused one in the middle.
    const approver = m.buyer.authorizer;
    h.clock.offsetMs += 61_000;
    expect((await h.call('generateUserOTP', {}, approver.token)).statusCode).toBe(200);
    const verified = await h.call('verifyOTP', { otp: await otpCode(h, approver.email) }, approver.token);
    expect(verified.statusCode).toBe(200);
    const send = (bid: BidData) =>
      h.call<BidData>('bidAction', { bid_id: bid.id, version: bid.version, is_approved: true }, approver.token);
    const answers = [];
    for (const bid of [queue[0]!, closed, queue[1]!, queue[2]!]) answers.push(await send(bid));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 200, 200]);
    expect((answers[1]!.body as unknown as { code: string }).code).toMatch(/^bid\./);

    for (const bid of queue) {
      const detail = bidDetailSchema.parse((await h.call('getBidById', { bid_id: bid.id }, approver.token)).body.data);
      expect(detail.is_authenticator_buyer_approved).toBe(true);
      expect(detail.status).toBe('OnGoing');
      const audited = await auditEntries(h, 'bid.approved', bid.id);
      expect(audited).toHaveLength(1);
    }
    // Three audit rows of the approvals, none for the refused bid, which stays as the seller left it.
    expect(await auditEntries(h, 'bid.approved', closed.id)).toHaveLength(0);
    const after = bidDetailSchema.parse((await h.call('getBidById', { bid_id: closed.id }, approver.token)).body.data);
    expect(after.status).toBe('Rejected');
    expect(after.is_authenticator_buyer_approved).toBeNull();
  });
});
