// The bid lists' plans: each list shape walks the index made for it (migration 0010), so a page reads about its
// own rows whatever the market's size. Thousands of bids go in by bulk SQL beside a real seeded market; the plans
// are read with sequential scans disabled, as the listings' are, both as a first execution plans them (with the
// values) and as a prepared statement's generic plan does (without).
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planOf, type PlanMode } from '../../test/plans.js';
import type { Tx } from '../../db/client.js';
import type { BidListShape } from './bids.lists.shape.js';
import { marketQuery } from '../listings/listings.market.repository.js';
import { ownKeysQuery } from '../listings/listings.kept.repository.js';
import { listings } from '../listings/listings.table.js';
import { bidViewQuery } from './bids.detail.repository.js';
import {
  awaitingCountQuery,
  bidListArgs,
  bidListQuery,
  liveKeysQuery,
  walkedLiveKeysQuery,
  walkedTrackedKeysQuery,
  liveRowsQuery,
  trackedKeysQuery,
  trackedRowsQuery,
  type BidListOptions,
} from './bids.lists.repository.js';
import { liveKeysPage, trackedKeysPage } from './bids.kept.repository.js';
import { openBidsOnQuery, tickerQuery } from './bids.market.repository.js';
import { tiersQuery } from './bids.repository.js';

let h: Harness;
let m: Market;
/** The market's offer: its product and state are every bid's here. */
let listing: typeof listings.$inferSelect;

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
  // A history entry per bid (the ticker's) of five products, one in ten confidential.
  await h.db.execute(sql`insert into bid_history (bid_id, company_type, quantity, price, valid_until, status, product,
      state, is_confidential, created_at)
    select b.id, 'Buyer', b.quantity, b.price, b.valid_until, case when b.status = 'New' then 'New' else 'Accepted' end,
      (array['Grain ENA', 'Malt Spirit', 'Rum Spirit', 'Molasses ENA', 'Wheat ENA'])[b.id % 5 + 1], 'Goa',
      b.id % 10 = 0, b.created_at
    from bids b`);
  await h.db.execute(sql`analyze`);
  [listing] = (await h.db.select().from(listings).where(eq(listings.id, m.offer.id))) as [typeof listing];
}, 120_000);

afterAll(async () => h?.close());

const q = { page: 1, page_size: 10, sort_order: 'asc' as const };

/**
 * The plan of a list's statement as the server runs it, with the list's values (test/plans.ts): its rows (an item
 * page's bids) or, as getAllBids reads a live list, its records' keys (bids.read.ts `liveList`).
 */
async function plan(
  opts: Omit<BidListOptions, 'now' | 'userId'>,
  mode: PlanMode,
  query: (tx: Tx, shape: BidListShape) => Parameters<typeof planOf>[1] = bidListQuery,
) {
  const { shape, values } = bidListArgs({ ...opts, now: new Date(), userId: m.buyer.negotiator.id }, true);
  return planOf(h.db, query(h.db, shape), values, mode);
}

