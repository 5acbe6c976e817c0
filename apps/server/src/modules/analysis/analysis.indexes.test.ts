// The trend's and the analysis's plans at a few thousand rows (sequential scans disabled, as the bid lists' are):
// each figure reads the index made for it, so it reads the range's rows, not the market's history: the traded volume
// the trades' weekly or monthly summary (migration 0040) and the daily one at its ends (0024), the funnel, the top companies and the open listings theirs (0030),
// the trend's partial days the trades of migration 0022's index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf } from '../../test/plans.js';
import {
  funnelArgs,
  funnelQuery,
  topCompaniesArgs,
  topCompaniesQuery,
  volumeArgs,
  volumeQuery,
} from './analysis.repository.js';
import {
  openListingsByStateArgs,
  openListingsByStateQuery,
  tradesByStateArgs,
  tradesByStateQuery,
} from './analysis.trend.repository.js';

let h: Harness;
let m: Market;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  // 300 more offers like the market's, then 5,000 bids over two years: a third approved, the rest rejected, lapsed
  // or open, one in ten confidential.
  const cols = sql.raw(`side, company_id, distillery_id, state, product, from_period, to_period, original_quantity,
    available_quantity, price, export_pass_fee, sales_tax, status`);
  await h.db.execute(sql`insert into listings (${cols}) select ${cols} from listings, generate_series(1, 300)
    where id = ${m.offer.id}`);
  await h.db.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product, placed_by,
      quantity, price, valid_until, status, locked, is_negotiator_buyer_approved, is_confidential, trade_reference,
      approved_at, created_at, updated_at)
    select o.id, ${m.ask.id}, o.company_id, ${m.buyer.company.id}, o.product, 'Buyer', 10 + i % 7, 50 + i % 5,
      now() - interval '1 hour',
      case when i % 3 = 0 then 'Approved' when i % 3 = 1 then 'Lapsed' else 'Rejected' end,
      i % 3 = 0, true, i % 10 = 0,
      case when i % 3 = 0 then 'TR-2026-' || lpad(i::text, 6, '0') end,
      case when i % 3 = 0 then now() - (i * 3.5 || ' hours')::interval end,
      now() - (i * 3.5 + 2 || ' hours')::interval, now() - (i * 3.5 || ' hours')::interval
    from generate_series(1, 5000) as i
      join (select id, company_id, product, row_number() over (order by id) - 1 as k from listings
        where side = 'Offer' and company_id = ${m.seller.company.id}) o on o.k = i % 300`);
  await h.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => h?.close());

/** The trades' daily summary's key (day first): a range of days is one range of it. */
const TRADE_DAYS_KEY = /trade_days_day_product_state_is_confidential_pk/;
/**
 * The weeks' or months' summary read for the whole periods by one of its indexes (unit and start first: the covering
 * one at market scale, the key at this one's), then the daily summary for the days at the range's ends.
 */
const TRADE_PERIODS =
  /trade_periods_(sums_idx|unit_start_product_state_is_confidential_pk)[\s\S]*trade_days_day_product_state_is_confidential_pk/;
/** The analysis' summaries' keys (analysis.table.ts): a range of days, or the periods not yet ended. */
const COMPANY_DAYS_KEY = /company_trade_days_(day_company_id_product_pk|sums_idx)/;
const FUNNEL_DAYS_KEY = /bid_funnel_days_day_status_locked_slot_pk/;
const OPEN_SUMS_KEY = /open_listing_sums_to_period_product_state_side_pk/;
const range = () => ({ from: new Date(Date.now() - 90 * DAY_MS), to: new Date() });

/** A figure's statement (its builder for a shape) and the shape and values of one request. */
type Figure = [{ toSQL(): { sql: string; params: unknown[] } }, { shape: unknown; values: Record<string, unknown> }];
const figure = <S, O>(
  query: (tx: typeof h.db, shape: S) => Figure[0],
  args: (opts: O) => { shape: S; values: Record<string, unknown> },
  opts: O,
): Figure => {
  const a = args(opts);
  return [query(h.db, a.shape), a];
};
const volume = (opts: Parameters<typeof volumeArgs>[0]) => figure(volumeQuery, volumeArgs, opts);
const top = (opts: Parameters<typeof topCompaniesArgs>[0]) => figure(topCompaniesQuery, topCompaniesArgs, opts);
const trades = (opts: Parameters<typeof tradesByStateArgs>[0]) => figure(tradesByStateQuery, tradesByStateArgs, opts);
const funnel = (opts: Parameters<typeof funnelArgs>[0]) => figure(funnelQuery, funnelArgs, opts);
const open = (opts: Parameters<typeof openListingsByStateArgs>[0]) =>
  figure(openListingsByStateQuery, openListingsByStateArgs, opts);

/** The plan the server runs: its statement planned with the request's values (these figures are never generic). */
const plan = ([query, args]: Figure) => planOf(h.db, query, args.values, 'force_custom_plan');

describe('the trend and the analysis read their indexes', () => {
  it.each([
    // 90 days never start and end on a Monday: at least one end is read by its days.
    ['volume by product', () => volume({ ...range(), bucket: 'week', groupBy: 'product' }), TRADE_PERIODS],
    ['volume by state', () => volume({ ...range(), bucket: 'week', groupBy: 'state' }), TRADE_PERIODS],
    [
      'volume by month',
      () =>
        volume({
          from: new Date('2025-01-10T00:00:00+05:30'),
          to: new Date('2026-11-20T00:00:00+05:30'),
          bucket: 'month',
          groupBy: 'state',
        }),
      TRADE_PERIODS,
    ],
    ['volume by day', () => volume({ ...range(), bucket: 'day', groupBy: 'state' }), TRADE_DAYS_KEY],
    // The range's first and last partial days are read from the trades: by their approval time, in the trend's
    // index or in the approved trades' (migration 0028), whichever the planner finds smaller.
    ['trades by state (30 days)', () => trades(range()), /bids_(traded_at|approved)_idx/],
    ['top companies', () => top({ ...range(), limit: 10 }), COMPANY_DAYS_KEY],
    // A year reads its whole quarters from theirs, the months at their ends and the days at those.
    [
      'top companies (a year)',
      () => top({ from: new Date(Date.now() - 365 * DAY_MS), to: new Date(), limit: 10 }),
      /company_trade_quarters_sums_idx[\s\S]*company_trade_months_sums_idx[\s\S]*company_trade_days/,
    ],
    ['top companies of a product', () => top({ ...range(), limit: 10, product: 'Grain ENA' }), COMPANY_DAYS_KEY],
    ['the funnel', () => funnel(range()), FUNNEL_DAYS_KEY],
    ['open listings by state', () => open({ period: '2026-01' }), OPEN_SUMS_KEY],
    ['open listings of a product by state', () => open({ period: '2026-01', product: 'Grain ENA' }), OPEN_SUMS_KEY],
  ])('%s', async (_name, query, index) => {
    const text = await plan(query());
    expect(text, text).toMatch(index);
    expect(text, text).not.toMatch(
      /Seq Scan on (bids|listings|trade_(days|periods)|company_trade_(days|months|quarters)|bid_funnel_days|open_listing_sums)/,
    );
  });

  it('the funnel, the top companies and the open listings read their summaries, not the bids or listings', async () => {
    for (const query of [funnel(range()), top({ ...range(), limit: 10 }), open({ period: '2026-01' })]) {
      const text = await plan(query);
      expect(text, text).not.toMatch(/ on (bids|listings)\b/);
    }
  });

  it('the volume reads no trade: only the range’s weeks and the days at its ends', async () => {
    for (const groupBy of ['product', 'state'] as const) {
      const text = await plan(volume({ ...range(), bucket: 'week', groupBy }));
      expect(text, text).not.toMatch(/ on (bids|listings)\b/);
      expect(text, text).toMatch(
        /Index Cond: \(\(unit = 'week'::text\) AND \(start >= '[\d-]+'::date\) AND \(start < '[\d-]+'::date\)/,
      );
      expect(text, text).toMatch(/Index Cond: \(\(day >= '[\d-]+'::date\) AND \(day < '[\d-]+'::date\)/);
    }
  });
});
