// What the listings' screens show of the market's bids: a product's bid statistics, last traded price and ticker,
// and the open bids on listings.
import { MARKET_STATS_DAYS, TICKER_SIZE } from '@spirit/domain/listings/listings.constants';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, statement } from '../../db/statements.js';
import { listings } from '../listings/listings.table.js';
import { liveWhere, NOW } from './bids.sql.js';
import { bidHistory, bids } from './bids.table.js';

/** Average and newest bid price of a product's non-confidential bids changed in the last 30 days. */
export async function bidStats(tx: Tx, product: string, now: Date) {
  const since = new Date(now.getTime() - MARKET_STATS_DAYS * 86_400_000);
  const [row] = await tx
    .select({
      avg: sql<string | null>`round(avg(${bids.price}), 2)::text`,
      last: sql<string | null>`(array_agg(${bids.price}::text order by ${bids.updated_at} desc, ${bids.id} desc))[1]`,
    })
    .from(bids)
    .where(
      and(
        eq(bids.product, product),
        sql`not ${bids.is_confidential}`,
        sql`${bids.updated_at} >= ${since.toISOString()}`,
      ),
    );
  return { avg: row?.avg ?? null, last: row?.last ?? null };
}

/** The price of a product's newest approved, non-confidential trade. */
export async function lastTradedPrice(tx: Tx, product: string): Promise<string | null> {
  const [row] = await tx
    .select({ price: sql<string>`${bids.price}::text` })
    .from(bids)
    .where(and(eq(bids.product, product), sql`not ${bids.is_confidential}`, eq(bids.status, 'Approved')))
    .orderBy(sql`${bids.updated_at} desc`, sql`${bids.id} desc`)
    .limit(1);
  return row?.price ?? null;
}

/**
 * The ticker's statement: a product's newest non-confidential negotiation entries (placed, countered, accepted), or
 * the whole market's. The statuses are a literal, not parameters: a generic plan can then use the partial index
 * `bid_history_ticker_recent_idx` (migration 0031) — with `status in ($1, $2, $3)` it cannot know the predicate
 * holds, and the market's ticker read and sorted every entry (1.4 s on the bench's 5.9 million).
 */
export function tickerQuery(tx: Tx, shape: { product: boolean }) {
  return tx
    .select({
      state: bidHistory.state,
      product: bidHistory.product,
      price: sql<string>`${bidHistory.price}::text`,
      quantity: sql<string>`${bidHistory.quantity}::text`,
      company_type: bidHistory.company_type,
      created_at: bidHistory.created_at,
    })
    .from(bidHistory)
    .where(
      and(
        shape.product ? eq(bidHistory.product, sql.placeholder('product')) : undefined,
        sql`not ${bidHistory.is_confidential}`,
        sql`${bidHistory.status} in ('New', 'OnGoing', 'Accepted')`,
      ),
    )
    .orderBy(sql`${bidHistory.created_at} desc`, sql`${bidHistory.id} desc`)
    .limit(TICKER_SIZE);
}
const tickerStatement = statement(tickerQuery, alwaysGeneric);

/** The ticker: a product's newest non-confidential negotiation entries (of any product without one). */
export async function tickerEntries(tx: Tx, product: string | undefined) {
  return tickerStatement(tx, { product: !!product }).execute({ product });
}

const openBid = alias(bids, 'open_bid');
const openBidsOf = (side: 'offer_id' | 'ask_id') =>
  sql`(select count(*)::int from ${bids} ${openBid} where ${openBid[side]} = ${listings.id}
    and ${liveWhere(NOW, openBid)})`;

/**
 * A listing's open, still valid bids, as a column of a statement over `listings` (the company's listings, a
 * listing's item) with the placeholder `now`: an offer's through the bids' offer side, an ask's through their ask
 * side, one index probe, worked out for the rows the statement returns.
 */
export const openBidCount = sql<number>`(case when ${listings.side} = 'Offer'
  then ${openBidsOf('offer_id')} else ${openBidsOf('ask_id')} end)`;

/**
 * The open bid between the caller's listing (placeholder `mine_id`, of side `mine`) and each listing of a statement
 * over `listings`: its id, or null. The pair is the key of `bids_open_pair_idx` (its predicate repeated so the
 * partial index serves it): one probe per returned row. A pair always holds the caller's own listing, so another
 * company's bids never show.
 */
export const openPairBidId = (mine: 'Offer' | 'Ask') => {
  // Written with its own alias and the listing qualified: in a select list drizzle renders columns unqualified, and
  // an unqualified "id" inside the subquery would be the bid's own.
  const [own, other] =
    mine === 'Offer' ? [sql.raw('pb.offer_id'), sql.raw('pb.ask_id')] : [sql.raw('pb.ask_id'), sql.raw('pb.offer_id')];
  return sql<number | null>`(select pb.id from bids pb
    where ${own} = ${sql.placeholder('mine_id')} and ${other} = "listings"."id"
    and pb.status in ('New', 'OnGoing'))`;
};

/**
 * The open bids `$company` has on each listing of `$ids` (listings of side `side`, another company's): listing id →
 * the newest such bid's id. For the market's pages planned with their values (a filter's frequency decides their
 * plan): in their own statement, planning those rows' lookups on every call doubled the planning (0.4 → 0.9 ms on
 * the bench's market); this one is generic, one probe per id of the open pairs' index (an offer) or the ask's bids.
 */
export function openBidsOnQuery(tx: Tx, shape: { side: 'Offer' | 'Ask' }) {
  const [listing, company] =
    shape.side === 'Offer' ? [bids.offer_id, bids.buyer_company_id] : [bids.ask_id, bids.seller_company_id];
  return tx
    .select({ listing_id: listing, bid_id: sql<number>`max(${bids.id})`.mapWith(Number) })
    .from(bids)
    .where(
      and(
        sql`${listing} = any(${sql.placeholder('ids')}::int[])`,
        eq(company, sql.placeholder('company')),
        sql`${bids.status} in ('New', 'OnGoing')`,
      ),
    )
    .groupBy(listing);
}
const openBidsOnStatement = statement(openBidsOnQuery, alwaysGeneric);

export async function openBidsOnListings(
  tx: Tx,
  opts: { companyId: number; side: 'Offer' | 'Ask'; listingIds: number[] },
): Promise<Map<number, number>> {
  if (!opts.listingIds.length) return new Map();
  const rows = await openBidsOnStatement(tx, { side: opts.side }).execute({
    ids: opts.listingIds,
    company: opts.companyId,
  });
  return new Map(rows.map((r) => [r.listing_id, r.bid_id]));
}
