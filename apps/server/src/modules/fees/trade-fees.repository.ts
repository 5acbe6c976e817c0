// Approved trades with their fee snapshot, for the service fee screens (Drizzle queries only).
import type { BidSide } from '@spirit/domain/bids/bids.constants';
import type { TradeFeeSort } from '@spirit/domain/fees/trade-fees.schemas';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { pageOf, searchPattern, totalOver } from '../../lib/list.js';
import { bids } from '../bids/bids.table.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { invoices } from '../invoices/invoices.table.js';
import { listings } from '../listings/listings.table.js';

const offer = alias(listings, 'offer');
const ask = alias(listings, 'ask');
const sellerDistillery = alias(distilleries, 'seller_distillery');
const buyerDistillery = alias(distilleries, 'buyer_distillery');
const buyerCompany = alias(companies, 'buyer_company');
const sellerCompany = alias(companies, 'seller_company');
const displayName = (c: { name: AnyColumn; registered_name: AnyColumn }) =>
  sql<string>`coalesce(nullif(${c.name}, ''), ${c.registered_name})`;

/**
 * The live invoice (no credit note against it) of each side of these trades, newest first: one statement for a
 * page, after the page (so it is read for the page's rows only, never for the rows a total or an offset passes).
 */
export async function liveInvoices(tx: Tx, bidIds: number[]) {
  if (!bidIds.length) return new Map<string, { id: number; number: string }>();
  const rows = await tx
    .select({ bid_id: invoices.bid_id, side: invoices.side, id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      sql`${invoices.bid_id} = any(${`{${bidIds.join(',')}}`}::int[]) and ${invoices.kind} = 'invoice'
        and not exists (select 1 from ${invoices} c where c.credits_invoice_id = ${invoices.id})`,
    )
    .orderBy(desc(invoices.id));
  const live = new Map<string, { id: number; number: string }>();
  for (const r of rows) {
    const key = `${r.bid_id}|${r.side}`;
    if (!live.has(key)) live.set(key, { id: r.id, number: r.number });
  }
  return live;
}

const tradeColumns = {
  bid: bids,
  buyer_distillery_name: buyerDistillery.name,
  seller_distillery_name: sellerDistillery.name,
};

export type TradeRow = typeof bids.$inferSelect & { buyer_distillery_name: string; seller_distillery_name: string };

const joined = <T extends PgSelect>(q: T) =>
  q
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .innerJoin(sellerDistillery, eq(sellerDistillery.id, offer.distillery_id))
    .innerJoin(buyerDistillery, eq(buyerDistillery.id, ask.distillery_id));

/** Whose trades: a company's on its side (one indexed column), or every trade for the SuperAdmin (`side` null). */
function tradesWhere(scope: { companyId: number; side: BidSide } | null, pattern: string | undefined): SQL {
  const own = scope
    ? eq(scope.side === 'buyer' ? bids.buyer_company_id : bids.seller_company_id, scope.companyId)
    : undefined;
  // Search: product, trade reference and the distillery names the caller sees.
  const names = !scope
    ? sql`lower(${buyerDistillery.name}) like ${pattern} or lower(${sellerDistillery.name}) like ${pattern}`
    : scope.side === 'buyer'
      ? sql`lower(${buyerDistillery.name}) like ${pattern}`
      : sql`lower(${sellerDistillery.name}) like ${pattern}`;
  const search = pattern
    ? sql`(lower(${bids.product}) like ${pattern} or lower(${bids.trade_reference}) like ${pattern} or ${names})`
    : undefined;
  return and(eq(bids.status, 'Approved'), own, search)!;
}

const SORT_COLUMNS: Record<TradeFeeSort, SQL | typeof bids.product> = {
  approved_on: sql`${bids.approved_at}`,
  product: bids.product,
  trade_reference: sql`${bids.trade_reference}`,
  price: sql`${bids.price}`,
  quantity: sql`${bids.quantity}`,
};

/**
 * A page of approved trades, newest approval first unless sorted otherwise (`bids_*_approved_idx`, migration 0028:
 * the page stops after its rows in index order); `withTotal` adds `total_records` (a window over every matching
 * row: the caller asks for it only when its kept total has expired, lib/list.ts `pageWithKnownTotal`).
 */
export async function listTrades(
  tx: Tx,
  opts: {
    scope: { companyId: number; side: BidSide } | null;
    q: ListQuery & { sort_by?: TradeFeeSort | undefined };
    withTotal: boolean;
  },
) {
  const pattern = searchPattern(opts.q.item_search);
  const where = tradesWhere(opts.scope, pattern);
  const direction = opts.q.sort_by ? (opts.q.sort_order === 'desc' ? desc : asc) : desc;
  const order = opts.q.sort_by ? SORT_COLUMNS[opts.q.sort_by] : SORT_COLUMNS.approved_on;
  const { limit, offset } = pageOf(opts.q);
  const rows = await joined(
    tx
      .select({ ...tradeColumns, ...(opts.withTotal ? { total_records: totalOver } : {}) })
      .from(bids)
      .$dynamic(),
  )
    .where(where)
    .orderBy(direction(order), direction(bids.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ bid, ...rest }) => ({ ...bid, ...rest }) as TradeRow & { total_records?: number });
}

/** How many approved trades match (a page past the end's total). */
export async function countTrades(tx: Tx, opts: { scope: { companyId: number; side: BidSide } | null; q: ListQuery }) {
  const where = tradesWhere(opts.scope, searchPattern(opts.q.item_search));
  return (await joined(tx.select({ n: count() }).from(bids).$dynamic()).where(where))[0]!.n;
}

/** An approved trade with both parties' names and states and both distilleries; `lock` takes the bid row. */
export async function findTrade(tx: Tx, id: number, opts: { lock?: boolean } = {}) {
  const q = joined(
    tx
      .select({
        ...tradeColumns,
        buyer_company_name: displayName(buyerCompany),
        buyer_company_state: buyerCompany.state,
        seller_company_name: displayName(sellerCompany),
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
