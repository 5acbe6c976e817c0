// The possible counterparties of one's own listing (getAllPossibleOffer, DESIGN.md §4) and what the offer map
// shares with them: open listings of the other side, same product, overlapping period, other companies. Statements
// built once per shape (db/statements.ts).
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import {
  ASK_FEE_FIELDS,
  OFFER_FEE_FIELDS,
  otherSide,
  type FeeField,
  type ListingSide,
} from '@spirit/domain/listings/listings.constants';
import { and, count, eq, getTableColumns, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, statement } from '../../db/statements.js';
import { pageOf } from '../../lib/list.js';
import { openPairBidId } from '../bids/bids.market.repository.js';
import { currentRatingsEpoch } from '../ratings/ratings.table.js';
import { openWhere, type ListingRow } from './listings.repository.js';
import { listings, offerLandedPrice } from './listings.table.js';

/** Shorthand for a statement's placeholder. */
const value = sql.placeholder;

export type PossibleQuery = ListQuery & { sort_by?: 'landed_price' | 'offer_price' };

/**
 * The landed price's variable part for the counterparties of a listing of side `mine` (the caller's own fees are
 * constant; an offer's sales tax, the placeholder `sales_tax`, applies to the asks' prices).
 */
function landedOrder(mine: ListingSide) {
  const n = (column: SQLWrapper) => sql`coalesce(${column}, 0)`;
  if (mine === 'Ask') return offerLandedPrice(listings);
  const salesTax = sql`coalesce(${mineColumn('sales_tax')}, 0)`;
  const fees = [
    listings.import_pass_fee,
    listings.escort_fee,
    listings.transit_permit_fee,
    listings.corporation_fee,
    listings.misc_handling,
    listings.transportation,
  ].map(n);
  return sql`(${listings.price} + round(${listings.price} * ${salesTax} / 100, 2) + ${sql.join(fees, sql` + `)})`;
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

/** The caller's listing as the counterparties' statement reads it: the derived table `mine` (possibleQuery). */
const mineColumn = (column: keyof typeof listings.$inferSelect) => sql.raw(`"mine"."${column}"`);

/** The fees of the caller's listing a counterparty's landed price takes: an ask's delivery fees, an offer's tax. */
const MINE_FEES = { Ask: ASK_FEE_FIELDS, Offer: OFFER_FEE_FIELDS };
type MineFees = Partial<Record<FeeField, string | null>>;

/**
 * Counterparties of a listing of `of`'s product and periods: open listings of the other side, same product,
 * overlapping period (from `of.from`: the later of the listing's From Period and the current one), other companies.
 */
const possibleWhereOf = (of: { product: SQLWrapper; from: SQLWrapper; to: SQLWrapper }) =>
  and(
    eq(listings.side, value('side')),
    sql`${listings.product} = ${of.product}`,
    sql`${listings.to_period} >= ${of.from}`,
    sql`${listings.from_period} <= ${of.to}`,
    ne(listings.company_id, value('company')),
    openWhere(value('period')),
  );

/** The counterparties of the caller's listing as the page's statement reads it (`mine`). */
const possibleOfMineWhere = () =>
  possibleWhereOf({
    product: mineColumn('product'),
    from: sql`greatest(${mineColumn('from_period')}, ${value('period')})`,
    to: mineColumn('to_period'),
  });

/** The counterparties of a listing given by its values (`possibleValues`): the offer map's, a page past the end's. */
export const possibleWhere = () =>
  possibleWhereOf({ product: value('product'), from: value('from_period'), to: value('to_period') });

/**
 * The statement of `listPossible`: the caller's listing and its counterparties in one round trip. A product's
 * counterparties run to thousands at market scale: the page's ids are chosen first (ordered on the listings' own
 * columns), so the rating subqueries run for the page only, and the total is a count beside them, not a window
 * that would build every matching row with its subqueries. Values: side (the counterparties'), company (the
 * caller's), mine_id, period, limit, offset.
 */
export function possibleQuery(tx: Tx, shape: PossibleShape) {
  const where = possibleOfMineWhere();
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
  const fees = MINE_FEES[shape.mine];
  // The caller's listing (`$mine_id` of `$company`), one row or none; the page's ids are found for it in a lateral
  // subquery, run once with its product and periods as the index's values, in the page's order.
  const m = alias(listings, 'm');
  const mine = tx
    .select({
      product: m.product,
      from_period: m.from_period,
      to_period: m.to_period,
      ...Object.fromEntries(fees.map((c) => [c, m[c]])),
    })
    .from(m)
    .where(and(eq(m.id, value('mine_id')), eq(m.company_id, value('company'))))
    .as('mine');
  const pageIds = sql`(select ${listings.id} from ${listings} where ${where}
    order by ${sql.join(order, sql`, `)} limit ${value('limit')} offset ${value('offset')})`;
  const query = tx
    .select({
      ...getTableColumns(listings),
      // Each row's distillery's ratings come from the ratings memo at this epoch (ratings/rating-memo.ts).
      ratings: currentRatingsEpoch,
      open_bid_id: openPairBidId(shape.mine),
      // The caller's listing's fees, for each row's landed price (the same on every row).
      mine: Object.fromEntries(fees.map((c) => [c, sql<string | null>`${mineColumn(c)}`])) as Partial<
        Record<FeeField, SQL<string | null>>
      >,
      ...(shape.total ? { total_records: sql<number>`"total"."n"`.mapWith(Number) } : {}),
    })
    .from(mine)
    .$dynamic();
  // Counted once, beside the caller's listing: in the select list it would be counted again for each row.
  const counted = shape.total
    ? query.innerJoin(sql`lateral (select count(*)::int as "n" from ${listings} where ${where}) as "total"`, sql`true`)
    : query;
  return counted
    .innerJoin(sql`lateral ${pageIds} as "page"`, sql`true`)
    .innerJoin(listings, sql`${listings.id} = "page"."id"`)
    .orderBy(...order);
}

const possibleStatement = statement(possibleQuery, alwaysGeneric);
const possibleCountStatement = fixedStatement((tx) => tx.select({ n: count() }).from(listings).where(possibleWhere()));

/** A row of `listPossible`: a counterparty, with the caller's listing's fees (`MINE_FEES`) as `mine`. */
export type PossibleRow = ListingRow & {
  ratings: number;
  open_bid_id: number | null;
  mine: MineFees;
  total_records?: number;
};

/**
 * Possible counterparties of the company's listing `mineId` of side `mine` (DESIGN.md §4), a page with its total
 * when `withTotal`. No rows either when there are none or when the listing is not the company's.
 */
export async function listPossible(
  tx: Tx,
  opts: { mine: ListingSide; mineId: number; companyId: number; period: string; q: PossibleQuery },
  withTotal: boolean,
): Promise<PossibleRow[]> {
  const { mine, period, q } = opts;
  const sort = q.sort_by ?? 'default';
  const shape: PossibleShape = { mine, sort, order: sort === 'default' ? 'asc' : q.sort_order, total: withTotal };
  return (await possibleStatement(tx, shape).execute({
    side: otherSide(mine),
    company: opts.companyId,
    period,
    mine_id: opts.mineId,
    ...pageOf(q),
  })) as PossibleRow[];
}

/** How many counterparties `mine` has: for a page past the end, which has no row to carry the total. */
export async function countPossible(tx: Tx, mine: ListingRow, period: string): Promise<number> {
  return (await possibleCountStatement(tx).execute(possibleValues(mine, period)))[0]!.n;
}

/** The values of `possibleWhere`'s placeholders for the counterparties of `mine`. */
export function possibleValues(mine: ListingRow, period: string) {
  return {
    side: otherSide(mine.side),
    product: mine.product,
    from_period: mine.from_period > period ? mine.from_period : period,
    to_period: mine.to_period,
    company: mine.company_id,
    period,
  };
}