async function expectIndex(
  name: string,
  opts: Omit<BidListOptions, 'now' | 'userId'>,
  index: RegExp,
  modes: PlanMode[],
) {
  const queries = [bidListQuery, liveKeysQuery, walkedLiveKeysQuery];
  for (const [mode, query] of modes.flatMap((mode) => queries.map((q) => [mode, q] as const))) {
    const text = await plan(opts, mode, query);
    expect(text, `${name} (${mode})\n${text}`).toMatch(index);
    expect(text, `${name} (${mode})\n${text}`).not.toMatch(/Seq Scan on bids/);
    if (query === walkedLiveKeysQuery) {
      // A near page's keys are the walked rows themselves: no second pass by primary key.
      expect(text, `${name} (${mode})\n${text}`).not.toMatch(/bids_pkey/);
      continue;
    }
    // The page's ids are an array (one value to the planner, not a guessed tenth of the index it walks): its rows are
    // read by primary key. As `id in (ids)`, the platform's approved trades were guessed at 40,000 rows in the generic
    // plan and hash-joined against every listing and company: 500 ms on the bench's market.
    expect(text, `${name} (${mode})\n${text}`).toMatch(
      /Index Scan using bids_pkey on bids\b.*\n\s*Index Cond: \(id = ANY/,
    );
    // No row joins its parties: their names come from the names memo (companies/company-names.ts). A search of
    // trades' names alone reads companies, by the name's own subquery.
    if (!opts.q.item_search) expect(text, `${name} (${mode})\n${text}`).not.toMatch(/ on companies\b/);
  }
}

describe('the bid lists walk their own indexes', () => {
  // The market's own product and state, which all its bids share.
  const product = () => listing.product;
  const state = () => listing.state;
  it.each([
    ['My Bids', () => ({}), /bids_(buyer|seller)_company_idx/],
    ['My Bids of a status', () => ({ bid_status: 'Approved' as const }), /bids_(buyer|seller)_status_idx/],
    // Here every open bid is this company's, so the planner may read the market's open bids (by validity, or newest
    // first: bids_open_changed_idx) as well; on the bench's market (100,000 open bids) it reads the company's own.
    [
      'My Bids of an open status',
      () => ({ bid_status: 'New' as const }),
      /bids_((buyer|seller)_(status|live)|open_valid_until|open_changed)_idx/,
    ],
    // Lapsed is stored (the status index) or past due (the live bids): see the test below.
    ['My Bids lapsed', () => ({ bid_status: 'Lapsed' as const }), /bids_(buyer|seller)_status_idx/],
    [
      'My Bids of some spirits',
      () => ({ type_of_spirits: [product(), 'Malt Spirit'] }),
      /bids_(buyer|seller)_company_idx/,
    ],
    ['My Bids in some states', () => ({ states: [state(), 'Kerala'] }), /bids_(buyer|seller)_company_idx/],
    ['My Bids searched', () => ({ item_search: 'tr-2026' }), /bids_(buyer|seller)_company_idx/],
    // The same holds for the bids waiting for the caller (live ones): on the bench's market the generic plan walks the
    // company's live indexes (bench/explain.mjs "awaiting me").
    ['the pending tabs', () => ({ awaiting_me: true }), /bids_((buyer|seller)_live|open_valid_until)_idx/],
    [
      'a tier’s pending tab',
      () => ({ awaiting_me: true, awaiting_tier: 'approver' as const }),
      /bids_((buyer|seller)_live|open_valid_until)_idx/,
    ],
    // The platform's open bids newest first (bids_open_changed_idx, migration 0024) serve them as well: the same
    // order, the confidential few filtered out, the validity read from the index.
    ['the market’s current bids', () => ({ is_market: true }), /bids_(market|open_changed)_idx/],
    [
      'the market’s bids of a spirit',
      () => ({ is_market: true, type_of_spirits: [product()] }),
      /bids_(market|open_changed)_idx/,
    ],
    ['the market’s bids in a state', () => ({ is_market: true, states: [state()] }), /bids_(market|open_changed)_idx/],
    // A term the planner expects to match few bids may read this small market's open bids by another partial
    // index and sort them: open bids only either way (on 2M bids it walks the market's index).
    [
      'the market’s bids searched',
      () => ({ is_market: true, item_search: 'ena' }),
      /bids_(market|buyer_live|seller_live|open_valid_until|open_changed)_idx/,
    ],
  ])('%s', async (name, filters, index) => {
    await expectIndex(name, { companyId: m.buyer.company.id, q: { ...q, ...filters() } }, index, [
      'force_custom_plan',
      'force_generic_plan',
    ]);
  });

  // Lapsed is two parts on each side: stored Lapsed in the status index, open but past due among the live bids (or, on
  // this small market, by validity). Never the company's every bid, read from the table and filtered.
  it('My Bids lapsed walks the stored and the past-due apart', async () => {
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      const text = await plan({ companyId: m.buyer.company.id, q: { ...q, bid_status: 'Lapsed' } }, mode);
      expect(text, text).toMatch(/Index Only Scan using bids_(buyer|seller)_status_idx/);
      expect(text, text).toMatch(/bids_((buyer|seller)_live|open_valid_until)_idx/);
      expect(text, text).not.toMatch(/bids_(buyer|seller)_company_idx/);
    }
  });

  // The bids inserted by hand here (beforeAll) leave the distilleries and states out: the `bids_listing_terms` trigger
  // fills them from the listings (a placement writes them itself: bids.trade.test.ts).
  it('every bid carries its listings’ distilleries and states', async () => {
    const result = await h.db.execute(sql`select count(*)::int as bids,
        count(*) filter (where b.seller_distillery_id <> o.distillery_id or b.buyer_distillery_id <> a.distillery_id
          or b.seller_state <> o.state or b.buyer_state <> a.state)::int as wrong
      from bids b join listings o on o.id = b.offer_id join listings a on a.id = b.ask_id`);
    const [row] = (result as unknown as { rows: { bids: number; wrong: number }[] }).rows;
    expect(row!.bids).toBeGreaterThan(1_000);
    expect(row!.wrong).toBe(0);
  });

  // Live bids only, and on the bench's market the company's own (bench/explain.mjs "menu: waiting for me"); here every
  // open bid is the company's, so the generic plan may read them by validity.
  it('the menu’s “Waiting for me” count walks the live bids’ indexes', async () => {
    const values = { company: m.buyer.company.id, user: m.buyer.negotiator.id, now: new Date().toISOString() };
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      const text = await planOf(h.db, awaitingCountQuery(h.db, 99), values, mode);
      expect(text, text).toMatch(/bids_((buyer|seller)_live|open_valid_until)_idx/);
      // The bid's own copy of its listing's distillery is tested (migration 0035): no listing is read.
      expect(text, text).not.toMatch(/on listings/);
      expect(text, text).not.toMatch(/Seq Scan on bids/);
    }
  });

  // Approved Bids (issue 22): the SuperAdmin's every trade walks the status index, in either order; a company's in
  // the order it asked for walks its own status indexes.
  it.each([
    ['the platform’s approved trades', { bid_status: 'Approved' as const }],
    [
      'the platform’s approved trades, oldest first',
      { bid_status: 'Approved' as const, sort_by: 'modified_on' as const },
    ],
  ])('%s', async (name, filters) => {
    await expectIndex(name, { companyId: 0, platform: true, q: { ...q, ...filters } }, /bids_status_idx/, [
      'force_custom_plan',
      'force_generic_plan',
    ]);
  });

  // The tracked trades (Approved Bids) show no rating and no listing's live figures: they read neither the ratings'
  // epoch nor the two listings a row. My Bids' approved rows read both.
  it('the tracked trades read no rating and no listing, a trading list reads them', async () => {
    const opts = { companyId: m.buyer.company.id, q: { ...q, bid_status: 'Approved' as const } };
    const tracked = await plan({ ...opts, tracked: true }, 'force_generic_plan');
    expect(tracked, tracked).not.toMatch(/ratings/);
    expect(tracked, tracked).not.toMatch(/on listings/);
    const rated = await plan(opts, 'force_generic_plan');
    // A trading list's ratings come from the ratings memo (ratings/rating-memo.ts): the page reads the epoch.
    expect(rated, rated).toMatch(/on ratings_epoch/);
    expect(rated, rated).not.toMatch(/ on (distillery_)?ratings\b/);
    expect(rated, rated).toMatch(/on listings offer/);
  });

  // Approved Bids as the server answers it (bids.read.ts `tradesList`): the page's keys walk the company's status
  // indexes and read neither ratings, listings nor companies; the records the memo lacks are read by primary key.
  it('the tracked trades’ keys walk the status indexes; their rows are read by key', async () => {
    const opts = { companyId: m.buyer.company.id, userId: m.buyer.negotiator.id, now: new Date(), tracked: true };
    const { shape, values } = bidListArgs({ ...opts, q: { ...q, bid_status: 'Approved' as const } }, true);
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      // A first page reads its keys with the walk, no second pass by id; a deep page its ids from the index alone
      // and its keys by id.
      const near = await planOf(h.db, walkedTrackedKeysQuery(h.db, shape), values, mode);
      expect(near, near).toMatch(/Index Scan using bids_(buyer|seller)_status_idx/);
      expect(near, near).not.toMatch(/bids_pkey|ratings|on listings|on companies|Seq Scan on bids/);
      const keys = await planOf(h.db, trackedKeysQuery(h.db, shape), { ...values, offset: 40, upto: 50 }, mode);
      expect(keys, keys).toMatch(/Index Only Scan using bids_(buyer|seller)_status_idx/);
      expect(keys, keys).toMatch(/Index Scan using bids_pkey on bids/);
      // Nor any company: the names' epoch stands for the names (migration 0037).
      expect(keys, keys).not.toMatch(/ratings|on listings|on companies|Seq Scan on bids/);
      const rows = await planOf(h.db, trackedRowsQuery(h.db), { ids: [1, 2, 3] }, mode);
      expect(rows, rows).toMatch(/Index Scan using bids_pkey on bids/);
      expect(rows, rows).not.toMatch(/ratings|on listings|Seq Scan on bids/);
    }
  });

  // A walked page's parts carry the bid columns the page reads, not whole rows (bids.lists.columns.ts `walkSource`).
  it('a walked page carries the bid columns it reads, not whole rows', () => {
    const walkOf = (text: string) => /\(select ("bids"\.[^()]*?) from "bids" where/.exec(text)?.[1]?.split(', ').sort();
    const opts = { companyId: m.buyer.company.id, userId: m.buyer.negotiator.id, now: new Date() };
    const tracked = bidListArgs({ ...opts, tracked: true, q: { ...q, bid_status: 'Approved' as const } }, false);
    const trackedText = walkedTrackedKeysQuery(h.db, tracked.shape).toSQL().sql;
    expect(trackedText).not.toContain('"bids".*');
    expect(walkOf(trackedText)).toEqual(
      ['id', 'version', 'buyer_company_id', 'seller_company_id', 'updated_at'].map((c) => `"bids"."${c}"`).sort(),
    );
    // A listing's bids also join the other listing (offer_id, ask_id) and read each row's rated distillery.
    const live = bidListArgs({ ...opts, listingId: listing.id, q: { ...q, offer_id: listing.id } }, false);
    const liveText = walkedLiveKeysQuery(h.db, live.shape).toSQL().sql;
    expect(liveText).not.toContain('"bids".*');
    expect(walkOf(liveText)).toEqual(
      expect.arrayContaining(['"bids"."offer_id"', '"bids"."ask_id"', '"bids"."status"']),
    );
    expect(walkOf(liveText)).not.toContain('"bids"."product"');
  });

  // The live lists' records the memo lacks (bids.read.ts `liveList`): by primary key, each with its two listings.
  it('a live list’s rows are read by key', async () => {
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const)
      for (const priced of [false, true]) {
        const values = { ids: [1, 2, 3], company: m.buyer.company.id };
        const rows = await planOf(h.db, liveRowsQuery(h.db, { priced }), values, mode);
        expect(rows, rows).toMatch(/Index Scan using bids_pkey on bids/);
        expect(rows, rows).toMatch(/Index Scan using listings_pkey on listings offer/);
        expect(rows, rows).toMatch(/Index Scan using listings_pkey on listings ask/);
        expect(rows, rows).not.toMatch(/ on ratings\b| on companies\b|Seq Scan on (bids|listings)\b/);
      }
  });

  it('the tracked trades’ keys are the same read with the walk (first pages) or by id (deeper)', async () => {
    // 900 approved trades of the buyer here: pages of 10 up to the 30th row read their keys with the walk, the
    // 4th and 5th by id, and one page of 50 by id — the same trades, in the same order, with the same keys.
    for (const platform of [false, true]) {
      const opts = {
        companyId: platform ? 0 : m.buyer.company.id,
        platform,
        userId: m.buyer.negotiator.id,
        now: new Date(),
      };
      const page = (page: number, page_size: number) =>
        trackedKeysPage(h.db, { ...opts, q: { ...q, bid_status: 'Approved' as const, page, page_size } }, false);
      const tens = [];
      for (let n = 1; n <= 5; n++) tens.push(...(await page(n, 10)));
      const fifty = await page(1, 50);
      expect(fifty).toHaveLength(50);
      expect(tens).toEqual(fifty);
      expect(await page(1, 30)).toEqual(fifty.slice(0, 30));
    }
  });

  it('a live list’s keys are the same read with the walk (first pages) or by id (deeper)', async () => {
    // Pages of 10 up to the 30th row read their keys with the walk, the 4th and 5th and one page of 50 by id: the
    // same bids, in the same order, with the same keys, for each kind of live list.
    const lists: [string, Partial<BidListOptions>, Partial<BidListOptions['q']>][] = [
      ['My Bids', {}, {}],
      ['My Bids Approved', {}, { bid_status: 'Approved' }],
      ['the pending tabs', {}, { awaiting_me: true }],
      ['the market’s bids', {}, { is_market: true }],
      ['an offer’s bids', { listingId: m.offer.id }, { offer_id: m.offer.id }],
      ['an ask’s bids', { listingId: m.ask.id }, { offer_id: m.ask.id }],
    ];
    for (const [name, scope, filters] of lists) {
      const opts = { companyId: m.buyer.company.id, userId: m.buyer.negotiator.id, now: new Date(), ...scope };
      const page = (page: number, page_size: number) =>
        liveKeysPage(h.db, { ...opts, q: { ...q, sort_order: 'desc' as const, ...filters, page, page_size } }, false);
      const tens = [];
      for (let n = 1; n <= 5; n++) tens.push(...(await page(n, 10)));
      const fifty = await page(1, 50);
      expect(tens, name).toEqual(fifty);
      expect(await page(1, 30), name).toEqual(fifty.slice(0, 30));
      if (name === 'My Bids') expect(fifty).toHaveLength(50);
    }
  });

  it('a company’s approved trades, oldest first', async () => {
    const filters = { bid_status: 'Approved' as const, sort_by: 'modified_on' as const };
    await expectIndex(
      'a company’s approved trades, oldest first',
      { companyId: m.buyer.company.id, q: { ...q, ...filters } },
      /bids_(buyer|seller)_status_idx/,
      ['force_custom_plan', 'force_generic_plan'],
    );
  });

  it('a listing’s bids (the item page, its Placed Bids tab) walk the listing’s own index, generic too', async () => {
    // The server runs it generically: the offer's part walks bids_offer_idx, the ask's part bids_ask_idx (here
    // every bid is on the one ask, which the offer's part never reads).
    for (const [name, listingId, index] of [
      ['an offer’s bids', m.offer.id, /bids_offer_idx/],
      ['an ask’s bids', m.ask.id, /bids_ask_idx/],
    ] as const) {
      await expectIndex(name, { companyId: m.buyer.company.id, q, listingId }, index, [
        'force_custom_plan',
        'force_generic_plan',
      ]);
      // The listing itself is read once, not with every row: each row joins only its other listing.
      const text = await plan({ companyId: m.buyer.company.id, q, listingId }, 'force_generic_plan');
      expect(text, text).toMatch(/InitPlan[\s\S]*Index Scan using listings_pkey on listings l\b/);
      expect(text.match(/Index Scan using listings_pkey on listings (offer|ask|other)\b/g), text).toEqual([
        'Index Scan using listings_pkey on listings other',
      ]);
    }
  });

  it('the open-bid count of a page of a company’s offers probes each offer’s own open bids', async () => {
    // As the server runs it (generic). An ask's count reads the ask's bids by bids_ask_idx on a market's statistics
    // (checked on the bench's 2M bids); here one ask holds all 4,000 bids, so the planner rightly reads the open bids.
    const values = {
      company: m.seller.company.id,
      side: 'Offer',
      now: new Date().toISOString(),
      user: m.seller.negotiator.id,
      limit: 10,
      offset: 0,
    };
    const query = ownKeysQuery(h.db, { search: false, sort: 'changed', order: 'desc' });
    const text = await planOf(h.db, query, values, 'force_generic_plan');
    expect(text, text).toMatch(
      // The open pairs' index or the open bids by offer and buyer: either leads with the offer.
      /Index Scan using bids_open_(pair|offer_buyer)_idx on bids open_bid\b.*\n\s*Index Cond: \(offer_id = listings\.id\)/,
    );
    expect(text, text).not.toMatch(/Seq Scan on bids/);
    // Whether the caller negotiates for each row's distillery: one probe of its mapping per row.
    expect(text, text).toMatch(
      /Index (Only )?Scan using mapping_distilleries_(distillery|mapping)_idx on mapping_distilleries md/,
    );
    expect(text, text).not.toMatch(/Seq Scan on mapping/);
  });

  // Issue 24: the trading reads the server runs generically (db/statements.ts), each by its own index.
  it.each([
    // The bid by its key, and its history (a column of the same statement) by the history's bid index.
    [
      'a bid’s detail',
      () => bidViewQuery(h.db),
      () => ({ id: 1, company: m.buyer.company.id, user: 1 }),
      /bids_pkey[\s\S]*bid_history_bid_idx|bid_history_bid_idx[\s\S]*bids_pkey/,
    ],
    [
      // Each row of the market carries the caller's open bid on it: one probe of the open bids by listing and company
      // per row, both in the index (an ask's, by `bids_open_ask_seller_idx` on the bench's market; here every open
      // bid is on the one ask, so its maximum is found walking the key backwards).
      'the market’s page with the caller’s open bids',
      () => marketQuery(h.db, { products: false, states: false, search: false, walks: false, total: false }),
      () => ({ side: 'Offer', company: m.buyer.company.id, period: currentPeriod(new Date()), limit: 10, offset: 0 }),
      /Index Scan using bids_open_offer_buyer_idx on bids ob\b.*\n\s*Index Cond: \(\(offer_id = listings\.id\) AND \(buyer_company_id = \$\d+\)\)/,
    ],
    [
      // A filtered market page's open bids, asked apart (listings.market.repository.ts listMarket).
      'the open bids of a page of offers',
      () => openBidsOnQuery(h.db, { side: 'Offer' }),
      () => ({ ids: [m.offer.id, m.offer.id + 1], company: m.buyer.company.id }),
      /bids_(offer|open_pair)_idx/,
    ],
    [
      'the open bids of a page of asks',
      () => openBidsOnQuery(h.db, { side: 'Ask' }),
      () => ({ ids: [m.ask.id], company: m.seller.company.id }),
      // Here every open bid is on the one ask and the open bids are few, so the live bids' indexes serve as well,
      // or all open bids by any index of them alone (on the bench's market the open bids by ask and seller).
      /bids_(ask|seller_live|buyer_live|open_valid_until|open_ask_seller|open_offer_buyer)_idx/,
    ],
    [
      'a user’s tiers on a page’s distilleries',
      () => tiersQuery(h.db),
      () => ({ ids: [listing.distillery_id], user: m.seller.negotiator.id }),
      // Four mapped distilleries here; on the bench's 6,000 the distilleries' key (checked: 0.6 ms).
      /mapping_distilleries_(distillery|mapping)_idx/,
    ],
    [
      'a product’s ticker',
      () => tickerQuery(h.db, { product: true }),
      () => ({ product: 'Rum Spirit' }),
      /Index Scan using bid_history_ticker_idx/,
    ],
    [
      'the market’s ticker',
      () => tickerQuery(h.db, { product: false }),
      () => ({}),
      /Index Scan using bid_history_ticker_recent_idx/,
    ],
  ])('%s', async (name, query, values, index) => {
    const text = await planOf(h.db, query(), values(), 'force_generic_plan');
    expect(text, `${name}\n${text}`).toMatch(index);
    // Nothing read whole but the one-row epochs a statement reads its kept names and ratings at.
    expect(text, `${name}\n${text}`).not.toMatch(/Seq Scan on (?!(names|ratings)_epoch\b)/);
    // The ticker stops after its entries in the index's order: nothing read whole and sorted.
    if (name.includes('ticker')) expect(text, `${name}\n${text}`).not.toMatch(/Sort/);
  });
});
