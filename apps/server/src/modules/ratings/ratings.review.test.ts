// reviewDistillery and getBidRating through the API on a real database: the /ratings form's rows (a company Admin,
// the SuperAdmin for any company), a trade's review by its parties (the latest wins), and every refusal leaving
// every table as it was.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { auditEntries, expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { seedTeam, seedUser } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, seedOpenBid, type BidData, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { users } from '../users/users.table.js';
import { ratings } from './ratings.table.js';

let h: Harness;
let superToken: string;
let m: Market;
let trade: BidData;
/** A second Buyer, no party to the trade. */
let other: Awaited<ReturnType<typeof seedTeam>>;
/** A company user holding no tier: Admin is what the general form needs. */
let buyerAdmin: string;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  trade = await seedApprovedTrade(h, m);
  other = await seedTeam(h, { superToken, type: 'Buyer' });
  buyerAdmin = m.buyer.adminToken;
}, 240_000);
afterAll(async () => h?.close());

const sellerPlant = () => m.seller.distilleries[0]!.id;
const buyerPlant = () => m.buyer.distilleries[0]!.id;
const row = (over: Record<string, unknown> = {}) => ({
  rating: 4,
  source: 'Approved',
  company_id: m.seller.company.id,
  to_distillery_id: sellerPlant(),
  from_distillery_id: buyerPlant(),
  ...over,
});
const review = (rows: unknown[], token: string) =>
  h.call<{ ids: number[] }>('reviewDistillery', { rating_details: rows }, token);
const rowsOf = (companyId: number) => h.db.select().from(ratings).where(eq(ratings.from_company_id, companyId));

/** A refused call changes no table. */
async function refused(call: () => Promise<Parameters<typeof expectError>[0]>, status: number, expected = {}) {
  const before = await tableDigest(h);
  expectError(await call(), status, expected);
  expect(await tableDigest(h)).toEqual(before);
}

describe('the /ratings form', () => {
  it('stores every row of a company Admin’s table in one call, from its own company, audited', async () => {
    const res = await review(
      [row(), row({ to_distillery_id: m.seller.distilleries[1]!.id, rating: 2, source: 'New' })],
      buyerAdmin,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Review submitted successfully');
    expect(res.body.data.ids).toHaveLength(2);
    const stored = await rowsOf(m.buyer.company.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      from_company_id: m.buyer.company.id,
      from_distillery_id: buyerPlant(),
      to_company_id: m.seller.company.id,
      to_distillery_id: sellerPlant(),
      rating: 4,
      source: 'Approved',
      bid_id: null,
    });
    const audit = await auditEntries(h, 'rating.created', res.body.data.ids[0]!);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.company_id).toBe(m.buyer.company.id);
  });

  it('lets the SuperAdmin enter rows for any company, recorded as entered by the SuperAdmin', async () => {
    const res = await review(
      [row({ from_company_id: other.company.id, from_distillery_id: other.distilleries[0]!.id, rating: 5 })],
      superToken,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const [stored] = await h.db.select().from(ratings).where(eq(ratings.id, res.body.data.ids[0]!));
    const [root] = await h.db.select({ id: users.id }).from(users).where(eq(users.is_super_admin, true));
    expect(stored).toMatchObject({ from_company_id: other.company.id, entered_by_user_id: root!.id, rating: 5 });
    const audit = await auditEntries(h, 'rating.created', stored!.id);
    expect(audit[0]!.actor_user_id).toBe(root!.id);
    await refused(() => review([row({ from_distillery_id: other.distilleries[0]!.id })], superToken), 400, {
      fields: { 'rating_details.0.from_company_id': 'Please select the company that rates' },
    });
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating', 'Rating must be 1 to 5 stars'],
    ['rating 6', { rating: 6 }, 'rating', 'Rating must be 1 to 5 stars'],
    ['rating 2.5', { rating: 2.5 }, 'rating', 'Rating must be 1 to 5 stars'],
    ['a source not in the list', { source: 'Pending' }, 'source', 'Source must be New, Approved or Rejected'],
  ])('refuses %s', async (_name, over, field, message) => {
    await refused(() => review([row(over)], buyerAdmin), 400, { fields: { [`rating_details.0.${field}`]: message } });
  });

  it('refuses rating one’s own company and a distillery of the same type, and stores no row of the call', async () => {
    await refused(
      () => review([row({ to_distillery_id: m.buyer.distilleries[1]!.id, company_id: null })], buyerAdmin),
      400,
      {
        fields: { 'rating_details.0.to_distillery_id': 'You cannot rate your own company' },
      },
    );
    await refused(
      () => review([row({ to_distillery_id: other.distilleries[0]!.id, company_id: null })], buyerAdmin),
      400,
      {
        fields: { 'rating_details.0.to_distillery_id': 'Rate a distillery of a company of the opposite type' },
      },
    );
    // All rows or none: a good first row is not kept when the second is refused.
    await refused(() => review([row(), row({ to_distillery_id: other.distilleries[0]!.id })], buyerAdmin), 400);
    // The rated company must be the distillery's; the rating distillery the rater's.
    await refused(() => review([row({ company_id: other.company.id })], buyerAdmin), 400, {
      fields: { 'rating_details.0.company_id': 'The distillery is not one of the chosen company’s' },
    });
    await refused(() => review([row({ from_distillery_id: other.distilleries[0]!.id })], buyerAdmin), 400, {
      fields: { 'rating_details.0.from_distillery_id': 'The distillery is not one of the rating company’s' },
    });
  });

  it('refuses a company user rating from another company, and a non-admin on the general form (403)', async () => {
    await refused(() => review([row({ from_company_id: other.company.id })], buyerAdmin), 403, {
      error: 'You can rate only from your own company',
    });
    await refused(() => review([row()], m.buyer.negotiator.token!), 403, {
      error: 'Only a company Admin or the SuperAdmin can enter ratings',
    });
    const plain = await seedUser(h, { adminToken: buyerAdmin });
    await refused(() => review([row()], plain.token!), 403);
  });
});

