// "Bad input and abuse" (issue 9): every refusal answers a clear message and a stable code, and leaves every table
// exactly as it was (sessions and spent captchas aside: a signed-in call touches its session).
import { BID_REFUSALS, type BidRefusalCode } from '@spirit/domain/bids/bids.constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { expectError, seedSuperAdmin, setCompanyStatus } from '../../test/fixtures.js';
import { seedAsk, seedDistillery, seedMapping, seedTrader, seedUser, type Trader } from '../../test/team-fixtures.js';
import {
  approveBid,
  openApprovalWindow,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  validUntil,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness, type Reply } from '../../test/harness.js';
import { companies } from '../companies/companies.table.js';
import { mappings } from '../mappings/mappings.table.js';
import { bids } from './bids.table.js';

let h: Harness;
let superToken: string;
let m: Market;
let outsider: Trader;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  outsider = await seedTrader(h, { superToken, type: 'Buyer' });
}, 180_000);
afterAll(async () => h.close());

/** The call is refused with the bid code's status and message, and nothing changed. */
async function refused(call: () => Promise<Reply>, code: BidRefusalCode | string, status?: number) {
  const before = await tableDigest(h);
  const res = await call();
  const known = BID_REFUSALS[code as BidRefusalCode];
  expectError(res, status ?? known.status, { code, ...(known ? { error: known.message } : {}) });
  expect(await tableDigest(h), `${code} changed the database`).toEqual(before);
  return res;
}

const place = async (body: Record<string, unknown>, token = m.buyer.negotiator.token) =>
  h.call(
    'createBid',
    {
      quantity: '100',
      price: '60',
      valid_until: validUntil(h),
      my_offer_id: m.ask.id,
      offer_id: m.offer.id,
      captcha: await h.captcha(),
      ...body,
    },
    token,
  );
const counter = async (bid: BidData, body: Record<string, unknown> = {}, token = m.seller.negotiator.token) =>
  h.call(
    'negotiateBid',
    {
      bid_id: bid.id,
      version: bid.version,
      quantity: '100',
      price: '61',
      valid_until: validUntil(h),
      captcha: await h.captcha(),
      ...body,
    },
    token,
  );
const action = (bid: BidData, token: string | null, body: Record<string, unknown> = {}) =>
  h.call('bidAction', { bid_id: bid.id, version: bid.version, is_approved: true, ...body }, token);

/** A fresh ask of the buyer, so each placement has its own pair of listings. */
const freshMarket = async (): Promise<Market> => ({ ...m, ask: await seedAsk(h, m.buyer) });

describe('placing', () => {
  it('refuses numbers that are zero, negative, over-precise or not numbers, naming the field', async () => {
    for (const [field, value] of [
      ['quantity', 0],
      ['quantity', -5],
      ['quantity', '10.25'],
      ['price', '0'],
      ['price', '60.001'],
      ['price', '1e2'],
      ['escort_fee', -1],
    ] as const) {
      const res = await refused(() => place({ [field]: value }), 'validation.failed', 400);
      expect(Object.keys(res.body.fields ?? {}), `${field}=${value}`).toContain(field);
    }
  });

  it('refuses a validity in the past or more than 48 hours ahead', async () => {
    await refused(() => place({ valid_until: validUntil(h, -1) }), 'bid.validity_past');
    await refused(() => place({ valid_until: validUntil(h, 48.05) }), 'bid.validity_too_far');
  });

  it('refuses a validity that is not one of the offered choices (4 to 48 hours in steps of 4)', async () => {
    for (const hours of [5 / 3_600, 1, 3.9, 5, 10, 47])
      await refused(() => place({ valid_until: validUntil(h, hours) }), 'bid.validity_not_offered');
    await refused(() => place({ valid_until: validUntil(h, 48 + 30 / 60) }), 'bid.validity_too_far');
  });

  it('keeps the validity as the server’s now plus the hours chosen, for a client clock a minute off', async () => {
    const market = await freshMarket();
    const res = await place({ my_offer_id: market.ask.id, valid_until: validUntil(h, 8 + 1 / 60) });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const [row] = await h.db
      .select()
      .from(bids)
      .where(eq(bids.id, (res.body.data as BidData).id));
    expect(row!.valid_until.getTime() - row!.created_at.getTime()).toBe(8 * 3_600_000);
  });

  it('refuses a quantity above either listing’s available quantity', async () => {
    await refused(() => place({ quantity: '10000.1' }), 'bid.quantity_unavailable');
  });

  it('refuses a missing or replayed captcha', async () => {
    await refused(() => place({ captcha: '' }), 'validation.failed', 400);
    const captcha = await h.captcha();
    const market = await freshMarket();
    expect((await place({ captcha, my_offer_id: market.ask.id })).statusCode).toBe(200);
    await refused(() => place({ captcha, my_offer_id: (m as Market).ask.id }), 'captcha.invalid', 400);
  });

  it('refuses a listing of the own company, of the same side, or of another company’s closed market', async () => {
    const otherAsk = await seedAsk(h, m.buyer);
    await refused(() => place({ offer_id: otherAsk.id }), 'bid.own_company');
    const foreignAsk = await seedAsk(h, outsider);
    await refused(() => place({ offer_id: foreignAsk.id }), 'bid.not_counterparty');
    await refused(() => place({ offer_id: 999_999 }), 'listing.not_found', 404);
    // Another company's listing is not the caller's own listing.
    await refused(() => place({ my_offer_id: foreignAsk.id }), 'listing.not_found', 404);
    const otherProduct = await seedAsk(h, m.buyer, { product: 'Grain ENA' });
    await refused(() => place({ my_offer_id: otherProduct.id }), 'bid.not_counterparty');
  });

  it('refuses a Negotiator of another distillery, and every other tier, of the placing company', async () => {
    await refused(() => place({}, m.buyer.authorizer.token), 'auth.forbidden', 403);
    const other = await seedOtherTeam(m.buyer);
    await refused(() => place({}, other.negotiator.token), 'bid.not_mapped');
  });

  it('refuses a confidential bid from a company that is not a Premium Client', async () => {
    const market = await freshMarket();
    await refused(
      () => place({ my_offer_id: market.ask.id, is_bid_confidential: true }),
      'bid.confidential_not_allowed',
    );
  });

  it('refuses a second open bid joining the same two listings', async () => {
    const market = await freshMarket();
    await seedOpenBid(h, market);
    await refused(() => place({ my_offer_id: market.ask.id }), 'bid.duplicate');
  });

  it('refuses a user mapped on both sides of the bid', async () => {
    const market = await freshMarket();
    // Mappings never cross companies; arrange it by hand to prove the service refuses it all the same.
    const [row] = await h.db.select().from(mappings).where(eq(mappings.id, m.seller.mapping.id));
    await h.db.update(mappings).set({ negotiator_id: m.buyer.negotiator.id }).where(eq(mappings.id, row!.id));
    try {
      await refused(() => place({ my_offer_id: market.ask.id }), 'bid.both_sides');
    } finally {
      await h.db.update(mappings).set({ negotiator_id: row!.negotiator_id }).where(eq(mappings.id, row!.id));
    }
  });
});

