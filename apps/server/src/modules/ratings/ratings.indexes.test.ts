// The rating columns' plans: every list row finds its company's latest rating, and each company's latest for the
// industry mean, in `ratings_to_from_idx` (to_distillery_id, from_company_id, created_at desc, id desc), never by
// reading the ratings table. Thousands of rating rows go in by bulk SQL beside a real market; the plans are read
// with sequential scans disabled (test/plans.ts), with the values and generically, as the server runs them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { periodAhead } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf, type PlanMode } from '../../test/plans.js';
import { bidListArgs, bidListQuery } from '../bids/bids.lists.repository.js';
import { possibleQuery } from '../listings/listings.possible.repository.js';
import { offerMapQuery } from '../listings/offer-map.repository.js';
import { listings } from '../listings/listings.table.js';
import { ratingsQuery } from './rating-memo.js';

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
  // Your rating and your source are one entry of the index, read by one probe (ratings.repository `yourReviewText`).
  expect(plan.match(/ratings_to_from_idx/g), `${name}\n${plan}`).toHaveLength(1);
  expect(plan, `${name}\n${plan}`).not.toMatch(/Seq Scan on ratings\b|Bitmap Heap Scan on ratings\b/);
  // No rating subquery sorts: the index gives each range in the order wanted. The industry mean is kept per
  // distillery (migration 0031): one probe of its key.
  expect(plan, `${name}\n${plan}`).not.toMatch(/Sort Key: r(_\d+)?\./);
  expect(plan, `${name}\n${plan}`).toMatch(/Index Scan using distillery_ratings_pkey on distillery_ratings dr/);
}

describe('the kept industry rating', () => {
  it('is the mean of each rating company’s latest rating, after a bulk insert and after one more rating', async () => {
    const kept = async () =>
      (await h.db.execute(sql`select d.to_distillery_id as id, round(d.rating, 4)::text as kept, (
          select round(avg(l.rating), 4)::text from (select distinct on (r.from_company_id) r.rating from ratings r
            where r.to_distillery_id = d.to_distillery_id
            order by r.from_company_id, r.created_at desc, r.id desc) l) as worked_out
        from distillery_ratings d`)) as unknown as { rows: { id: number; kept: string; worked_out: string }[] };
    const before = await kept();
    expect(before.rows.length).toBeGreaterThan(0);
    for (const row of before.rows) expect(row.kept, `distillery ${row.id}`).toBe(row.worked_out);
    // A newer rating replaces its company's latest.
    const target = before.rows[0]!.id;
    await h.db.execute(sql`insert into ratings (from_company_id, to_company_id, to_distillery_id, rating)
      select f.company_id, t.company_id, t.id, 5 from distilleries t
        join distilleries f on f.company_id <> t.company_id where t.id = ${target} limit 1`);
    const after = (await kept()).rows.find((r) => r.id === target)!;
    expect(after.kept).toBe(after.worked_out);
  });
});

/** The values that find the offers for m's ask (listings.possible.repository `possibleValues`). */
async function counterpartiesOfAsk() {
  const [ask] = await h.db.select().from(listings).where(eq(listings.id, m.ask.id));
  const period = periodAhead(0);
  return {
    side: 'Offer',
    product: ask!.product,
    from_period: ask!.from_period > period ? ask!.from_period : period,
    to_period: ask!.to_period,
    company: ask!.company_id,
    period,
  };
}

describe('the rating columns walk ratings_to_from_idx', () => {
  // The lists read no rating a row: each row's rated distillery and the ratings epoch, the ratings then from the
  // process's memo (ratings/rating-memo.ts), whose statement for the ones it lacks probes the indexes once each.
  it('the ratings a list lacks, one probe of each index a distillery', async () => {
    const ids = m.seller.distilleries.map((d) => d.id);
    for (const mode of MODES) {
      const plan = await planOf(h.db, ratingsQuery(h.db), { ids, company: m.buyer.company.id }, mode);
      expectRatingsByIndex(`the ratings memo's statement (${mode})`, plan);
    }
  });

  it('not on a page of possible counterparties', async () => {
    const values = { ...(await counterpartiesOfAsk()), mine_id: m.ask.id, limit: 10, offset: 0 };
    for (const mode of MODES) {
      const plan = await planOf(
        h.db,
        possibleQuery(h.db, { mine: 'Ask', sort: 'default', order: 'asc', total: false }),
        values,
        mode,
      );
      expect(plan, `getAllPossibleOffer (${mode})\n${plan}`).not.toMatch(/ on (distillery_)?ratings\b/);
    }
  });

  it('on the offer map, once a distillery', async () => {
    const values = await counterpartiesOfAsk();
    for (const mode of MODES) {
      const plan = await planOf(h.db, offerMapQuery(h.db, { mine: 'Ask' }), values, mode);
      expectRatingsByIndex(`getOfferMap (${mode})`, plan);
    }
  });

  it('not on a page of a company’s bids', async () => {
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
      expect(plan, `getAllBids (${mode})\n${plan}`).not.toMatch(/ on (distillery_)?ratings\b/);
    }
  });
});