describe('a trade’s review', () => {
  const tradeRow = (over: Record<string, unknown> = {}) => ({
    bid_id: trade.id,
    rating: 2,
    source: 'Rejected',
    to_distillery_id: sellerPlant(),
    ...over,
  });

  it('is a party’s, of the other party’s distillery; a second review is a new row and the latest wins', async () => {
    const none = await h.call('getBidRating', { bid_id: trade.id }, m.buyer.approver.token);
    expect(none.body.data).toBeNull();
    const first = await review([tradeRow()], m.buyer.negotiator.token!);
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    const second = await review([tradeRow({ rating: 5, source: 'Approved' })], m.buyer.authorizer.token!);
    expect(second.statusCode, JSON.stringify(second.body)).toBe(200);
    const stored = await h.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.bid_id, trade.id), eq(ratings.from_company_id, m.buyer.company.id)))
      .orderBy(ratings.id);
    expect(stored.map((r) => [r.rating, r.from_distillery_id, r.to_company_id])).toEqual([
      [2, buyerPlant(), m.seller.company.id],
      [5, buyerPlant(), m.seller.company.id],
    ]);
    const latest = await h.call('getBidRating', { bid_id: trade.id }, buyerAdmin);
    expect(latest.body.data).toMatchObject({ rating: 5, source: 'Approved', from_company_type: 'Buyer' });
    // The seller's side rates the buyer's distillery, and sees only its own review.
    expect((await h.call('getBidRating', { bid_id: trade.id }, m.seller.negotiator.token)).body.data).toBeNull();
    const seller = await review(
      [tradeRow({ to_distillery_id: buyerPlant(), rating: 3, source: 'New' })],
      m.seller.approver.token!,
    );
    expect(seller.statusCode, JSON.stringify(seller.body)).toBe(200);
    expect((await h.call('getBidRating', { bid_id: trade.id }, m.seller.negotiator.token)).body.data).toMatchObject({
      rating: 3,
      from_company_type: 'Seller',
    });
  });

  it('refuses a trade not the caller’s (404), one not approved (409), and a distillery not the other party’s', async () => {
    await refused(() => review([tradeRow({ to_distillery_id: sellerPlant() })], other.adminToken), 404, {
      error: 'Bid not found',
    });
    expectError(await h.call('getBidRating', { bid_id: trade.id }, other.adminToken), 404);
    await refused(() => review([tradeRow({ bid_id: 999_999 })], m.buyer.negotiator.token!), 404);
    const open = await seedOpenBid(h, m, { quantity: 10 });
    await refused(() => review([tradeRow({ bid_id: open.id })], m.buyer.negotiator.token!), 409, {
      error: 'Only an approved trade can be reviewed',
    });
    await refused(
      () => review([tradeRow({ to_distillery_id: m.seller.distilleries[1]!.id })], m.buyer.negotiator.token!),
      400,
      {
        fields: {
          'rating_details.0.to_distillery_id': 'A trade’s review is of the other party’s distillery of that trade',
        },
      },
    );
    await refused(
      () => review([tradeRow({ from_distillery_id: m.buyer.distilleries[1]!.id })], m.buyer.negotiator.token!),
      400,
    );
  });
});
