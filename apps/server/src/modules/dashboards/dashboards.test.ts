// Issue 23: the dashboard calls against a small market whose answers the test knows — three trades (one with a sale
// order, two moved into the past), open, locked and lapsed bids — for the SuperAdmin and each company's roles.
// Expected figures come from what the test made and from the domain's fee arithmetic, never from the same SQL.
import { type BidStatus } from '@spirit/domain/bids/bids.constants';
import {
  commissionDataSchema,
  dashboardBidListSchema,
  dashboardFiguresSchema,
  type DashboardBid,
} from '@spirit/domain/dashboards/dashboards.schemas';
import { feeTotal, fromMinor, toMinor } from '@spirit/domain/fees/fees.rules';
import { maskName } from '@spirit/domain/listings/listings.rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRates } from '../../test/fee-fixtures.js';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedOffer, seedTrader, type Trader } from '../../test/team-fixtures.js';
import {
  seedApprovedTrade,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  uploadSaleOrder,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { bids } from '../bids/bids.table.js';

const RATES = {
  buyer: { commission_amount: '0.25', state_gst: '9', central_gst: '9' },
  seller: { commission_amount: '0.40', state_gst: '6', central_gst: '6' },
};
const DAY = 86_400_000;

let h: Harness;
let superToken: string;
/** S sells to B and to C. */
let m: Market;
let C: Trader;
const made = {} as Record<'t1' | 't2' | 't3' | 'open' | 'locked' | 'lapsed' | 'openC', BidData>;
/** Each trade's quantity and approval time. */
const trades: { id: number; quantity: string; at: Date }[] = [];

const nameOf = (t: Trader) => t.company.body.name as string;
const withPair = async (seller: Trader, buyer: Trader): Promise<Market> => ({
  seller,
  buyer,
  offer: await seedOffer(h, seller),
  ask: await seedOffer(h, buyer),
});

/** Moves a trade's approval (and its last change, placement) to `at`. */
async function approvedAt(id: number, at: Date) {
  await h.db
    .update(bids)
    .set({ approved_at: at, updated_at: at, created_at: new Date(at.getTime() - 3_600_000) })
    .where(eq(bids.id, id));
}

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  await seedRates(h, superToken, RATES);
  m = await seedMarket(h, { superToken });
  C = await seedTrader(h, { superToken, type: 'Buyer' });
  const now = Date.now();
  made.t1 = await seedApprovedTrade(h, await withPair(m.seller, m.buyer), { quantity: '1500.5' });
  made.t2 = await seedApprovedTrade(h, await withPair(m.seller, m.buyer), { quantity: '1000' });
  made.t3 = await seedApprovedTrade(h, await withPair(m.seller, C), { quantity: '733.3' });
  await approvedAt(made.t1.id, new Date(now - 10 * DAY));
  await approvedAt(made.t3.id, new Date(now - 2 * DAY));
  const [t2row] = await h.db.select().from(bids).where(eq(bids.id, made.t2.id));
  trades.push(
    { id: made.t1.id, quantity: '1500.5', at: new Date(now - 10 * DAY) },
    { id: made.t2.id, quantity: '1000', at: t2row!.approved_at! },
    { id: made.t3.id, quantity: '733.3', at: new Date(now - 2 * DAY) },
  );
  const file = await uploadSaleOrder(h, m.seller.adminToken);
  const attached = await h.call('updateBid', { bid_id: made.t2.id, sell_order: file }, m.seller.adminToken);
  expect(attached.statusCode, JSON.stringify(attached.body)).toBe(200);

  made.open = await seedOpenBid(h, await withPair(m.seller, m.buyer));
  made.locked = await seedLockedBid(h, await withPair(m.seller, m.buyer));
  made.lapsed = await seedOpenBid(h, await withPair(m.seller, m.buyer), { hours: -1 });
  made.openC = await seedOpenBid(h, await withPair(m.seller, C), { by: 'seller' });
}, 240_000);
afterAll(async () => h?.close());

