// EXPLAIN (ANALYZE, BUFFERS) of the trend's, the analysis', the dashboards', the bid lists', the bid detail's, the
// service fees' and the listings' pages' (own, market, item) statements as the built server writes them (apps/server/dist: `npx tsc -b apps/server` first), on a
// generated market: what each costs uncached, without the market cache in front. Dashboard lists run generic plans
// as the server's generic pool does; the analysis' statements are planned with their values. Reads only.
//
//   node bench/explain.mjs [--database-url postgres://…/mkt] [--only name,name] [--plans] [--sql]
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/dist/db/schema.js';
import * as AF from '../apps/server/dist/modules/analysis/analysis.repository.js';
import * as AT from '../apps/server/dist/modules/analysis/analysis.trend.repository.js';
import * as L from '../apps/server/dist/modules/bids/bids.lists.repository.js';
import * as M from '../apps/server/dist/modules/listings/listings.market.repository.js';
import * as O from '../apps/server/dist/modules/listings/listings.repository.js';
import * as OK from '../apps/server/dist/modules/listings/listings.kept.repository.js';
import * as P from '../apps/server/dist/modules/listings/listings.possible.repository.js';
import * as B from '../apps/server/dist/modules/bids/bids.detail.repository.js';
import * as D from '../apps/server/dist/modules/dashboards/dashboards.repository.js';
import * as F from '../apps/server/dist/modules/fees/trade-fees.repository.js';
import { commissionSince } from '../apps/server/dist/modules/dashboards/dashboards.service.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const only = arg('only', '').split(',').filter(Boolean);
const pool = new pg.Pool({
  connectionString: arg('database-url', 'postgres://postgres@127.0.0.1:5432/mkt'),
  max: 1,
  options: '-c max_parallel_workers_per_gather=0 -c jit=off', // the server's sessions (db/client.ts)
});
const db = drizzle(pool, { schema });

/** The analysis' and the trend's figures' statements (`<name>Query`, `<name>Args`). */
const A = { ...AF, ...AT };
const DAY = 86_400_000;
const now = new Date();
const literal = (v) =>
  v === undefined || v === null
    ? 'null'
    : typeof v === 'number'
      ? String(v)
      : Array.isArray(v)
        ? `'{${v.join(',')}}'`
        : `'${String(v instanceof Date ? v.toISOString() : v).replace(/'/g, "''")}'`;
const period = now.toISOString().slice(0, 7);
const istMidnight = (d) => new Date(Math.floor((d.getTime() + 330 * 60_000) / DAY) * DAY - 330 * 60_000);
/** `days` whole IST days ending today, as the analysis resolves a range. */
const lastDays = (days) => {
  const to = new Date(istMidnight(now).getTime() + DAY);
  return { from: new Date(to.getTime() - days * DAY), to };
};
const shape = (o) => ({
  market: false,
  platform: false,
  order: 'desc',
  listing: false,
  status: 'none',
  awaiting: 'no',
  spirits: false,
  states: false,
  search: false,
  tradeNames: false,
  total: false,
  tracked: false,
  open: false,
  since: false,
  saleOrder: false,
  ...o,
});
// Company 1's Negotiator, as the bench's company scenarios call.
const negotiator = (await pool.query(`select id from users where email = 'negotiator.1@bench.test'`)).rows[0]?.id ?? 0;
const values = (o) => ({ company: 0, user: 0, now: now.toISOString(), limit: 10, offset: 0, upto: 10, ...o });
const company = (o) => values({ company: 1, user: negotiator, ...o });
const week = new Date(now.getTime() - 7 * DAY).toISOString();
const trend = { from: new Date(now.getTime() - 30 * DAY), to: new Date(now.getTime() + 1) };

/** An analysis figure's statement (analysis.repository.ts and analysis.trend.repository.ts `<name>Query`) with the shape and values of `opts`. */
const figure = (name, opts) => {
  const { shape, values: given } = A[`${name}Args`](opts);
  return [() => A[`${name}Query`](db, shape), given];
};

