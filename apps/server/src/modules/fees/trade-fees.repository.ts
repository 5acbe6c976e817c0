// Approved trades with their fee snapshot, for the service fee screens (Drizzle queries only).
import { BID_SIDES, type BidSide } from '@spirit/domain/bids/bids.constants';
import type { TradeFeeSort } from '@spirit/domain/fees/trade-fees.schemas';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { notSearched, statement } from '../../db/statements.js';
import { pageOf, searchPattern, totalOver, totalWhere } from '../../lib/list.js';
import { bids } from '../bids/bids.table.js';
import { companies, shownName } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { invoices } from '../invoices/invoices.table.js';
import { currentNamesEpoch } from '../companies/names-epoch.table.js';

const sellerDistillery = alias(distilleries, 'seller_distillery');
const buyerDistillery = alias(distilleries, 'buyer_distillery');
const buyerCompany = alias(companies, 'buyer_company');
const sellerCompany = alias(companies, 'seller_company');

const tradeColumns = {
  bid: bids,
  buyer_distillery_name: buyerDistillery.name,
  seller_distillery_name: sellerDistillery.name,
};

export type TradeRow = typeof bids.$inferSelect & { buyer_distillery_name: string; seller_distillery_name: string };

// The distilleries the trade was made between, as the bid carries them (migration 0035: a listing's distillery cannot
// change while a bid on it is live, so at the approval they are the listings'), by key without reading the listings;
// only those of the sides the caller sees (a company's list names its own side's alone). A dynamic query's joins add
// to the query itself.
const joined = <T extends PgSelect>(q: T, sides: readonly BidSide[] = BID_SIDES): T => {
  if (sides.includes('seller')) q.innerJoin(sellerDistillery, eq(sellerDistillery.id, bids.seller_distillery_id));
  if (sides.includes('buyer')) q.innerJoin(buyerDistillery, eq(buyerDistillery.id, bids.buyer_distillery_id));
  return q;
};

type Scope = { companyId: number; side: BidSide } | null;
/** A list's shape (db/statements.ts): whose trades, searched or not; the company and the pattern are values. */
export type Shape = { side: BidSide | 'platform'; search: boolean };

const shapeOf = (scope: Scope, pattern: string | undefined): Shape => ({
  side: scope?.side ?? 'platform',
  search: !!pattern,
});

/** Whose trades: a company's on its side (one indexed column), or every trade for the SuperAdmin. */
function tradesWhere(shape: Shape): SQL {
  const own =
    shape.side === 'platform'
      ? undefined
      : eq(shape.side === 'buyer' ? bids.buyer_company_id : bids.seller_company_id, sql.placeholder('company'));
  // Search: product, trade reference and the distillery names the caller sees.
  const pattern = sql.placeholder('pattern');
  const names =
    shape.side === 'platform'
      ? sql`lower(${buyerDistillery.name}) like ${pattern} or lower(${sellerDistillery.name}) like ${pattern}`
      : shape.side === 'buyer'
        ? sql`lower(${buyerDistillery.name}) like ${pattern}`
        : sql`lower(${sellerDistillery.name}) like ${pattern}`;
  const search = shape.search
    ? sql`(lower(${bids.product}) like ${pattern} or lower(${bids.trade_reference}) like ${pattern} or ${names})`
    : undefined;
  // The status as a literal, not a parameter: a generic plan must see it to walk the approved trades' partial indexes.
  return and(sql`${bids.status} = 'Approved'`, own, search)!;
}

/** Each sort's column of the page (the page's own fields carry the same names outside it). */
const SORT_FIELDS: Record<TradeFeeSort, 'approved_at' | 'product' | 'trade_reference' | 'price' | 'quantity'> = {
  approved_on: 'approved_at',
  product: 'product',
  trade_reference: 'trade_reference',
  price: 'price',
  quantity: 'quantity',
};

const SIDES: Record<Shape['side'], readonly BidSide[]> = { buyer: ['buyer'], seller: ['seller'], platform: BID_SIDES };

