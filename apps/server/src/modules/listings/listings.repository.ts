// Listing queries. Every list is one statement with its total; "open" and the ratings are computed in SQL, so no
// rows are loaded to count, filter or average (issue 8 "Performance"). The reads are statements built once per
// shape (db/statements.ts): the shape says which filters are present and the order, the values are placeholders.
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { MARKET_STATS_DAYS, type ListingSide } from '@spirit/domain/listings/listings.constants';
import { and, count, eq, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { pageOf, totalWhere } from '../../lib/list.js';
import { openBidCount } from '../bids/bids.market.repository.js';
import { companies, companySpirits, shownName } from '../companies/companies.table.js';
import { currentNamesEpoch } from '../companies/names-epoch.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { bids } from '../bids/bids.table.js';
import { listings } from './listings.table.js';

export type ListingRow = typeof listings.$inferSelect;
export type ListingWithDistillery = ListingRow & { distillery_name: string };

/**
 * Open for trading: status Open, To Period not passed, quantity left, its company Approved (DESIGN.md §4). `period`
 * is the current period, a statement's placeholder; the status stays a literal, so the partial indexes `where status =
 * 'Open'` serve a statement's generic plan too.
 */
export const openWhere = (period: SQLWrapper | string) =>
  sql`(${openListingWhere(period)}
    and exists (select 1 from ${companies} where ${companies.id} = ${listings.company_id}
      and ${companies.status} = 'Approved'))`;

/** `openWhere` less its company's check, for a statement that joins the company (Approved) for its name as well. */
export const openListingWhere = (period: SQLWrapper | string) =>
  sql`${listings.status} = 'Open' and ${listings.to_period} >= ${period} and ${listings.available_quantity} > 0`;

/** Shorthand for a statement's placeholder. */
const value = sql.placeholder;

const withDistillery = { ...getTableColumns(listings), distillery_name: distilleries.name };

const OWN_SORTS = {
  from_period: sql`${listings.from_period}`,
  state: sql`${listings.state}`,
  product: sql`${listings.product}`,
  offer_price: sql`${listings.price}`,
};
type OwnSort = keyof typeof OWN_SORTS;

/** getAllOffers' statement: `sort` a column with `order`, or `changed` (newest change first, `order` unused). */
export type OwnShape = { search: boolean; sort: OwnSort | 'changed'; order: 'asc' | 'desc' };

/**
 * The company's distilleries whose name matches the search, as an array: a company has a few, found once by their
 * index, so a search filters the company's listings in their own index order with no join per listing.
 */
const namedDistilleries = sql`array(select d.id from ${distilleries} d where d.company_id = ${value('company')}
  and ${searchAnyPlaceholder([sql`d.name`])})`;

const ownWhere = (shape: Pick<OwnShape, 'search'>) =>
  and(
    eq(listings.company_id, value('company')),
    eq(listings.side, value('side')),
    // A search matches a listing's state or product, or its distillery's name, filtering the company's listings as
    // their index walks them in the page's order. Joined to the distilleries, the planner read every listing of the
    // company's distilleries and sorted the matches (13,000 of a company of 20,000 offers searched for its product:
    // 40 ms for a page of ten); left bare, the generic plan took the market's trigram indexes of state and product
    // (60,000 entries of the product across the market) and sorted as well. `|| ''` keeps them out: the same text.
    shape.search
      ? sql`(${searchAnyPlaceholder([sql`${listings.state} || ''`, sql`${listings.product} || ''`])}
        or ${listings.distillery_id} = any(${namedDistilleries}))`
      : undefined,
  );

/**
 * Whether the user `$user` negotiates for the listing's distillery (edits it, bids from it): one probe of the
 * distillery's mapping per returned row, so a page needs no second round trip for its rights.
 */
const userNegotiates = sql<boolean>`exists (select 1 from ${mappingDistilleries} md
  join ${mappings} m on m.id = md.mapping_id
  where md.distillery_id = "listings"."distillery_id" and m.negotiator_id = ${value('user')})`;

/**
 * The most a searched page of a company's listings counts (as the market's lists, `MARKET_COUNT_CAP`): a company of
 * 20,000 offers searched for its product counted 13,000 matches to show a page of ten. Unsearched, the company's
 * listings of a side are counted in full from their index alone, as My Orders' card counts them.
 */
const OWN_SEARCH_COUNT_CAP = 10_000;

/** What a row of the company's listings carries besides the listing: the names epoch, its open bids, the caller's right. */
export const ownExtras = { names: currentNamesEpoch, total_open_bids: openBidCount, negotiates: userNegotiates };

/**
 * A page of the company's listings with `columns`, each with its open bids and whether the caller negotiates for it
 * (values: company, side, pattern, now (ISO), user, limit, offset): getAllOffers' records' keys
 * (listings.kept.repository.ts `ownKeysQuery`, whose plan the EXPLAIN tests read).
 */
export function ownPageQuery<C extends SelectedFields>(tx: Tx, shape: OwnShape, columns: C) {
  const order =
    shape.sort === 'changed'
      ? [sql`${listings.updated_at} desc nulls last`, sql`${listings.id} desc nulls last`]
      : [
          shape.order === 'desc' ? sql`${OWN_SORTS[shape.sort]} desc` : sql`${OWN_SORTS[shape.sort]} asc`,
          sql`${listings.id} desc`,
        ];
  // The total: an uncorrelated count of the company's listings (run once), so the page stops after its rows in index
  // order. As a window over the page's join, a page of ten probed the distillery of every listing of the company
  // (300 of 335 buffers for 100 offers) and sorted every match.
  const total = totalWhere(listings, ownWhere(shape), shape.search ? OWN_SEARCH_COUNT_CAP : undefined);
  // The distilleries' names are the names memo's (companies/company-names.ts) at the epoch read here: joined, they
  // were 30 of a page's 68 buffers at market scale (a probe of the distillery a row).
  return tx
    .select({ ...columns, ...ownExtras, total_records: total })
    .from(listings)
    .where(ownWhere(shape))
    .orderBy(...order)
    .limit(value('limit'))
    .offset(value('offset'));
}

/**
 * The number of a company's listings of a side (`search`: matching the pattern), with no distillery joined: a search
 * finds the matching distilleries' ids once (`namedDistilleries`), and joining a distillery to each listing to count
 * them probed one per listing — 17 ms for a company of 10,000 offers, where the index alone counts them.
 */
export function ownCountQuery(tx: Tx, shape: Pick<OwnShape, 'search'>) {
  return tx.select({ n: count() }).from(listings).where(ownWhere(shape));
}
const ownCountStatement = statement(ownCountQuery);

export type OwnListOptions = {
  companyId: number;
  side: ListingSide;
  q: ListQuery & { sort_by?: string };
  now: Date;
  userId: number;
};

/**
 * The shape and values of a page of the company's listings (`sort_by` a column of OWN_SORTS, else the newest change
 * first), and its count for a page past its end.
 */
export function ownListArgs(tx: Tx, opts: OwnListOptions) {
  const { companyId, side, q } = opts;
  const pattern = searchPattern(q.item_search);
  // Any other `sort_by` (the schema allows `modified_on`) is the newest change first, whatever the order.
  const sort = q.sort_by && Object.hasOwn(OWN_SORTS, q.sort_by) ? (q.sort_by as OwnSort) : 'changed';
  const shape: OwnShape = { search: !!pattern, sort, order: sort === 'changed' ? 'desc' : q.sort_order };
  const values = { company: companyId, side, pattern };
  return {
    shape,
    values: { ...values, now: opts.now.toISOString(), user: opts.userId, ...pageOf(q) },
    count: async () => (await ownCountStatement(tx, { search: !!pattern }).execute(values))[0]!.n,
  };
}

/** How many listings of its side a company has: My Orders' total (the dashboard's card). */
export async function countOwnListings(tx: Tx, opts: { companyId: number; side: ListingSide }) {
  const [row] = await ownCountStatement(tx, { search: false }).execute({ company: opts.companyId, side: opts.side });
  return row!.n;
}

/** The statement of `findOwnListing`. Values: id, company. */
export function ownListingQuery(tx: Tx, shape: { lock: boolean }) {
  const query = tx
    .select(withDistillery)
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .where(and(eq(listings.id, value('id')), eq(listings.company_id, value('company'))));
  return shape.lock ? query.for('update', { of: listings }) : query;
}
const ownListingStatement = statement(ownListingQuery, alwaysGeneric);

/** One listing of the company, or null (another company's listing does not exist for the caller). */
export async function findOwnListing(
  tx: Tx,
  companyId: number,
  id: number,
  lock = false,
): Promise<ListingWithDistillery | null> {
  const rows = await ownListingStatement(tx, { lock }).execute({ id, company: companyId });
  return rows[0] ?? null;
}

// Generic, as the list: planned with a moment, an ask's count could pair the ask's bids with every still-valid bid
// of the market (bids_open_valid_until_idx) instead of reading the ask's own few.
const ownListingItemStatement = statement(
  (tx) =>
    tx
      .select({ ...withDistillery, total_open_bids: openBidCount, negotiates: userNegotiates })
      .from(listings)
      .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
      .where(and(eq(listings.id, value('id')), eq(listings.company_id, value('company')))),
  alwaysGeneric,
);

/**
 * One listing of the company with its open, still valid bids (the item) and whether `userId` negotiates for its
 * distillery, or null.
 */
export async function findOwnListingItem(tx: Tx, companyId: number, id: number, now: Date, userId: number) {
  const rows = await ownListingItemStatement(tx, {}).execute({
    id,
    company: companyId,
    now: now.toISOString(),
    user: userId,
  });
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
 * The statement of `listingStats`: the open listings of a side and product changed since a moment, served by
 * `listings_open_product_recent_idx`. Values: side, product, since (ISO), period.
 */
export function listingStatsQuery(tx: Tx) {
  return tx
    .select({
      avg: sql<string | null>`round(avg(${listings.price}), 2)::text`,
      last: sql<
        string | null
      >`(array_agg(${listings.price}::text order by ${listings.updated_at} desc, ${listings.id} desc))[1]`,
    })
    .from(listings)
    .where(
      and(
        eq(listings.side, value('side')),
        eq(listings.product, value('product')),
        sql`${listings.updated_at} >= ${value('since')}`,
        openWhere(value('period')),
      ),
    );
}

const listingStatsStatement = fixedStatement(listingStatsQuery);

/**
 * Market figures of a product from the open listings of `side` changed in the last 30 days: their average price
 * and the newest one's price. One statement.
 */
export async function listingStats(tx: Tx, opts: { side: ListingSide; product: string; now: Date; period: string }) {
  const since = new Date(opts.now.getTime() - MARKET_STATS_DAYS * 86_400_000);
  const [row] = await listingStatsStatement(tx).execute({
    side: opts.side,
    product: opts.product,
    since: since.toISOString(),
    period: opts.period,
  });
  return { avg: row?.avg ?? null, last: row?.last ?? null };
}

/**
 * Whether the company `$company` is a party to a bid on the listing `$id`: the item page lists those bids, and most
 * items a trader opens have none of theirs — then the page needs no second statement. One probe of each side's
 * listing index, as the list's own walk (bids.lists.shape.ts).
 */
const companyBidsOn = sql<boolean>`(exists (select 1 from ${bids} b where b.offer_id = ${value('id')}
    and (b.buyer_company_id = ${value('company')} or b.seller_company_id = ${value('company')}))
  or exists (select 1 from ${bids} b where b.ask_id = ${value('id')}
    and (b.buyer_company_id = ${value('company')} or b.seller_company_id = ${value('company')})))`;

/**
 * The statement of `findListing`, its company joined for the name and for `openWhere`'s check (one probe, not two).
 * Values: id, period, company.
 */
export const listingQuery = (tx: Tx) =>
  tx
    .select({
      ...getTableColumns(listings),
      company_name: shownName(companies),
      is_open: sql<boolean>`(${openListingWhere(value('period'))} and ${companies.status} = 'Approved')`,
      company_bids: companyBidsOn,
    })
    .from(listings)
    .innerJoin(companies, eq(companies.id, listings.company_id))
    .where(eq(listings.id, value('id')));
const listingStatement = fixedStatement(listingQuery, alwaysGeneric);

/**
 * A listing with its company's name, whether it is open and whether the company `companyId` is a party to a bid on
 * it (`company_bids`); null when there is none.
 */
export async function findListing(tx: Tx, id: number, period: string, companyId: number) {
  const rows = await listingStatement(tx).execute({ id, period, company: companyId });
  return rows[0] ?? null;
}
