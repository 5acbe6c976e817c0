// The market of other companies' open listings (getAllInventory). Statements built once per shape (db/statements.ts),
// as the own listings' queries in listings.repository.ts; the possible counterparties of one's own listing are
// listings.possible.repository.ts'.
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import type { ListingSide } from '@spirit/domain/listings/listings.constants';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { pageOf, totalWhere } from '../../lib/list.js';
import { openBidsOnListings } from '../bids/bids.market.repository.js';
import { companies, shownName } from '../companies/companies.table.js';
import { openListingWhere, openWhere } from './listings.repository.js';
import { listings } from './listings.table.js';

/** Shorthand for a statement's placeholder. */
const value = sql.placeholder;

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
  /** Whether a filter by product or state is served by the newest-first walk (listings.market-plan.ts). */
  walks?: boolean;
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
 * open bids by listing and company (`bids_open_offer_buyer_idx`, `bids_open_ask_seller_idx`) per row of the page,
 * in the page's own statement.
 */
const callerOpenBidId = sql<number | null>`(case when "listings"."side" = 'Offer'
  then (select max(ob.id) from bids ob where ob.offer_id = "listings"."id" and ob.buyer_company_id = ${value('company')}
    and ob.status in ('New', 'OnGoing'))
  else (select max(ob.id) from bids ob where ob.ask_id = "listings"."id" and ob.seller_company_id = ${value('company')}
    and ob.status in ('New', 'OnGoing')) end)`;

/**
 * The market's statement: which filters are present, whether a filter by product or state matches enough of the
 * market for the newest-first walk (`walks`, listings.market-plan.ts), and whether the page carries its total.
 */
export type MarketShape = { products: boolean; states: boolean; search: boolean; walks: boolean; total: boolean };

/**
 * Which market shapes run generically: those without a filter, and those filtered by product or state whose
 * filter the open listings' counts say a newest-first walk serves. Otherwise the values decide the plan: a rare
 * state is found by its index, a common one by walking the newest listings (a plan without values walks them for
 * every state: 100 ms on 200,000 listings for a state with none). A searched page is always planned with its term.
 */
export const marketGeneric = (s: Omit<MarketShape, 'total'>) => !s.search && ((!s.products && !s.states) || s.walks);

// Lists as one array parameter each (`= any`), so a filter of any length is one statement. `open` is `openWhere`, or
// its listing part alone where the statement joins the company (`marketQuery`).
const marketWhere = (shape: Omit<MarketShape, 'total' | 'walks'>, open = openWhere) =>
  and(
    eq(listings.side, value('side')),
    ne(listings.company_id, value('company')),
    shape.products ? sql`${listings.product} = any(${value('products')})` : undefined,
    shape.states ? sql`${listings.state} = any(${value('states')})` : undefined,
    shape.search ? searchAnyPlaceholder([listings.product, listings.state]) : undefined,
    open(value('period')),
  );

/**
 * The statement of `listMarket`. Values: side, company (the caller's, excluded), products, states, pattern,
 * period, limit, offset.
 */
export function marketQuery(tx: Tx, shape: MarketShape) {
  return tx
    .select({
      ...marketColumns,
      // The company is joined for its name, Approved as `openWhere` asks: one probe a row, where the check and a
      // name's subquery were two (market page 1 at market scale: 105 → 75 buffers).
      company_name: shownName(companies),
      // In the generic shape only: a shape planned with its values would plan these lookups on every call too
      // (the service then asks bids.market.repository openBidsOnListings).
      ...(marketGeneric(shape) ? { open_bid_id: callerOpenBidId } : {}),
      // The whole market runs to hundreds of thousands of open listings: count at most MARKET_COUNT_CAP of them.
      ...(shape.total ? { total_records: totalWhere(listings, marketWhere(shape), MARKET_COUNT_CAP) } : {}),
    })
    .from(listings)
    .innerJoin(companies, sql`${companies.id} = ${listings.company_id} and ${companies.status} = 'Approved'`)
    .where(marketWhere(shape, openListingWhere))
    .orderBy(sql`${listings.created_at} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(value('limit'))
    .offset(value('offset'));
}

const marketStatement = statement(marketQuery, { generic: marketGeneric });
type MarketRow = Awaited<ReturnType<ReturnType<typeof marketStatement>['execute']>>[number] & {
  open_bid_id: number | null;
};
const marketCountStatement = statement((tx, shape: Omit<MarketShape, 'total' | 'walks'>) =>
  tx
    .select({ n: count() })
    .from(sql`(select 1 from ${listings} where ${marketWhere(shape)} limit ${MARKET_COUNT_CAP}) as capped`),
);

/** The market's filters by product and state as the statement takes them: absent when empty. */
export function marketFilters(q: MarketOptions['q']) {
  return {
    products: q.type_of_spirits?.length ? q.type_of_spirits : undefined,
    states: q.state_names?.length ? q.state_names : undefined,
  };
}

function marketShapeAndValues(opts: MarketOptions) {
  const { q } = opts;
  const { products, states } = marketFilters(q);
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
  const { shape: filters, values } = marketShapeAndValues(opts);
  const shape = { ...filters, walks: !!opts.walks };
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