/** A second team of the company: its own distillery and mapping, not the listings'. */
async function seedOtherTeam(trader: Trader) {
  const adminToken = trader.adminToken;
  const [negotiator, authorizer, approver] = [
    await seedUser(h, { adminToken }),
    await seedUser(h, { adminToken }),
    await seedUser(h, { adminToken }),
  ];
  const distillery = await seedDistillery(h, { adminToken });
  await seedMapping(h, {
    adminToken,
    type: 'Decentralized',
    distilleries: [distillery.id],
    negotiator: negotiator.id,
    authorizer: authorizer.id,
    approver: approver.id,
  });
  return { negotiator, authorizer, approver };
}

describe('acting on a bid', () => {
  it('answers another company’s bid as not found, for every call', async () => {
    const market = await freshMarket();
    const bid = await seedOpenBid(h, market);
    const token = outsider.negotiator.token;
    // A party of the listing's bids that does not own the listing: its list is still not the party's to read.
    await refused(
      () => h.call('getAllBids', { offer_id: market.offer.id }, market.buyer.negotiator.token),
      'listing.not_found',
      404,
    );
    await refused(() => h.call('getBidById', { bid_id: bid.id }, token), 'bid.not_found');
    await refused(() => h.call('getOrderById', { order_id: bid.id }, token), 'bid.not_found');
    await refused(() => counter(bid, {}, token), 'bid.not_found');
    await openApprovalWindow(h, outsider.negotiator);
    await refused(() => action(bid, token), 'bid.not_found');
    await refused(() => h.call('getAllBids', { offer_id: m.offer.id }, token), 'listing.not_found', 404);
    await refused(() => h.call('getBidById', { bid_id: 999_999 }, token), 'bid.not_found');
  });

  it('refuses the wrong side, the wrong tier and out of turn', async () => {
    const bid = await seedOpenBid(h, await freshMarket());
    // The placer cannot accept its own terms.
    await openApprovalWindow(h, m.buyer.negotiator);
    await refused(() => action(bid, m.buyer.negotiator.token), 'bid.wrong_side');
    // Authorizers and Approvers wait for the deal to lock.
    await openApprovalWindow(h, m.seller.authorizer);
    await refused(() => action(bid, m.seller.authorizer.token), 'bid.not_locked');
    await refused(
      () => action(bid, m.seller.authorizer.token, { is_approved: false, comment: 'No' }),
      'bid.not_locked',
    );
    await refused(() => counter(bid, {}, m.seller.authorizer.token), 'auth.forbidden', 403);
    // A same-company user mapped to another distillery.
    const other = await seedOtherTeam(m.seller);
    await refused(() => counter(bid, {}, other.negotiator.token), 'bid.not_mapped');

    const locked = await seedLockedBid(h, await freshMarket());
    // An Approver before the side's Authorizer.
    await openApprovalWindow(h, m.seller.approver);
    await refused(() => action(locked, m.seller.approver.token), 'bid.not_your_turn');
    // Negotiators cannot change locked terms.
    await refused(() => counter(locked), 'bid.locked');
  });

  it('refuses a stale version, and a rejection without a comment', async () => {
    const bid = await seedOpenBid(h, await freshMarket());
    const moved = await counter(bid);
    expect(moved.statusCode).toBe(200);
    await refused(() => counter(bid, {}, m.buyer.negotiator.token), 'bid.stale');
    await openApprovalWindow(h, m.buyer.negotiator);
    await refused(() => action(bid, m.buyer.negotiator.token), 'bid.stale');
    await refused(
      () => action(moved.body.data as BidData, m.buyer.negotiator.token, { is_approved: false, comment: '' }),
      'validation.failed',
      400,
    );
  });

  it('refuses a counter above the available quantity or with a bad validity', async () => {
    const bid = await seedOpenBid(h, await freshMarket());
    await refused(() => counter(bid, { quantity: '10000.1' }), 'bid.quantity_unavailable');
    await refused(() => counter(bid, { valid_until: validUntil(h, 49) }), 'bid.validity_too_far');
    await refused(() => counter(bid, { valid_until: validUntil(h, -0.01) }), 'bid.validity_past');
    await refused(() => counter(bid, { valid_until: validUntil(h, 5 / 3_600) }), 'bid.validity_not_offered');
    await refused(() => counter(bid, { valid_until: validUntil(h, 6) }), 'bid.validity_not_offered');
    const moved = await counter(bid, { valid_until: validUntil(h, 48 - 1 / 60) });
    expect(moved.statusCode, JSON.stringify(moved.body)).toBe(200);
    const [row] = await h.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.valid_until.getTime() - row!.updated_at.getTime()).toBe(48 * 3_600_000);
  });

  it('refuses every action without an open approval window', async () => {
    const bid = await seedOpenBid(h, await freshMarket());
    // A new session of the seller's Negotiator has no window.
    const token = await h.login(m.seller.negotiator.email, m.seller.negotiator.password);
    await refused(() => action(bid, token), 'bid.step_up_required');
    await refused(() => action(bid, token, { is_approved: false, comment: 'Too low' }), 'bid.step_up_required');
  });

  it('refuses anything on a rejected, an approved or a lapsed bid', async () => {
    const rejected = await seedOpenBid(h, await freshMarket());
    await openApprovalWindow(h, m.seller.negotiator);
    const res = await action(rejected, m.seller.negotiator.token, { is_approved: false, comment: 'Too low' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const after = res.body.data as BidData;
    await refused(() => counter(after), 'bid.closed');
    await refused(() => action(after, m.seller.negotiator.token), 'bid.closed');

    const market = await freshMarket();
    let bid = await seedLockedBid(h, market);
    for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver, m.seller.approver])
      bid = (await approveBid(h, user, bid)).body.data;
    expect(bid.status).toBe('Approved');
    await openApprovalWindow(h, m.seller.approver);
    await refused(() => action(bid, m.seller.approver.token, { is_approved: false, comment: 'x' }), 'bid.closed');

    // A short validity: sessions idle out after two hours of the moved clock.
    const lapsing = await seedOpenBid(h, await freshMarket(), { hours: 0.25 });
    h.clock.offsetMs += 15 * 60_000 + 1_000;
    try {
      await refused(() => counter(lapsing), 'bid.lapsed');
      await openApprovalWindow(h, m.seller.negotiator);
      await refused(() => action(lapsing, m.seller.negotiator.token), 'bid.lapsed');
    } finally {
      h.clock.offsetMs -= 15 * 60_000 + 1_000;
    }
  });
});