async function ok<T>(method: string, body: unknown, token: string | null, parse: { parse: (v: unknown) => T }) {
  const res = await h.call(method, body, token);
  expect(res.statusCode, `${method} ${JSON.stringify(res.body)}`).toBe(200);
  return parse.parse((res.body as { data: unknown }).data);
}
const list = (method: string, body: unknown, token: string | null) => ok(method, body, token, dashboardBidListSchema);
const figures = (token: string | null) =>
  ok('getDashboardData', { company_id: C.company.id }, token, dashboardFiguresSchema);
const ids = (records: DashboardBid[]) => records.map((r) => r.id).sort((a, b) => a - b);
const sorted = (...xs: BidData[]) => xs.map((x) => x.id).sort((a, b) => a - b);

describe('getDashboardData', () => {
  it('gives the SuperAdmin the totals of /prospect, /clients/Buyer and /clients/Seller', async () => {
    const f = await figures(superToken);
    const total = async (search: object) =>
      ((await h.call('getAllCompany', { search }, superToken)).body as { data: { totalRecords: number } }).data
        .totalRecords;
    expect(f).toEqual({
      pending_count: await total({ status: ['Pending'] }),
      approved_buyer_count: 2,
      approved_seller_count: 1,
    });
    expect(f.approved_buyer_count).toBe(await total({ type: 'Buyer', status: ['Approved'] }));
  });

  it('gives each company user the cards of their company, whatever ids the body names', async () => {
    expect(await figures(m.seller.adminToken)).toEqual({
      approved_orders: 3,
      sale_order_generated: 1,
      bids_lapsed: 1,
      my_orders: 8,
      my_pending_approvals: null,
    });
    expect(await figures(m.buyer.authorizer.token)).toMatchObject({
      approved_orders: 2,
      sale_order_generated: 1,
      bids_lapsed: 1,
      my_orders: 6,
      my_pending_approvals: 1,
    });
    expect(await figures(C.negotiator.token)).toMatchObject({
      approved_orders: 1,
      sale_order_generated: 0,
      bids_lapsed: 0,
      my_orders: 2,
      // The seller placed on C's ask: C's negotiator answers.
      my_pending_approvals: 1,
    });
  });

  it('counts what each card’s list totals', async () => {
    for (const person of [m.seller.negotiator, m.seller.authorizer, m.buyer.approver, C.authorizer]) {
      const f = await figures(person.token);
      const total = async (method: string, body: object = {}) =>
        ((await h.call(method, body, person.token)).body as { data: { totalRecords: number } }).data.totalRecords;
      expect(f.approved_orders).toBe(await total('getAllBids', { bid_status: 'Approved', is_tracked_bid: true }));
      expect(f.sale_order_generated).toBe(await total('getDashboardAllApprovedBids', { sell_order_generated: true }));
      expect(f.bids_lapsed).toBe(await total('getDashboardAllLapsedBids'));
      expect(f.my_orders).toBe(await total('getAllOffers'));
      expect(f.my_pending_approvals).toBe(await total('getDashboardAllPendingAprrovedBids'));
      expect(f.my_pending_approvals).toBe(await total('getAllBids', { awaiting_me: true }));
    }
  });
});

