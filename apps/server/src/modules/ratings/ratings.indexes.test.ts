// The rating columns' plans: every list row finds its company's latest rating, and each company's latest for the
// industry mean, in `ratings_to_from_idx` (to_distillery_id, from_company_id, created_at desc, id desc), never by
// reading the ratings table. Thousands of rating rows go in by bulk SQL beside a real market; the plans are read
// with sequential scans disabled (test/plans.ts), with the values and generically, as the server runs them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAhead, seedApprovedTrade, seedMarket, seedSuperAdmin, type Market } from '../../test/fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf, type PlanMode } from '../../test/plans.js';
import { bidListArgs, bidListQuery } from '../bids/bids.lists.repository.js';
import { possibleQuery } from '../listings/listings.repository.js';
import { listings } from '../listings/listings.table.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  await seedApprovedTrade(h, m, { quantity: 10 });
  // 6,000 ratings: both companies rate each other's four distilleries again and again over a year.
  await h.db.execute(sql`insert into ratings (from_company_id, from_distillery_id, to_company_id, to_distillery_id,
      rating, source, created_at)
    select f.company_id, f.id, t.company_id, t.id, 1 + i % 5, (array['New', 'Approved', 'Rejected'])[1 + i % 3],
      now() - (i || ' hours')::interval
    from generate_series(1, 1500) as i
      cross join distilleries f join distilleries t on t.company_id <> f.company_id`);
  await h.db.execute(sql`analyze`);
}, 240_000);
afterAll(async () => h?.close());

const MODES: PlanMode[] = ['force_custom_plan', 'force_generic_plan'];

function expectRatingsByIndex(name: string, plan: string) {
  expect(plan, `${name}\n${plan}`).toMatch(/ratings_to_from_idx/);
  expect(plan, `${name}\n${plan}`).not.toMatch(/Seq Scan on ratings|Bitmap Heap Scan on ratings/);
  // The industry mean walks each company's first entry (a loose index scan), and no rating subquery sorts: the
  // index gives each range in the order wanted.
  expect(plan, `${name}\n${plan}`).toMatch(/Recursive Union/);
  expect(plan, `${name}\n${plan}`).not.toMatch(/Sort Key: r(_\d+)?\./);
}

describe('the rating columns walk ratings_to_from_idx', () => {
  it('on a page of possible counterparties', async () => {
    const [ask] = await h.db.select().from(listings).where(eq(listings.id, m.ask.id));
    const period = periodAhead(0);
    const values = {
      side: 'Offer',
      product: ask!.product,
      from_period: ask!.from_period > period ? ask!.from_period : period,
      to_period: ask!.to_period,
      company: ask!.company_id,
      period,
      sales_tax: '0',
      mine_id: m.ask.id,
      limit: 10,
      offset: 0,
    };
    for (const mode of MODES) {
      const plan = await planOf(
        h.db,
        possibleQuery(h.db, { mine: 'Ask', sort: 'default', order: 'asc', total: false }),
        values,
        mode,
      );
      expectRatingsByIndex(`getAllPossibleOffer (${mode})`, plan);
    }
  });

  it('on a page of a company’s bids', async () => {
    const { shape, values } = bidListArgs(
      {
        companyId: m.buyer.company.id,
        userId: m.buyer.negotiator.id,
        now: new Date(),
        q: { page: 1, page_size: 10, sort_order: 'asc' },
      },
      false,
    );
    for (const mode of MODES) {
      const plan = await planOf(h.db, bidListQuery(h.db, shape), values, mode);
      expectRatingsByIndex(`getAllBids (${mode})`, plan);
    }
  });
});