describe('the final approval', () => {
  it('refuses a trade with a company that can no longer trade', async () => {
    let bid = await seedLockedBid(h, await freshMarket());
    for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver])
      bid = (await approveBid(h, user, bid)).body.data;
    await openApprovalWindow(h, m.seller.approver);
    // Arranged directly: deleting the company through the service would also end its users' sessions.
    await setCompanyStatus(h, m.buyer.company.id, 'Rejected');
    try {
      await refused(() => action(bid, m.seller.approver.token), 'bid.company_not_trading');
    } finally {
      await setCompanyStatus(h, m.buyer.company.id, 'Approved');
    }
    expect((await action(bid, m.seller.approver.token)).statusCode).toBe(200);
  });
});

describe('a company that is a Premium Client', () => {
  it('may place a confidential bid', async () => {
    await h.db.update(companies).set({ is_bid_confidential: true }).where(eq(companies.id, m.buyer.company.id));
    try {
      const market = await freshMarket();
      const res = await place({ my_offer_id: market.ask.id, is_bid_confidential: true });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect((res.body.data as { is_bid_confidential: boolean }).is_bid_confidential).toBe(true);
    } finally {
      await h.db.update(companies).set({ is_bid_confidential: false }).where(eq(companies.id, m.buyer.company.id));
    }
  });
});