/** What a row of My Service Fee shows, and the rates its sides' totals come from: nothing else of the bid. */
const pageColumns = {
  id: bids.id,
  product: bids.product,
  trade_reference: bids.trade_reference,
  price: bids.price,
  quantity: bids.quantity,
  approved_at: bids.approved_at,
  updated_at: bids.updated_at,
  buyer_commission_amount: bids.buyer_commission_amount,
  buyer_state_gst: bids.buyer_state_gst,
  buyer_central_gst: bids.buyer_central_gst,
  seller_commission_amount: bids.seller_commission_amount,
  seller_state_gst: bids.seller_state_gst,
  seller_central_gst: bids.seller_central_gst,
};
const distilleryNames = { buyer_distillery_name: buyerDistillery.name, seller_distillery_name: sellerDistillery.name };

export type TradePageRow = {
  [K in keyof typeof pageColumns]: (typeof pageColumns)[K]['_']['notNull'] extends true
    ? (typeof pageColumns)[K]['_']['data']
    : (typeof pageColumns)[K]['_']['data'] | null;
} & Partial<Record<keyof typeof distilleryNames, string>> & {
    buyer_invoice?: LiveInvoice | null;
    seller_invoice?: LiveInvoice | null;
    total_records?: number;
  };

export type LiveInvoice = { id: number; number: string };

/** A side's live invoice of the trade `bidId` (the newest, with no credit note against it), as `{id, number}`. */
const liveInvoiceOf = (bidId: SQLWrapper, side: BidSide) =>
  sql<LiveInvoice | null>`(select json_build_object('id', i.id, 'number', i.number) from ${invoices} i
    where i.bid_id = ${bidId} and i.side = ${sql.raw(`'${side}'`)} and i.kind = 'invoice'
      and not exists (select 1 from ${invoices} c where c.credits_invoice_id = i.id)
    order by i.id desc limit 1)`;

export type PageShape = Shape & { sort: TradeFeeSort | 'default'; order: 'asc' | 'desc'; total: boolean };

/** A row's columns: the page's with the sides' distillery names and live invoices the caller sees. */
function rowColumns(sides: readonly BidSide[]) {
  const sideFields = Object.fromEntries(
    sides.flatMap((side) => [
      [`${side}_distillery_name`, distilleryNames[`${side}_distillery_name`]],
      [`${side}_invoice`, liveInvoiceOf(bids.id, side)],
    ]),
  );
  return { ...pageColumns, ...sideFields, version: bids.version, names: currentNamesEpoch };
}

const keyColumns = { id: bids.id, version: bids.version, names: currentNamesEpoch };

