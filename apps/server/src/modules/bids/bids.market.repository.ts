// What the listings' screens show of the market's bids: a product's bid statistics, last traded price and ticker,
// and the open bids on listings.
import { MARKET_STATS_DAYS, TICKER_SIZE } from '@spirit/domain/listings/listings.constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
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

/** The ticker: a product's newest non-confidential negotiation entries (placed, countered, accepted). */
export async function tickerEntries(tx: Tx, product: string | undefined) {
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
        product ? eq(bidHistory.product, product) : undefined,
        sql`not ${bidHistory.is_confidential}`,
        inArray(bidHistory.status, ['New', 'OnGoing', 'Accepted']),
      ),
    )
    .orderBy(sql`${bidHistory.created_at} desc`, sql`${bidHistory.id} desc`)
    .limit(TICKER_SIZE);
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
 * The open bids `companyId` has on each of `listingIds` (listings of side `side`, the other company's), from any of
 * its own listings: listing id → the newest such bid's id. One probe of `bids_offer_idx` / `bids_ask_idx` per id,
 * for a page of the market only; the company is the bid's buyer on an offer and its seller on an ask.
 */
export async function openBidsOnListings(
  tx: Tx,
  opts: { companyId: number; side: 'Offer' | 'Ask'; listingIds: number[] },
): Promise<Map<number, number>> {
  if (!opts.listingIds.length) return new Map();
  const [listing, company] =
    opts.side === 'Offer' ? [bids.offer_id, bids.buyer_company_id] : [bids.ask_id, bids.seller_company_id];
  const rows = await tx
    .select({ listing_id: listing, bid_id: sql<number>`max(${bids.id})`.mapWith(Number) })
    .from(bids)
    .where(
      and(inArray(listing, opts.listingIds), eq(company, opts.companyId), sql`${bids.status} in ('New', 'OnGoing')`),
    )
    .groupBy(listing);
  return new Map(rows.map((r) => [r.listing_id, r.bid_id]));
}
