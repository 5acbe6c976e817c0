// The bid lists' plans: each list shape walks the index made for it (migration 0010), so a page reads about its
// own rows whatever the market's size. Thousands of bids go in by bulk SQL beside a real seeded market; the plans
// are read with sequential scans disabled, as the listings' are.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarket, seedSuperAdmin, type Market } from '../../test/fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { bidListQuery, type BidListOptions } from './bids.repository.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  // 400 more offers like the market's, then 4,000 bids on them against the market's ask: the first on each offer
  // open (one open bid per pair), most of those still valid; the rest closed, spread over months.
  const cols = sql.raw(`side, company_id, distillery_id, state, product, from_period, to_period, original_quantity,
    available_quantity, price, export_pass_fee, sales_tax, status`);
  await h.db.execute(sql`insert into listings (${cols}) select ${cols} from listings, generate_series(1, 400)
    where id = ${m.offer.id}`);
  await h.db.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product, placed_by,
      quantity, price, valid_until, status, locked, is_negotiator_buyer_approved, trade_reference, approved_at,
      created_at, updated_at)
    select o.id, ${m.ask.id}, o.company_id, ${m.buyer.company.id}, o.product, 'Buyer', 10, 50,
      case when i <= 400 and i % 10 <> 0 then now() + interval '3 hours' else now() - interval '1 hour' end,
      case when i <= 400 then 'New' when i % 4 = 1 then 'Approved' when i % 4 = 2 then 'Lapsed' else 'Rejected' end,
      i > 400 and i % 4 = 1, true,
      case when i > 400 and i % 4 = 1 then 'TR-2026-' || lpad(i::text, 6, '0') end,
      case when i > 400 and i % 4 = 1 then now() end,
      now() - (i || ' hours')::interval, now() - (i || ' hours')::interval
    from generate_series(1, 4000) as i
      join (select id, company_id, product, row_number() over (order by id) - 1 as k from listings
        where side = 'Offer' and company_id = ${m.seller.company.id}) o on o.k = i % 400`);
  await h.db.execute(sql`analyze`);
}, 120_000);

afterAll(async () => h?.close());

const q = { page: 1, page_size: 10, sort_order: 'asc' as const };

async function plan(opts: Omit<BidListOptions, 'now' | 'userId'>) {
  const { query } = bidListQuery(h.db, { ...opts, now: new Date(), userId: m.buyer.negotiator.id });
  const rows = await h.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  });
  return rows.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('the bid lists walk their own indexes', () => {
  it.each([
    ['My Bids', { bid_status: undefined }, /bids_(buyer|seller)_company_idx/],
    ['My Bids of a status', { bid_status: 'Approved' as const }, /bids_(buyer|seller)_status_idx/],
    ['the pending tabs', { awaiting_me: true }, /bids_(buyer|seller)_live_idx/],
    ['the market’s current bids', { is_market: true }, /bids_market_idx/],
  ])('%s', async (name, filters, index) => {
    const text = await plan({ companyId: m.buyer.company.id, q: { ...q, ...filters } });
    expect(text, `${name}\n${text}`).toMatch(index);
    expect(text, `${name}\n${text}`).not.toMatch(/Seq Scan on bids/);
  });
});