// The page, built once per shape, as its keys: each trade's id, version and the names epoch, in order (the records
// come from the record memo, trade-fees.service.ts; `tradeRowsQuery` reads the rows it lacks, with the live invoices
// of the sides the caller sees as subqueries of the select list, evaluated for those rows only). The total: without a
// search, the trades' own count (an index-only count of the approved trades, whose distilleries always exist); a
// search names distilleries, so it joins the sides the caller sees and counts the joined rows it pages.
/** The page's query for a shape, with placeholders `company`, `pattern`, `limit` and `offset` (its EXPLAIN test). */
export function tradePageQuery(tx: Tx, shape: PageShape) {
  const where = tradesWhere(shape);
  const direction = shape.order === 'desc' ? desc : asc;
  const order = pageColumns[SORT_FIELDS[shape.sort === 'default' ? 'approved_on' : shape.sort]];
  const total = shape.search ? totalOver : totalWhere(bids, where);
  const sides = SIDES[shape.side];
  const from = tx
    .select({
      ...keyColumns,
      ...(shape.total ? { total_records: total } : {}),
    })
    .from(bids)
    .$dynamic();
  // The distilleries only for a search that names them.
  const select = shape.search ? joined(from, sides) : from;
  if (shape.search) {
    return select
      .where(where)
      .orderBy(direction(order), direction(bids.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  }
  // Unsearched, the page is the trades' own ids first (their index, in order, to the page's end), then their rows by
  // primary key. Joined and limited in one, a generic plan guessed a tenth of the platform's 650,000 trades behind
  // the limit and sized four Memoize caches for them: 4.7 ms for ten rows (bench/explain.mjs).
  const dir = sql.raw(shape.order);
  const ids = sql`select ${bids.id} from ${bids} where ${where} order by ${order} ${dir}, ${bids.id} ${dir}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return select.where(sql`${bids.id} = any(array(${ids}))`).orderBy(direction(order), direction(bids.id));
}

const pageShape = statement(tradePageQuery, notSearched);

/** The approved trades `$ids` with the columns a row of `side`'s list reads, in no order. */
export function tradeRowsQuery(tx: Tx, shape: Pick<Shape, 'side'>) {
  const sides = SIDES[shape.side];
  return joined(tx.select(rowColumns(sides)).from(bids).$dynamic(), sides).where(
    sql`${bids.id} = any(${sql.placeholder('ids')}::int[])`,
  );
}
const rowsShape = statement(tradeRowsQuery, { generic: () => true });

const countShape = statement((tx, shape: Shape) =>
  joined(tx.select({ n: count() }).from(bids).$dynamic(), SIDES[shape.side]).where(tradesWhere(shape)),
);

/**
 * A page of approved trades with the caller's sides' live invoices, newest approval first unless sorted otherwise
 * (`bids_*_approved_idx`, migration 0028: the page stops after its rows in index order); `withTotal` adds
 * `total_records` (the caller asks for it only when its kept total has expired, lib/list.ts `pageWithKnownTotal`).
 */
export async function listTrades(
  tx: Tx,
  opts: { scope: Scope; q: ListQuery & { sort_by?: TradeFeeSort | undefined }; withTotal: boolean },
): Promise<TradeKey[]> {
  const pattern = searchPattern(opts.q.item_search);
  const shape: PageShape = {
    ...shapeOf(opts.scope, pattern),
    sort: opts.q.sort_by ?? 'default',
    order: opts.q.sort_by ? opts.q.sort_order : 'desc',
    total: opts.withTotal,
  };
  return (await pageShape(tx, shape).execute({
    company: opts.scope?.companyId,
    pattern,
    ...pageOf(opts.q),
  })) as TradeKey[];
}

/** A page's key: what names a trade's record of a list (trade-fees.service.ts). */
export type TradeKey = { id: number; version: number; names: number; total_records?: number };

/** The approved trades `ids` as a row of the caller's list reads them (with the version and names epoch read). */
export async function tradeRows(tx: Tx, scope: Scope, ids: number[]) {
  return (await rowsShape(tx, { side: scope?.side ?? 'platform' }).execute({ ids })) as (TradePageRow & {
    version: number;
    names: number;
  })[];
}

/** How many approved trades match (a page past the end's total). */
export async function countTrades(tx: Tx, opts: { scope: Scope; q: ListQuery }) {
  const pattern = searchPattern(opts.q.item_search);
  const [row] = await countShape(tx, shapeOf(opts.scope, pattern)).execute({ company: opts.scope?.companyId, pattern });
  return row!.n;
}

/** An approved trade with both parties' names and states and both distilleries; `lock` takes the bid row. */
export async function findTrade(tx: Tx, id: number, opts: { lock?: boolean } = {}) {
  const q = joined(
    tx
      .select({
        ...tradeColumns,
        buyer_company_name: shownName(buyerCompany),
        buyer_company_state: buyerCompany.state,
        seller_company_name: shownName(sellerCompany),
        seller_company_state: sellerCompany.state,
      })
      .from(bids)
      .$dynamic(),
  )
    .innerJoin(buyerCompany, eq(buyerCompany.id, bids.buyer_company_id))
    .innerJoin(sellerCompany, eq(sellerCompany.id, bids.seller_company_id))
    .where(and(eq(bids.id, id), eq(bids.status, 'Approved')));
  const [row] = await (opts.lock ? q.for('update', { of: bids }) : q);
  if (!row) return null;
  const { bid, ...names } = row;
  return { ...bid, ...names };
}
