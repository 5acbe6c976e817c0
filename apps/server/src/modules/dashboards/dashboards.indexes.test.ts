// The dashboard statements' plans (issue 23 "Budgets"): the lists with the dashboard's filters (open, a day window,
// sale orders) and commission over time walk the bids' indexes, never the whole table. Thousands of bids go in by
// bulk SQL beside a real seeded market, as in bids.indexes.test.ts; sequential scans are disabled so what is proven
// is that an index serves each statement, in the plans the server runs (with values, and generic).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf, type PlanMode } from '../../test/plans.js';
import {
  bidCountQuery,
  bidListArgs,
  dashboardKeysQuery,
  dashboardRowsQuery,
  type BidListOptions,
} from '../bids/bids.lists.repository.js';
import { commissionQuery } from './dashboards.repository.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  const cols = sql.raw(`side, company_id, distillery_id, state, product, from_period, to_period, original_quantity,
    available_quantity, price, export_pass_fee, sales_tax, status`);
  await h.db.execute(sql`insert into listings (${cols}) select ${cols} from listings, generate_series(1, 300)
    where id = ${m.offer.id}`);
  // 3,000 bids over a year: the first on each offer open, the rest closed; a third of the trades have fees.
  await h.db.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product, placed_by,
      quantity, price, valid_until, status, locked, is_negotiator_buyer_approved, trade_reference, approved_at,
      buyer_commission_amount, buyer_state_gst, buyer_central_gst, created_at, updated_at)
    select o.id, ${m.ask.id}, o.company_id, ${m.buyer.company.id}, o.product, 'Buyer', 10, 50,
      case when i <= 300 then now() + interval '3 hours' else now() - interval '1 hour' end,
      case when i <= 300 then 'New' when i % 4 = 1 then 'Approved' when i % 4 = 2 then 'Lapsed' else 'Rejected' end,
      i > 300 and i % 4 = 1, true,
      case when i > 300 and i % 4 = 1 then 'TR-2026-' || lpad(i::text, 6, '0') end,
      case when i > 300 and i % 4 = 1 then now() - (i * 3 || ' hours')::interval end,
      case when i % 3 = 0 then 1.25 end, case when i % 3 = 0 then 9 end, case when i % 3 = 0 then 9 end,
      now() - (i * 3 || ' hours')::interval, now() - (i * 3 || ' hours')::interval
    from generate_series(1, 3000) as i
      join (select id, company_id, product, row_number() over (order by id) - 1 as k from listings
        where side = 'Offer' and company_id = ${m.seller.company.id}) o on o.k = i % 300`);
  await h.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => h?.close());

const MODES: PlanMode[] = ['force_custom_plan', 'force_generic_plan'];
const q = { page: 1, page_size: 10, sort_order: 'desc' as const };
const week = () => new Date(Date.now() - 7 * 86_400_000);

async function expectIndex(name: string, opts: Omit<BidListOptions, 'now' | 'userId'>, index: RegExp) {
  const { shape, values } = bidListArgs({ ...opts, now: new Date(), userId: m.buyer.negotiator.id }, true);
  for (const mode of MODES) {
    // The page reads its records' keys (dashboards.service.ts `page`): no listing, and no company — the names'
    // epoch (migration 0037) stands for the parties' names.
    const text = await planOf(h.db, dashboardKeysQuery(h.db, shape), values, mode);
    expect(text, `${name} (${mode})\n${text}`).toMatch(index);
    expect(text, `${name} (${mode})\n${text}`).not.toMatch(/Seq Scan on bids|on listings|on companies/);
  }
}

describe('the dashboard lists walk the bids’ indexes', () => {
  const company = () => m.buyer.company.id;
  it.each([
    ['a company’s open bids of the week', () => ({ companyId: company(), q, open: true, since: week() })],
    ['a company’s open bids', () => ({ companyId: company(), q, open: true })],
    [
      'a company’s trades of the week',
      () => ({ companyId: company(), q: { ...q, bid_status: 'Approved' as const }, since: week() }),
    ],
    [
      'a company’s trades with a sale order',
      () => ({ companyId: company(), q: { ...q, bid_status: 'Approved' as const }, saleOrder: true }),
    ],
    ['a company’s lapsed bids', () => ({ companyId: company(), q: { ...q, bid_status: 'Lapsed' as const } })],
  ])('%s', async (name, opts) => {
    // The few trades with a sale order are their own partial index (bids_sell_order_idx). Here every open bid is
    // this company's, so the planner may walk the market's open bids newest first (bids_open_changed_idx) instead:
    // at market scale (100,000 open bids) it takes the company's own (checked on the bench's market).
    await expectIndex(name, opts(), /bids_((buyer|seller)_(company|status|live)|sell_order|open_changed)_idx/);
  });

  it.each([
    [
      'the platform’s trades of the week',
      () => ({ companyId: 0, platform: true, q: { ...q, bid_status: 'Approved' as const }, since: week() }),
      // Here every bid has one seller: the planner may skip-scan that seller's status index instead.
      /bids_((buyer|seller)_)?status_idx/,
    ],
    [
      'the platform’s open bids of the week',
      () => ({ companyId: 0, platform: true, q, open: true, since: week() }),
      /bids_open_changed_idx/,
    ],
  ])('%s', async (name, opts, index) => {
    await expectIndex(name, opts(), index);
  });

  it('the records the memo lacks are read by primary key, with their names and no listing', async () => {
    for (const mode of MODES) {
      const text = await planOf(h.db, dashboardRowsQuery(h.db), { ids: [1, 2, 3] }, mode);
      expect(text, text).toMatch(/Index Scan using bids_pkey on bids/);
      expect(text, text).toMatch(/on companies buyer/);
      expect(text, text).not.toMatch(/on listings|Seq Scan on bids/);
    }
  });

  it('commission over time reads the window’s days of the trades’ daily summary, no trade', async () => {
    const values = { since: new Date(Date.now() - 90 * 86_400_000).toISOString() };
    for (const mode of MODES) {
      const text = await planOf(h.db, commissionQuery(h.db), values, mode);
      expect(text, text).toMatch(/trade_days_day_product_state_is_confidential_pk/);
      expect(text, text).not.toMatch(/ on bids\b|Seq Scan/);
    }
  });

  // At market scale (9,000 trades and 100,000 open bids in a week) both are index-only scans of these indexes
  // (docs/decisions.md "Dashboards at market scale"); here every bid has one seller, and the planner may skip-scan
  // that seller's status index for the trades instead.
  it('the platform’s trades and open bids of a week are counted from an index', async () => {
    const platform = { companyId: 0, platform: true, userId: m.buyer.negotiator.id, now: new Date(), since: week() };
    for (const [opts, index] of [
      [
        { ...platform, q: { ...q, bid_status: 'Approved' as const } },
        /Index (Only )?Scan (using|on) bids_(seller_)?status_idx/,
      ],
      [{ ...platform, q, open: true }, /Index Only Scan using bids_open_changed_idx/],
    ] as const) {
      const { shape, values } = bidListArgs(opts, false);
      for (const mode of MODES) {
        const text = await planOf(h.db, bidCountQuery(h.db, shape), values, mode);
        expect(text, text).toMatch(index);
        expect(text, text).not.toMatch(/Seq Scan/);
      }
    }
  });
});
