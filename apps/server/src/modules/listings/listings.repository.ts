// Listing queries. Every list is one statement with its total; "open" and the ratings are computed in SQL, so no
// rows are loaded to count, filter or average (issue 8 "Performance").
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { MARKET_STATS_DAYS, type ListingSide } from '@spirit/domain/listings/listings.constants';
import { and, count, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { pageOf, pageWithTotal, searchAny, totalOver, totalWhere } from '../../lib/list.js';
import { companies, companySpirits } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { listings } from './listings.table.js';

export type ListingRow = typeof listings.$inferSelect;
export type ListingWithDistillery = ListingRow & { distillery_name: string };

/** Open for trading: status Open, To Period not passed, quantity left, its company Approved (DESIGN.md §4). */
export const openWhere = (period: string) =>
  sql`(${listings.status} = 'Open' and ${listings.to_period} >= ${period} and ${listings.available_quantity} > 0
    and exists (select 1 from ${companies} where ${companies.id} = ${listings.company_id}
      and ${companies.status} = 'Approved'))`;

const withDistillery = { ...getTableColumns(listings), distillery_name: distilleries.name };

const OWN_SORTS: Record<string, SQL> = {
  from_period: sql`${listings.from_period}`,
  state: sql`${listings.state}`,
  product: sql`${listings.product}`,
  offer_price: sql`${listings.price}`,
};

/** The statement of `listOwnListings` (the EXPLAIN tests read its plan). */
export function ownListingsQuery(
  tx: Tx,
  opts: { companyId: number; side: ListingSide; q: ListQuery & { sort_by?: string } },
) {
  const { companyId, side, q } = opts;
  const where = and(
    eq(listings.company_id, companyId),
    eq(listings.side, side),
    searchAny(q.item_search, [listings.state, listings.product, distilleries.name]),
  );
  const sorted = q.sort_by && OWN_SORTS[q.sort_by];
  const order = sorted
    ? [q.sort_order === 'desc' ? sql`${sorted} desc` : sql`${sorted} asc`, sql`${listings.id} desc`]
    : [sql`${listings.updated_at} desc nulls last`, sql`${listings.id} desc nulls last`];
  const { limit, offset } = pageOf(q);
  const query = tx
    .select({ ...withDistillery, total_records: totalOver })
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { query, where };
}

/** A company's listings of one side, newest change first or by a column (getAllOffers, My Orders). */
export async function listOwnListings(
  tx: Tx,
  opts: { companyId: number; side: ListingSide; q: ListQuery & { sort_by?: string } },
) {
  const { query, where } = ownListingsQuery(tx, opts);
  const rows = await query;
  return pageWithTotal(opts.q, rows, async () => {
    const [n] = await tx
      .select({ n: count() })
      .from(listings)
      .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
      .where(where);
    return n!.n;
  });
}

/** One listing of the company, or null (another company's listing does not exist for the caller). */
export async function findOwnListing(
  tx: Tx,
  companyId: number,
  id: number,
  lock = false,
): Promise<ListingWithDistillery | null> {
  const q = tx
    .select(withDistillery)
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .where(and(eq(listings.id, id), eq(listings.company_id, companyId)));
  const rows = lock ? await q.for('update', { of: listings }) : await q;
  return rows[0] ?? null;
}

/** The company's products (its spirit types). */
export async function companyProducts(tx: Tx, companyId: number): Promise<string[]> {
  const rows = await tx
    .select({ t: companySpirits.type_of_spirit })
    .from(companySpirits)
    .where(eq(companySpirits.company_id, companyId));
  return rows.map((r) => r.t);
}

/**
 * Market figures of a product from the open listings of `side` changed in the last 30 days: their average price
 * and the newest one's price. One statement, served by `listings_open_product_recent_idx`.
 */
export async function listingStats(tx: Tx, opts: StatsOptions) {
  const [row] = await listingStatsQuery(tx, opts);
  return { avg: row?.avg ?? null, last: row?.last ?? null };
}

type StatsOptions = { side: ListingSide; product: string; now: Date; period: string };
export function listingStatsQuery(tx: Tx, opts: StatsOptions) {
  const since = new Date(opts.now.getTime() - MARKET_STATS_DAYS * 86_400_000);
  const where = and(
    eq(listings.side, opts.side),
    eq(listings.product, opts.product),
    sql`${listings.updated_at} >= ${since.toISOString()}`,
    openWhere(opts.period),
  );
  return tx
    .select({
      avg: sql<string | null>`round(avg(${listings.price}), 2)::text`,
      last: sql<
        string | null
      >`(array_agg(${listings.price}::text order by ${listings.updated_at} desc, ${listings.id} desc))[1]`,
    })
    .from(listings)
    .where(where);
}

/** Your rating, source and the industry rating of a listing's distillery, as correlated subqueries. */
function ratingColumns(myCompanyId: number) {
  const mine = (column: 'rating' | 'source') =>
    sql`(select r.${sql.raw(column)} from ratings r where r.to_distillery_id = "listings"."distillery_id"
      and r.from_company_id = ${myCompanyId} order by r.created_at desc, r.id desc limit 1)`;
  return {
    your_rating: sql<number | null>`${mine('rating')}`.mapWith((v) => (v === null ? null : Number(v))),
    source: sql<string | null>`${mine('source')}`,
    industry_rating: sql<string | null>`(select round(avg(latest.rating), 1)::text from (
        select distinct on (r.from_company_id) r.rating from ratings r
        where r.to_distillery_id = "listings"."distillery_id"
        order by r.from_company_id, r.created_at desc, r.id desc) latest)`,
  };
}

export type PossibleQuery = ListQuery & { sort_by?: 'landed_price' | 'offer_price' };

/**
 * Possible counterparties of `mine` (DESIGN.md §4): open listings of the other side, same product, overlapping
 * period, other companies. `landedOrder` is the landed price's SQL for the ordering; the page carries its total.
 */
export async function listPossible(tx: Tx, opts: PossibleOptions) {
  const { query, where } = possibleQuery(tx, opts);
  const rows = await query;
  return pageWithTotal(opts.q, rows, async () => (await tx.select({ n: count() }).from(listings).where(where))[0]!.n);
}

type PossibleOptions = { mine: ListingRow; period: string; q: PossibleQuery; order: SQL[] };
/**
 * A product's counterparties run to thousands at market scale: the page's ids are chosen first (ordered on the
 * listings' own columns), so the rating subqueries run for the page only, and the total is an uncorrelated count
 * beside them, not a window that would build every matching row with its subqueries.
 */
export function possibleQuery(tx: Tx, opts: PossibleOptions) {
  const { mine, period, q } = opts;
  const where = and(
    eq(listings.side, mine.side === 'Offer' ? 'Ask' : 'Offer'),
    eq(listings.product, mine.product),
    sql`${listings.to_period} >= ${mine.from_period > period ? mine.from_period : period}`,
    sql`${listings.from_period} <= ${mine.to_period}`,
    ne(listings.company_id, mine.company_id),
    openWhere(period),
  );
  const { limit, offset } = pageOf(q);
  const order = [...opts.order, sql`${listings.id} asc`];
  const pageIds = sql`select ${listings.id} from ${listings} where ${where}
    order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`;
  const query = tx
    .select({
      ...getTableColumns(listings),
      ...ratingColumns(mine.company_id),
      total_records: totalWhere(listings, where),
    })
    .from(listings)
    .where(sql`${listings.id} in (${pageIds})`)
    .orderBy(...order);
  return { query, where };
}

/** A company's display name, as the lists show it. */
const companyName = sql<string>`(select coalesce(nullif(c.name, ''), c.registered_name) from ${companies} c
  where c.id = ${listings.company_id})`;

/**
 * The market (getAllInventory): open listings of `side` of other companies, filtered by products and states,
 * newest first. A market-wide list: its total, when asked for, is an uncorrelated capped count in the same
 * statement (`totalWhere`); the service keeps it for a few seconds (`pageWithKnownTotal`).
 */
type MarketOptions = {
  side: ListingSide;
  exceptCompanyId: number;
  period: string;
  q: ListQuery & { type_of_spirits?: string[]; state_names?: string[] };
};
export const MARKET_COUNT_CAP = 10_000;

function marketWhere(opts: MarketOptions) {
  const { q } = opts;
  return and(
    eq(listings.side, opts.side),
    ne(listings.company_id, opts.exceptCompanyId),
    q.type_of_spirits?.length ? inArray(listings.product, q.type_of_spirits) : undefined,
    q.state_names?.length ? inArray(listings.state, q.state_names) : undefined,
    searchAny(q.item_search, [listings.product, listings.state]),
    openWhere(opts.period),
  );
}

export function marketQuery(tx: Tx, opts: MarketOptions, withTotal = true) {
  const where = marketWhere(opts);
  const { limit, offset } = pageOf(opts.q);
  const query = tx
    .select({
      ...getTableColumns(listings),
      company_name: companyName,
      // The whole market runs to hundreds of thousands of open listings: count at most MARKET_COUNT_CAP of them.
      ...(withTotal ? { total_records: totalWhere(listings, where, MARKET_COUNT_CAP) } : {}),
    })
    .from(listings)
    .where(where)
    .orderBy(sql`${listings.created_at} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(limit)
    .offset(offset);
  return { query, where };
}

/** A page of the market, with `total_records` on its rows when `withTotal`. */
export const listMarket = (tx: Tx, opts: MarketOptions, withTotal: boolean) => marketQuery(tx, opts, withTotal).query;

/** The market's size for `opts` (capped), for a page past its end. */
export async function countMarket(tx: Tx, opts: MarketOptions) {
  const capped = sql`(select 1 from ${listings} where ${marketWhere(opts)} limit ${MARKET_COUNT_CAP}) as capped`;
  const [row] = await tx.select({ n: count() }).from(capped);
  return row!.n;
}

/** A listing with its company's name and whether it is open; null when there is none. */
export async function findListing(tx: Tx, id: number, period: string) {
  const rows = await tx
    .select({
      ...getTableColumns(listings),
      company_name: companyName,
      is_open: sql<boolean>`${openWhere(period)}`,
    })
    .from(listings)
    .where(eq(listings.id, id));
  return rows[0] ?? null;
}
