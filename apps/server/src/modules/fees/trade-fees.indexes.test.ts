// My Service Fee's page plans (issue 22 "Budgets"): each side's and the platform's approved trades walked in approval
// order by their own indexes (migration 0028) to the page's ids, then those rows read by key, each row's live invoices
// probed by its trade, in the generic plans the server runs and with values, so a page stops after its rows at the market's hundreds of thousands of trades. Thousands of bids go in by bulk SQL beside a real
// seeded market, as in dashboards.indexes.test.ts; sequential scans are disabled (test/plans.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf, type PlanMode } from '../../test/plans.js';
import { tradePageQuery, tradeRowsQuery, type PageShape } from './trade-fees.repository.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  // 3,000 bids on the market's pair, one in four an approved trade over the past year.
  await h.db.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product, placed_by,
      quantity, price, valid_until, status, locked, trade_reference, approved_at, created_at, updated_at)
    select ${m.offer.id}, ${m.ask.id}, ${m.seller.company.id}, ${m.buyer.company.id}, 'Molasses ENA', 'Buyer', 10, 50,
      now() - interval '1 hour', case when i % 4 = 1 then 'Approved' else 'Rejected' end, i % 4 = 1,
      case when i % 4 = 1 then 'TR-2026-' || lpad(i::text, 6, '0') end,
      case when i % 4 = 1 then now() - (i * 3 || ' hours')::interval end,
      now() - (i * 3 || ' hours')::interval, now() - (i * 3 || ' hours')::interval
    from generate_series(1, 3000) as i`);
  await h.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => h?.close());

const MODES: PlanMode[] = ['force_custom_plan', 'force_generic_plan'];

describe('My Service Fee pages walk the approved trades’ indexes', () => {
  // Here every trade is one pair's, so a company's page may as well walk the platform's index with the company as a
  // filter; either way the trades are read in approval order and the page stops after its rows (no sort).
  it.each([
    ['the seller’s page', 'seller', (): number | undefined => m.seller.company.id, /bids_(seller_)?approved_idx/],
    ['the buyer’s page', 'buyer', (): number | undefined => m.buyer.company.id, /bids_(buyer_)?approved_idx/],
    ['the platform’s page', 'platform', (): number | undefined => undefined, /bids_approved_idx/],
  ] as const)('%s, with and without its total', async (_name, side, company, index) => {
    for (const total of [false, true]) {
      const shape: PageShape = { side, search: false, sort: 'default', order: 'desc', total };
      for (const mode of MODES) {
        const text = await planOf(
          h.db,
          tradePageQuery(h.db, shape),
          { company: company(), limit: 10, offset: 0 },
          mode,
        );
        expect(text, `${side} total=${total} (${mode})\n${text}`).toMatch(index);
        expect(text, `${side} total=${total} (${mode})\n${text}`).not.toMatch(/Seq Scan on bids/);
        // The page's ids come from the index in order; only the page's own rows are put back in that order.
        for (const sort of text.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g))
          expect(Number(sort[1]), `${side} total=${total} (${mode})\n${text}`).toBeLessThanOrEqual(10);
        // Keys only: no invoice or distillery is read for the page (the rows the memo lacks are, below).
        expect(text, `${side} total=${total} (${mode})\n${text}`).not.toMatch(/invoices|distilleries/);
      }
    }
    // The rows by primary key, each with its live invoices: a probe of the trade's own invoices.
    for (const mode of MODES) {
      const text = await planOf(h.db, tradeRowsQuery(h.db, { side }), { ids: [1, 2, 3] }, mode);
      expect(text, text).toMatch(/Index Scan using bids_pkey on bids/);
      expect(text, text).toMatch(/invoices_bid_idx/);
      expect(text, text).not.toMatch(/Seq Scan on bids/);
    }
  });
});
