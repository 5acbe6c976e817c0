// Listing queries. Every list is one statement with its total; "open" and the ratings are computed in SQL, so no
// rows are loaded to count, filter or average (issue 8 "Performance"). The reads are statements built once per
// shape (db/statements.ts): the shape says which filters are present and the order, the values are placeholders.
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { MARKET_STATS_DAYS, type ListingSide } from '@spirit/domain/listings/listings.constants';
import { and, count, eq, getTableColumns, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { pageOf, pageWithTotal, totalOver, totalWhere } from '../../lib/list.js';
import { openBidCount, openBidsOnListings, openPairBidId } from '../bids/bids.market.repository.js';
import { companies, companySpirits } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { ratingColumns } from '../ratings/ratings.repository.js';
import { listings, offerLandedPrice } from './listings.table.js';

export type ListingRow = typeof listings.$inferSelect;
export type ListingWithDistillery = ListingRow & { distillery_name: string };

/**
 * Open for trading: status Open, To Period not passed, quantity left, its company Approved (DESIGN.md §4). `period`
 * is the current period, a statement's placeholder; the status stays a literal, so the partial indexes `where status =
 * 'Open'` serve a statement's generic plan too.
 */
export const openWhere = (period: SQLWrapper | string) =>
  sql`(${listings.status} = 'Open' and ${listings.to_period} >= ${period} and ${listings.available_quantity} > 0
    and exists (select 1 from ${companies} where ${companies.id} = ${listings.company_id}
      and ${companies.status} = 'Approved'))`;

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

const ownWhere = (shape: Pick<OwnShape, 'search'>) =>
  and(
    eq(listings.company_id, value('company')),
    eq(listings.side, value('side')),
    shape.search ? searchAnyPlaceholder([listings.state, listings.product, distilleries.name]) : undefined,
    // A listing's distillery is its company's (posted at a distillery its Negotiator is mapped to): said for the
    // search, so its plan joins the company's few distilleries by their index, not a hash of every distillery.
    shape.search ? eq(distilleries.company_id, value('company')) : undefined,
  );

/**
 * Whether the user `$user` negotiates for the listing's distillery (edits it, bids from it): one probe of the
 * distillery's mapping per returned row, so a page needs no second round trip for its rights.
 */
const userNegotiates = sql<boolean>`exists (select 1 from ${mappingDistilleries} md
  join ${mappings} m on m.id = md.mapping_id
  where md.distillery_id = "listings"."distillery_id" and m.negotiator_id = ${value('user')})`;

/**
 * The statement of `listOwnListings` (the EXPLAIN tests read its plan), each listing with its open bids and whether
 * the caller negotiates for it. Values: company, side, pattern, now (ISO), user, limit, offset.
 */
export function ownListingsQuery(tx: Tx, shape: OwnShape) {
  const order =
    shape.sort === 'changed'
      ? [sql`${listings.updated_at} desc nulls last`, sql`${listings.id} desc nulls last`]
      : [
          shape.order === 'desc' ? sql`${OWN_SORTS[shape.sort]} desc` : sql`${OWN_SORTS[shape.sort]} asc`,
          sql`${listings.id} desc`,
        ];
  return tx
    .select({ ...withDistillery, total_open_bids: openBidCount, negotiates: userNegotiates, total_records: totalOver })
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .where(ownWhere(shape))
    .orderBy(...order)
    .limit(value('limit'))
    .offset(value('offset'));
}

const ownListingsStatement = statement(ownListingsQuery, alwaysGeneric);
const ownCountStatement = statement((tx, shape: Pick<OwnShape, 'search'>) =>
  tx
    .select({ n: count() })
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .where(ownWhere(shape)),
);

/** A company's listings of one side, newest change first or by a column (getAllOffers, My Orders). */
export async function listOwnListings(
  tx: Tx,
  opts: { companyId: number; side: ListingSide; q: ListQuery & { sort_by?: string }; now: Date; userId: number },
) {
  const { companyId, side, q } = opts;
  const pattern = searchPattern(q.item_search);
  // Any other `sort_by` (the schema allows `modified_on`) is the newest change first, whatever the order.
  const sort = q.sort_by && Object.hasOwn(OWN_SORTS, q.sort_by) ? (q.sort_by as OwnSort) : 'changed';
  const shape: OwnShape = { search: !!pattern, sort, order: sort === 'changed' ? 'desc' : q.sort_order };
  const values = { company: companyId, side, pattern };
  const rows = await ownListingsStatement(tx, shape).execute({
    ...values,
    now: opts.now.toISOString(),
    user: opts.userId,
    ...pageOf(q),
  });
  return pageWithTotal(q, rows, async () => (await ownCountStatement(tx, { search: !!pattern }).execute(values))[0]!.n);
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

/** A listing's distillery, as the rating subqueries name it (ratings.repository ratingColumns). */
const listingDistillery = sql`"listings"."distillery_id"`;

export type PossibleQuery = ListQuery & { sort_by?: 'landed_price' | 'offer_price' };

/**
 * The landed price's variable part for the counterparties of a listing of side `mine` (the caller's own fees are
 * constant; an offer's sales tax, the placeholder `sales_tax`, applies to the asks' prices).
 */
function landedOrder(mine: ListingSide) {
  const n = (column: SQLWrapper) => sql`coalesce(${column}, 0)`;
  if (mine === 'Ask') return offerLandedPrice(listings);
  const fees = [
    listings.import_pass_fee,
    listings.escort_fee,
    listings.transit_permit_fee,
    listings.corporation_fee,
    listings.misc_handling,
    listings.transportation,
  ].map(n);
  return sql`(${listings.price} + round(${listings.price} * ${value('sales_tax')}::numeric / 100, 2) + ${sql.join(fees, sql` + `)})`;
}

/**
 * getAllPossibleOffer's statement: the side of the caller's listing (`mine`), and the order: a column with `order`,
 * or `default` — a buyer sees the cheapest delivered offer first, a seller the highest asked price (DESIGN.md §4).
 */
export type PossibleShape = {
  mine: ListingSide;
  sort: 'landed_price' | 'offer_price' | 'default';
  order: 'asc' | 'desc';
  /** Whether the page's rows carry the count of every counterparty (the service keeps it for seconds). */
  total: boolean;
};

/** Counterparties of a listing: open listings of the other side, same product, overlapping period, other companies. */
export const possibleWhere = () =>
  and(
    eq(listings.side, value('side')),
    eq(listings.product, value('product')),
    sql`${listings.to_period} >= ${value('from_period')}`,
    sql`${listings.from_period} <= ${value('to_period')}`,
    ne(listings.company_id, value('company')),
    openWhere(value('period')),
  );

/**
 * The statement of `listPossible`. A product's counterparties run to thousands at market scale: the page's ids are
 * chosen first (ordered on the listings' own columns), so the rating subqueries run for the page only, and the
 * total is an uncorrelated count beside them, not a window that would build every matching row with its
 * subqueries. Values: side, product, from_period, to_period, company, period, sales_tax, mine_id, limit, offset.
 */
export function possibleQuery(tx: Tx, shape: PossibleShape) {
  const where = possibleWhere();
  const landed = landedOrder(shape.mine);
  const dir = (e: SQL) => (shape.order === 'desc' ? sql`${e} desc` : sql`${e} asc`);
  const order = [
    shape.sort === 'default'
      ? shape.mine === 'Ask'
        ? sql`${landed} asc`
        : sql`${listings.price} desc`
      : dir(shape.sort === 'landed_price' ? landed : sql`${listings.price}`),
    sql`${listings.id} asc`,
  ];
  const pageIds = sql`select ${listings.id} from ${listings} where ${where}
    order by ${sql.join(order, sql`, `)} limit ${value('limit')} offset ${value('offset')}`;
  return tx
    .select({
      ...getTableColumns(listings),
      ...ratingColumns(listingDistillery, value('company')),
      open_bid_id: openPairBidId(shape.mine),
      ...(shape.total ? { total_records: totalWhere(listings, where) } : {}),
    })
    .from(listings)
    .where(sql`${listings.id} in (${pageIds})`)
    .orderBy(...order);
}

const possibleStatement = statement(possibleQuery, alwaysGeneric);
const possibleCountStatement = fixedStatement((tx) => tx.select({ n: count() }).from(listings).where(possibleWhere()));

/** Possible counterparties of `mine` (DESIGN.md §4), a page with its total. */
export async function listPossible(
  tx: Tx,
  opts: { mine: ListingRow; period: string; q: PossibleQuery },
  withTotal: boolean,
) {
  const { mine, period, q } = opts;
  const sort = q.sort_by ?? 'default';
  const shape: PossibleShape = {
    mine: mine.side,
    sort,
    order: sort === 'default' ? 'asc' : q.sort_order,
    total: withTotal,
  };
  return possibleStatement(tx, shape).execute({
    ...possibleValues(mine, period),
    sales_tax: mine.sales_tax ?? '0',
    mine_id: mine.id,
    ...pageOf(q),
  });
}

/** How many counterparties `mine` has: for a page past the end, which has no row to carry the total. */
export async function countPossible(tx: Tx, mine: ListingRow, period: string): Promise<number> {
  return (await possibleCountStatement(tx).execute(possibleValues(mine, period)))[0]!.n;
}

/** The values of `possibleWhere`'s placeholders for the counterparties of `mine`. */
export function possibleValues(mine: ListingRow, period: string) {
  return {
    side: mine.side === 'Offer' ? 'Ask' : 'Offer',
    product: mine.product,
    from_period: mine.from_period > period ? mine.from_period : period,
    to_period: mine.to_period,
    company: mine.company_id,
    period,
  };
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

/** What a market row shows (listings.service.ts `marketItem`): not the fees, periods' authors or versions. */
const marketColumns = {
  id: listings.id,
  side: listings.side,
  product: listings.product,
  state: listings.state,
  from_period: listings.from_period,
  to_period: listings.to_period,
  available_quantity: listings.available_quantity,
  price: listings.price,
  created_at: listings.created_at,
};

/**
 * The caller's company's (`$company`) newest open bid on a listing of the market, or null: "Bid open" instead of a
 * second bid (issue 21 item 17). The company is the buyer on an offer and the seller on an ask; one probe of the
 * open pairs' index (an offer) or the ask's bids (an ask) per row of the page, in the page's own statement.
 */
const callerOpenBidId = sql<number | null>`(case when "listings"."side" = 'Offer'
  then (select max(ob.id) from bids ob where ob.offer_id = "listings"."id" and ob.buyer_company_id = ${value('company')}
    and ob.status in ('New', 'OnGoing'))
  else (select max(ob.id) from bids ob where ob.ask_id = "listings"."id" and ob.seller_company_id = ${value('company')}
    and ob.status in ('New', 'OnGoing')) end)`;

/** The market's statement: which filters are present, and whether the page carries its total. */
export type MarketShape = { products: boolean; states: boolean; search: boolean; total: boolean };

/**
 * Which market shapes run generically: those without a filter. Which states, products or term decide the plan: a
 * rare state is found by its index, a common one by walking the newest listings (a plan without values walks them
 * for every state: 100 ms on 200,000 listings for a state with none).
 */
export const marketGeneric = (s: Omit<MarketShape, 'total'>) => !s.products && !s.states && !s.search;

// Lists as one array parameter each (`= any`), so a filter of any length is one statement.
const marketWhere = (shape: Omit<MarketShape, 'total'>) =>
  and(
    eq(listings.side, value('side')),
    ne(listings.company_id, value('company')),
    shape.products ? sql`${listings.product} = any(${value('products')})` : undefined,
    shape.states ? sql`${listings.state} = any(${value('states')})` : undefined,
    shape.search ? searchAnyPlaceholder([listings.product, listings.state]) : undefined,
    openWhere(value('period')),
  );

/**
 * The statement of `listMarket`. Values: side, company (the caller's, excluded), products, states, pattern,
 * period, limit, offset.
 */
export function marketQuery(tx: Tx, shape: MarketShape) {
  const where = marketWhere(shape);
  return tx
    .select({
      ...marketColumns,
      company_name: companyName,
      // In the generic shape only: a shape planned with its values would plan these lookups on every call too
      // (the service then asks bids.market.repository openBidsOnListings).
      ...(marketGeneric(shape) ? { open_bid_id: callerOpenBidId } : {}),
      // The whole market runs to hundreds of thousands of open listings: count at most MARKET_COUNT_CAP of them.
      ...(shape.total ? { total_records: totalWhere(listings, where, MARKET_COUNT_CAP) } : {}),
    })
    .from(listings)
    .where(where)
    .orderBy(sql`${listings.created_at} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(value('limit'))
    .offset(value('offset'));
}

const marketStatement = statement(marketQuery, { generic: marketGeneric });
type MarketRow = Awaited<ReturnType<ReturnType<typeof marketStatement>['execute']>>[number] & {
  open_bid_id: number | null;
};
const marketCountStatement = statement((tx, shape: Omit<MarketShape, 'total'>) =>
  tx
    .select({ n: count() })
    .from(sql`(select 1 from ${listings} where ${marketWhere(shape)} limit ${MARKET_COUNT_CAP}) as capped`),
);

function marketShapeAndValues(opts: MarketOptions) {
  const { q } = opts;
  const products = q.type_of_spirits?.length ? q.type_of_spirits : undefined;
  const states = q.state_names?.length ? q.state_names : undefined;
  const pattern = searchPattern(q.item_search);
  return {
    shape: { products: !!products, states: !!states, search: !!pattern },
    values: { side: opts.side, company: opts.exceptCompanyId, products, states, pattern, period: opts.period },
  };
}

/**
 * A page of the market, with `total_records` on its rows when `withTotal`, each row with the caller's company's open
 * bid on it (`open_bid_id`): in the page's statement when it is generic, else by a generic statement of its own.
 */
export async function listMarket(tx: Tx, opts: MarketOptions, withTotal: boolean) {
  const { shape, values } = marketShapeAndValues(opts);
  const rows: (Omit<MarketRow, 'open_bid_id'> & { open_bid_id?: number | null })[] = await marketStatement(tx, {
    ...shape,
    total: withTotal,
  }).execute({ ...values, ...pageOf(opts.q) });
  if (marketGeneric(shape)) return rows as MarketRow[];
  const ids = rows.map((r) => r.id);
  const open = await openBidsOnListings(tx, { companyId: opts.exceptCompanyId, side: opts.side, listingIds: ids });
  return rows.map((r) => ({ ...r, open_bid_id: open.get(r.id) ?? null }));
}

/** The market's size for `opts` (capped), for a page past its end. */
export async function countMarket(tx: Tx, opts: MarketOptions) {
  const { shape, values } = marketShapeAndValues(opts);
  const [row] = await marketCountStatement(tx, shape).execute(values);
  return row!.n;
}

/** The statement of `findListing`. Values: id, period. */
export const listingQuery = (tx: Tx) =>
  tx
    .select({
      ...getTableColumns(listings),
      company_name: companyName,
      is_open: sql<boolean>`${openWhere(value('period'))}`,
    })
    .from(listings)
    .where(eq(listings.id, value('id')));
const listingStatement = fixedStatement(listingQuery, alwaysGeneric);

/** A listing with its company's name and whether it is open; null when there is none. */
export async function findListing(tx: Tx, id: number, period: string) {
  const rows = await listingStatement(tx).execute({ id, period });
  return rows[0] ?? null;
}
