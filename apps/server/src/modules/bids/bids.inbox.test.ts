// Issue 21: the "Waiting for me" inbox and its menu count, a counter that keeps the bid's deadline unless a new
// validity is chosen, and the caller's own side on every list record (the market's list names the caller's own
// company and reads its figures from the caller's side).
import { awaitingBidCountSchema, bidDetailSchema, getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedOffer, seedTrader, type Trader } from '../../test/team-fixtures.js';
import {
  approveBid,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  validUntil,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let m: Market;
let third: Trader;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  third = await seedTrader(h, { superToken, type: 'Buyer' });
}, 180_000);
afterAll(async () => h.close());

const detail = (res: { statusCode: number; body: { data: unknown } }) => {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return bidDetailSchema.parse(res.body.data);
};
const market = async (): Promise<Market> => ({ ...m, offer: await seedOffer(h, m.seller) });

describe('a counter’s deadline', () => {
  it('is kept when negotiateBid leaves valid_until out, and replaced when it names a choice', async () => {
    const placed = await seedOpenBid(h, await market(), { hours: 24 });
    const before = detail(await h.call('getBidById', { bid_id: placed.id }, m.buyer.negotiator.token));
    h.clock.offsetMs += 3_600_000; // an hour later, the seller counters on price alone
    try {
      const kept = detail(
        await h.call(
          'negotiateBid',
          { bid_id: before.id, version: before.version, quantity: '1000', price: '62', captcha: await h.captcha() },
          m.seller.negotiator.token,
        ),
      );
      expect(kept.price).toBe('62.00');
      expect(kept.valid_until).toBe(before.valid_until);
      expect(kept.negotiations.at(-1)!.valid_until).toBe(before.valid_until);

      const body = { bid_id: kept.id, version: kept.version, quantity: '1000', price: '61.80' };
      const renewed = detail(
        await h.call(
          'negotiateBid',
          { ...body, valid_until: validUntil(h, 8), captcha: await h.captcha() },
          m.buyer.negotiator.token,
        ),
      );
      const eightHours = Date.now() + h.clock.offsetMs + 8 * 3_600_000;
      expect(Math.abs(Date.parse(renewed.valid_until) - eightHours)).toBeLessThan(60_000);

      // The spec's updateOrder has no validity at all: it keeps the deadline too.
      const order = detail(
        await h.call(
          'updateOrder',
          {
            order_id: renewed.id,
            version: renewed.version,
            order_quantity: '1000',
            order_price: '61.90',
            captcha: await h.captcha(),
          },
          m.seller.negotiator.token,
        ),
      );
      expect(order.valid_until).toBe(renewed.valid_until);
    } finally {
      h.clock.offsetMs -= 3_600_000;
    }
  });

  it('still refuses a validity that is not offered', async () => {
    const bid = await seedOpenBid(h, await market());
    const res = await h.call(
      'negotiateBid',
      {
        bid_id: bid.id,
        version: bid.version,
        quantity: '1000',
        price: '62',
        valid_until: validUntil(h, 5),
        captcha: await h.captcha(),
      },
      m.seller.negotiator.token,
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.body)).toContain('bid.validity_not_offered');
  });
});

describe('getAwaitingBidCount', () => {
  const count = async (token: string | null) => {
    const res = await h.call('getAwaitingBidCount', {}, token);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return awaitingBidCountSchema.parse(res.body.data);
  };
  const listed = async (token: string | null) =>
    getAllBidsResultSchema.parse((await h.call('getAllBids', { awaiting_me: true, page_size: 30 }, token)).body.data)
      .totalRecords;

  it('counts what awaiting_me lists, for each tier, and drops as soon as the caller acts', async () => {
    const open = await seedOpenBid(h, await market());
    const locked = await seedLockedBid(h, await market());
    for (const person of [m.seller.negotiator, m.buyer.authorizer, m.seller.authorizer, m.buyer.approver]) {
      const n = await count(person.token);
      expect(n.capped).toBe(false);
      expect(n.count, person.email).toBe(await listed(person.token));
    }
    expect((await count(m.seller.negotiator.token)).count).toBeGreaterThan(0);
    // Nothing waits for the Approvers before the Authorizers.
    expect((await count(m.buyer.approver.token)).count).toBe(0);

    const authorizer = (await count(m.buyer.authorizer.token)).count;
    expect(authorizer).toBeGreaterThan(0);
    expect((await approveBid(h, m.buyer.authorizer, locked)).statusCode).toBe(200);
    expect((await count(m.buyer.authorizer.token)).count).toBe(authorizer - 1);
    expect((await count(m.buyer.approver.token)).count).toBe(1);
    // The placer's own terms are on the table: nothing waits for the buyer's Negotiator on `open`.
    const mine = await h.call('getAllBids', { awaiting_me: true }, m.buyer.negotiator.token);
    expect(getAllBidsResultSchema.parse(mine.body.data).records.map((r) => r.id)).not.toContain(open.id);
  });

  it('costs one statement once the caller is cached', async () => {
    await count(m.buyer.authorizer.token);
    const before = h.deps.database.queries.count;
    await count(m.buyer.authorizer.token);
    expect(h.deps.database.queries.count - before).toBe(1);
  });

  it('is not an Admin’s call', async () => {
    expect((await h.call('getAwaitingBidCount', {}, m.buyer.adminToken)).statusCode).toBe(403);
  });
});

describe('viewer_side', () => {
  it('names the caller’s side on its own bids, in the market’s list too, and null on others’ bids', async () => {
    const bid = await seedOpenBid(h, await market());
    const marketList = async (token: string | null) =>
      getAllBidsResultSchema.parse((await h.call('getAllBids', { is_market: true, page_size: 30 }, token)).body.data)
        .records;
    const own = (await marketList(m.buyer.negotiator.token)).find((r) => r.id === bid.id)!;
    expect(own).toMatchObject({ viewer_side: 'buyer', buyer_company_name: m.buyer.company.body.name });
    expect(own.seller_company_name).toMatch(/^\*\*\*\*..$/);
    const seller = (await marketList(m.seller.negotiator.token)).find((r) => r.id === bid.id)!;
    expect(seller).toMatchObject({ viewer_side: 'seller', seller_company_name: m.seller.company.body.name });
    const other = (await marketList(third.negotiator.token)).find((r) => r.id === bid.id)!;
    expect(other.viewer_side).toBeNull();
    expect(other.buyer_company_name).toMatch(/^\*\*\*\*..$/);
    const mine = detail(await h.call('getBidById', { bid_id: bid.id }, m.seller.negotiator.token));
    expect(mine.viewer_side).toBe('seller');
  });
});