describe('the bid lists', () => {
  it('lists approved trades of the last 7 days, or all, with the sale order flag and clear names', async () => {
    const week = await list('getDashboardAllApprovedBids', { days: 7 }, m.seller.negotiator.token);
    expect(ids(week.records)).toEqual(sorted(made.t2, made.t3));
    expect(week.totalRecords).toBe(2);
    const all = await list('getDashboardAllApprovedBids', {}, m.seller.negotiator.token);
    expect(ids(all.records)).toEqual(sorted(made.t1, made.t2, made.t3));
    const t2 = all.records.find((r) => r.id === made.t2.id)!;
    expect(t2).toMatchObject({
      status: 'Approved',
      sellOrderGenerated: true,
      buyer_company: nameOf(m.buyer),
      seller_company: nameOf(m.seller),
      quantity: '1000.0',
      next_level_pending: null,
    });
    expect(t2.trade_reference_number).toMatch(/^TR-\d{4}-\d{6}$/);
    expect(all.records.find((r) => r.id === made.t1.id)!.sellOrderGenerated).toBe(false);
    // Newest first.
    expect(all.records.map((r) => r.id)).toEqual([made.t2.id, made.t3.id, made.t1.id]);

    expect(ids((await list('getDashboardAllApprovedBids', { days: 7 }, m.buyer.adminToken)).records)).toEqual(
      sorted(made.t2),
    );
  });

  it('shows the SuperAdmin every company’s bids with both names', async () => {
    const week = await list('getDashboardAllApprovedBids', { days: 7 }, superToken);
    expect(ids(week.records)).toEqual(sorted(made.t2, made.t3));
    const open = await list('getDashboardAllOpenBids', { days: 7 }, superToken);
    expect(ids(open.records)).toEqual(sorted(made.open, made.locked, made.openC));
    for (const r of open.records) expect(r.seller_company).toBe(nameOf(m.seller));
    const lapsed = await list('getDashboardAllLapsedBids', {}, superToken);
    expect(ids(lapsed.records)).toEqual(sorted(made.lapsed));
  });

  it('lists a company’s open bids with who acts next, the counterparty masked', async () => {
    const open = await list('getDashboardAllOpenBids', { company_id: C.company.id }, m.buyer.negotiator.token);
    expect(ids(open.records)).toEqual(sorted(made.open, made.locked));
    const byId = new Map(open.records.map((r) => [r.id, r]));
    expect(byId.get(made.open.id)).toMatchObject({
      status: 'New',
      next_level_pending: 'Seller Negotiator',
      buyer_company: nameOf(m.buyer),
      seller_company: maskName(nameOf(m.seller)),
    });
    expect(byId.get(made.open.id)!.sellOrderGenerated).toBeUndefined();
    expect(byId.get(made.locked.id)!.next_level_pending).toBe('Buyer Authorizer, Seller Authorizer');
    // C sees only its own bid with S.
    const ofC = await list('getDashboardAllOpenBids', {}, C.approver.token);
    expect(ids(ofC.records)).toEqual(sorted(made.openC));
    expect(ofC.records[0]!.seller_company).toBe(maskName(nameOf(m.seller)));
  });

  it('lists lapsed bids, searched and paged', async () => {
    const lapsed = await list('getDashboardAllLapsedBids', {}, m.buyer.negotiator.token);
    expect(ids(lapsed.records)).toEqual(sorted(made.lapsed));
    expect(lapsed.records[0]).toMatchObject({ status: 'Lapsed' satisfies BidStatus, next_level_pending: null });
    const product = lapsed.records[0]!.product;
    expect((await list('getDashboardAllLapsedBids', { item_search: product }, m.buyer.adminToken)).totalRecords).toBe(
      1,
    );
    expect(
      (await list('getDashboardAllLapsedBids', { item_search: 'no such thing' }, m.buyer.adminToken)).totalRecords,
    ).toBe(0);
    expect((await list('getDashboardAllLapsedBids', {}, C.negotiator.token)).totalRecords).toBe(0);
    const beyond = await list('getDashboardAllLapsedBids', { page: 5, page_size: 10 }, m.buyer.adminToken);
    expect(beyond).toEqual({ records: [], totalRecords: 1 });
  });

  it('lists for each tier exactly the bids waiting for it (the inbox), on both pending calls', async () => {
    for (const [person, expected] of [
      [m.buyer.authorizer, [made.locked]],
      [m.seller.authorizer, [made.locked]],
      [m.buyer.approver, []],
      [m.seller.negotiator, [made.open]],
      [C.negotiator, [made.openC]],
    ] as const) {
      for (const method of ['getDashboardAllPendingAprrovedBids', 'getDashboardAllPending']) {
        const pending = await list(method, {}, person.token);
        expect(ids(pending.records), `${method} ${person.email}`).toEqual(sorted(...expected));
        const inbox = (await h.call('getAllBids', { awaiting_me: true }, person.token)).body as {
          data: { records: { id: number }[] };
        };
        expect(ids(pending.records)).toEqual(inbox.data.records.map((r) => r.id).sort((a, b) => a - b));
      }
    }
  });
});