// The bench's listing of bids (its `bid_offer`): company 1's offer with the most bids.
const bidOffer = (
  await pool.query(
    'select offer_id from bids where seller_company_id = 1 group by offer_id order by count(*) desc, offer_id limit 1',
  )
).rows[0].offer_id;

// The bench's listing whose counterparties getAllPossibleOffer reads (generate.mjs `marketIds`: listing).
const { id: possibleListing, side: possibleSide } = (
  await pool.query(`select l.id, l.side from listings l join distilleries d on d.id = l.distillery_id
    where l.company_id = 1 and l.status = 'Open' and d.name like 'Unit 2 %' order by l.id limit 1`)
).rows[0];

const cases = {
  'trend open listings': figure('openListingsByState', { period }),
  'trend open listings of a product': figure('openListingsByState', { period, product: 'Grain ENA' }),
  'trend last trades': figure('tradesByState', trend),
  'trend last trades of a product': figure('tradesByState', { ...trend, product: 'Grain ENA' }),
  'volume by state (90 days)': figure('volume', { ...lastDays(90), bucket: 'week', groupBy: 'state' }),
  'volume by state (a year)': figure('volume', { ...lastDays(365), bucket: 'week', groupBy: 'state' }),
  'volume by product (three years)': figure('volume', { ...lastDays(1096), bucket: 'month', groupBy: 'product' }),
  'funnel (90 days)': figure('funnel', lastDays(90)),
  'funnel (a year)': figure('funnel', lastDays(365)),
  'top companies (90 days)': figure('topCompanies', { ...lastDays(90), limit: 10 }),
  'top companies (a year)': figure('topCompanies', { ...lastDays(365), limit: 10 }),
  'top companies of a product (90 days)': figure('topCompanies', { ...lastDays(90), limit: 10, product: 'Grain ENA' }),
  'commission (90 days)': [() => D.commissionQuery(db), { since: commissionSince(now, 90).toISOString() }],
  'approved bids 7 days, SuperAdmin, with total': [
    () =>
      L.dashboardKeysQuery(db, shape({ platform: true, status: 'closed', since: true, total: true, tracked: true })),
    values({ status: 'Approved', since: week }),
    'generic',
  ],
  'approved bids 7 days, SuperAdmin, page': [
    () => L.dashboardKeysQuery(db, shape({ platform: true, status: 'closed', since: true, tracked: true })),
    values({ status: 'Approved', since: week }),
    'generic',
  ],
  'open bids 7 days, SuperAdmin, with total': [
    () => L.dashboardKeysQuery(db, shape({ platform: true, open: true, since: true, total: true, tracked: true })),
    values({ since: week }),
    'generic',
  ],
  // The dashboards' company lists, as the bench's Negotiator of company 1 asks them (page 1, total kept).
  'open bids 7 days, company, page': [
    () => L.dashboardKeysQuery(db, shape({ open: true, since: true, tracked: true })),
    company({ since: week }),
    'generic',
  ],
  'approved bids of a company, dashboard page': [
    () => L.dashboardKeysQuery(db, shape({ status: 'closed', tracked: true })),
    company({ status: 'Approved' }),
    'generic',
  ],
  // getAllBids of a listing (the bid page's list), as the bench asks it: company 1's offer with the most bids.
  'bids of a listing, page': [
    () => L.bidListQuery(db, shape({ listing: true })),
    company({ listing: bidOffer }),
    'generic',
  ],
  // getAllBids as served (bids.read.ts `liveList`): a live list's keys (a near page's with the walk itself), then the
  // rows the memo lacks by id.
  'bids of a listing, keys': [
    () => L.walkedLiveKeysQuery(db, shape({ listing: true })),
    company({ listing: bidOffer }),
    'generic',
  ],
  'bids of a listing, keys of page 5': [
    () => L.liveKeysQuery(db, shape({ listing: true })),
    company({ listing: bidOffer, offset: 40, upto: 50 }),
    'generic',
  ],
  'approved bids of a company, keys (My Bids)': [
    () => L.walkedLiveKeysQuery(db, shape({ status: 'closed' })),
    company({ status: 'Approved' }),
    'generic',
  ],
  'live bids by id (the rows the memo lacks)': [
    () => L.liveRowsQuery(db, { priced: false }),
    {
      company: 1,
      ids: (await pool.query('select id from bids where seller_company_id = 1 order by id desc limit 10')).rows.map(
        (r) => r.id,
      ),
    },
    'generic',
  ],
  'approved bids of a company, with total': [
    () => L.bidListQuery(db, shape({ status: 'closed', total: true })),
    company({ status: 'Approved' }),
    'generic',
  ],
  'approved bids of a company, page': [
    () => L.bidListQuery(db, shape({ status: 'closed' })),
    company({ status: 'Approved' }),
    'generic',
  ],
  'approved bids of a company, page, unrated (Approved Bids)': [
    () => L.bidListQuery(db, shape({ status: 'closed', tracked: true })),
    company({ status: 'Approved' }),
    'generic',
  ],
  // Approved Bids as served (bids.read.ts `tradesList`): the page's keys, read with the walk on a first page and by
  // id on a deep one; the records come from the memo.
  'approved bids of a company, keys (Approved Bids)': [
    () => L.walkedTrackedKeysQuery(db, shape({ status: 'closed', tracked: true })),
    company({ status: 'Approved' }),
    'generic',
  ],
  'approved bids of a company, keys of page 5 (Approved Bids)': [
    () => L.trackedKeysQuery(db, shape({ status: 'closed', tracked: true })),
    company({ status: 'Approved', offset: 40, upto: 50 }),
    'generic',
  ],
  'approved bids, SuperAdmin, keys (Approved Bids)': [
    () => L.walkedTrackedKeysQuery(db, shape({ platform: true, status: 'closed', tracked: true })),
    values({ status: 'Approved' }),
    'generic',
  ],
  'approved bids, SuperAdmin, with total': [
    () => L.bidListQuery(db, shape({ platform: true, status: 'closed', total: true })),
    values({ status: 'Approved' }),
    'generic',
  ],
  'approved bids, SuperAdmin, page 2': [
    () => L.bidListQuery(db, shape({ platform: true, status: 'closed' })),
    values({ status: 'Approved', offset: 10, upto: 20 }),
    'generic',
  ],
  'market bids, with total': [() => L.bidListQuery(db, shape({ market: true, total: true })), company({}), 'generic'],
  'market bids, page 2': [
    () => L.bidListQuery(db, shape({ market: true })),
    company({ offset: 10, upto: 20 }),
    'generic',
  ],
  'service fees, SuperAdmin, page': [
    () => F.tradePageQuery(db, { side: 'platform', search: false, sort: 'default', order: 'desc', total: false }),
    values({}),
    'generic',
  ],
  'service fees of a company, page': [
    () => F.tradePageQuery(db, { side: 'seller', search: false, sort: 'default', order: 'desc', total: false }),
    company({}),
    'generic',
  ],
  'card: approved orders': [
    () => L.bidCountQuery(db, shape({ status: 'closed' })),
    company({ status: 'Approved' }),
    'generic',
  ],
  'card: sale order generated': [
    () => L.bidCountQuery(db, shape({ status: 'closed', saleOrder: true })),
    company({ status: 'Approved' }),
    'generic',
  ],
  'card: lapsed': [() => L.bidCountQuery(db, shape({ status: 'lapsed' })), company({}), 'generic'],
  'card: waiting for me': [() => L.bidCountQuery(db, shape({ awaiting: 'any' })), company({}), 'generic'],
  // The pending tabs (getAllBids awaiting_me) and the menu's "Waiting for me" count, of company 1's Negotiator.
  'awaiting me, with total': [
    () => L.bidListQuery(db, shape({ awaiting: 'any', total: true })),
    company({}),
    'generic',
  ],
  'awaiting me, keys (as served)': [
    () => L.walkedLiveKeysQuery(db, shape({ awaiting: 'any' })),
    company({}),
    'generic',
  ],
  'menu: waiting for me': [() => L.awaitingCountQuery(db, 99), company({}), 'generic'],
  // getAllInventory filtered by spirit and state, as the bench's Negotiator of company 1 (a buyer) asks it: planned
  // with its values, and planned once (the open listings' counts say a walk of the newest finds the page).
  ...Object.fromEntries(
    [false, true].map((walks) => [
      `market by spirit and state (getAllInventory${walks ? ', walked' : ''})`,
      [
        () => M.marketQuery(db, { products: true, states: true, search: false, walks, total: false }),
        {
          side: 'Offer',
          company: 1,
          products: '{"Molasses ENA","Grain ENA"}',
          states: '{Maharashtra,Karnataka}',
          period,
          limit: 10,
          offset: 0,
        },
        ...(walks ? ['generic'] : []),
      ],
    ]),
  ),
  // getAllOffers as company 1's Negotiator asks it: its own offers, newest change first, and searched.
  'own offers page 1 (getAllOffers)': [
    () => OK.ownKeysQuery(db, { search: false, sort: 'changed', order: 'desc' }),
    { company: 1, side: 'Offer', now: now.toISOString(), user: negotiator, limit: 10, offset: 0 },
    'generic',
  ],
  'own offers searched "grain" (getAllOffers)': [
    () => OK.ownKeysQuery(db, { search: true, sort: 'changed', order: 'desc' }),
    { company: 1, side: 'Offer', pattern: '%grain%', now: now.toISOString(), user: negotiator, limit: 10, offset: 0 },
    'generic',
  ],
  'market page 1 (getAllInventory)': [
    () => M.marketQuery(db, { products: false, states: false, search: false, walks: false, total: false }),
    { side: 'Offer', company: 1, period, limit: 10, offset: 0 },
    'generic',
  ],
  // getInventorybyId: the bench's market item (company 2's first open listing) as company 1's Negotiator opens it.
  'market item (getInventorybyId)': [
    () => O.listingQuery(db),
    {
      id: (await pool.query("select min(id) as id from listings where company_id = 2 and status = 'Open'")).rows[0].id,
      period,
      company: 1,
    },
    'generic',
  ],
  // getAllPossibleOffer: the bench's listing (company 1's first open listing of its second unit), landed price order.
  'possible counterparties (getAllPossibleOffer)': [
    () => P.possibleQuery(db, { mine: possibleSide, sort: 'default', order: 'asc', total: false }),
    {
      side: possibleSide === 'Ask' ? 'Offer' : 'Ask',
      company: 1,
      mine_id: possibleListing,
      period,
      limit: 10,
      offset: 0,
    },
    'generic',
  ],
  // getBidById: the bench's bid (company 1's first as seller), as company 1's Negotiator reads it.
  'bid detail (getBidById)': [
    () => B.bidViewQuery(db),
    {
      id: (await pool.query('select min(id) as id from bids where seller_company_id = 1')).rows[0].id,
      company: 1,
      user: negotiator,
    },
    'generic',
  ],
};

for (const [name, [build, given = {}, mode = 'custom']] of Object.entries(cases)) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const { sql, params } = build().toSQL();
  const args = fillPlaceholders(params, given).map(literal).join(', ');
  const client = await pool.connect();
  try {
    await client.query(`set plan_cache_mode = force_${mode}_plan`);
    await client.query(`prepare under_test as ${sql}`);
    const run = `execute under_test${args ? `(${args})` : ''}`;
    await client.query(run); // warm: the figure is the statement's, not the first read of its pages
    const plan = (await client.query(`explain (analyze, buffers) ${run}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const ms = (label) => plan.match(new RegExp(`${label} Time: ([\\d.]+)`))?.[1];
    console.log(`${name} (${mode} plan): execution ${ms('Execution')} ms, planning ${ms('Planning')} ms`);
    if (process.argv.includes('--sql')) console.log(`${sql}\n-- ${args}`);
    if (process.argv.includes('--plans')) console.log(`${plan}\n`);
  } finally {
    await client.query('deallocate all');
    client.release();
  }
}
await pool.end();