describe('getDashboardCommissionData', () => {
  /** Each IST day's fees, summed from the domain's fee arithmetic per trade. */
  function expected(sinceDays: number) {
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
    const first = day(new Date(Date.now() - (sinceDays - 1) * DAY));
    const byDay = new Map<string, { buyer: bigint; seller: bigint }>();
    for (const t of trades) {
      const date = day(t.at);
      if (date < first) continue;
      const row = byDay.get(date) ?? { buyer: 0n, seller: 0n };
      row.buyer += toMinor(feeTotal(t.quantity, RATES.buyer).total);
      row.seller += toMinor(feeTotal(t.quantity, RATES.seller).total);
      byDay.set(date, row);
    }
    return [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, r]) => ({
        date,
        buyer_commission: fromMinor(r.buyer),
        seller_commission: fromMinor(r.seller),
        total_commission: fromMinor(r.buyer + r.seller),
      }));
  }

  it('sums each day’s snapshotted fees of approved trades', async () => {
    const rows = await ok('getDashboardCommissionData', {}, superToken, commissionDataSchema);
    expect(rows).toEqual(expected(90));
    expect(rows).toHaveLength(3);
    expect(await ok('getDashboardCommissionData', { days: 5 }, superToken, commissionDataSchema)).toEqual(expected(5));
  });

  it('reads the fee snapshot, not today’s rates, and an incomplete snapshot adds nothing', async () => {
    await h.db.execute(sql`update bids set seller_state_gst = null where id = ${made.t3.id}`);
    try {
      const t3day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(trades[2]!.at);
      const day = async () =>
        (await ok('getDashboardCommissionData', {}, superToken, commissionDataSchema)).find((r) => r.date === t3day)!;
      // A write made beside the server, as another process's, reaches its cached figures by notification: on
      // PostgreSQL a moment after the commit (lib/market-cache.ts).
      await expect.poll(async () => (await day()).seller_commission).toBe('0.00');
      expect((await day()).buyer_commission).toBe(feeTotal('733.3', RATES.buyer).total);
    } finally {
      await h.db.execute(sql`update bids set seller_state_gst = 6 where id = ${made.t3.id}`);
    }
  });
});

describe('refusals', () => {
  const refused = async (method: string, body: unknown, token: string | null, status: number, text?: string) => {
    const res = await h.call(method, body, token);
    expect(res.statusCode, `${method} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
    if (text) expect(JSON.stringify(res.body)).toContain(text);
  };

  it('keeps commission to the SuperAdmin and pending approvals to the trading tiers', async () => {
    for (const token of [m.seller.adminToken, m.seller.negotiator.token, m.buyer.authorizer.token, C.approver.token])
      await refused('getDashboardCommissionData', {}, token, 403);
    await refused('getDashboardAllPendingAprrovedBids', {}, superToken, 403);
    await refused('getDashboardAllPending', {}, m.buyer.adminToken, 403);
    await refused('getDashboardData', {}, null, 401);
  });

  it('refuses day windows, pages and searches out of bounds with clear messages', async () => {
    const t = m.buyer.negotiator.token;
    await refused('getDashboardAllApprovedBids', { days: 0 }, t, 400, 'Days must be a whole number from 1 to 90');
    await refused('getDashboardAllOpenBids', { days: 91 }, t, 400, 'Days must be a whole number from 1 to 90');
    await refused('getDashboardCommissionData', { days: 367 }, superToken, 400, 'from 1 to 366');
    await refused('getDashboardCommissionData', { days: 'all' }, superToken, 400, 'from 1 to 366');
    await refused('getDashboardAllLapsedBids', { page: 0 }, t, 400, 'Page must be a whole number from 1 to 1000');
    await refused('getDashboardAllLapsedBids', { page: 1001 }, t, 400, 'Page must be');
    await refused('getDashboardAllLapsedBids', { page_size: 1000 }, t, 400, 'Page size must be');
    await refused('getDashboardAllPending', { item_search: 'x'.repeat(10_000) }, t, 400, 'Search must be at most 100');
  });
});
