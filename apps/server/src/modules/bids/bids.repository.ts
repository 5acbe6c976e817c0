// Bid queries of the transitions and the lapse sweep: the rows a change locks and reads, the tiers it checks, and
// what it writes. A bid's detail is bids.detail.repository.ts's, the lists bids.lists.repository.ts's, the market's
// figures bids.market.repository.ts's.
import type { BidTier } from '@spirit/domain/bids/bids.constants';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { listings } from '../listings/listings.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { ask, listingView, liveWhere, offer, OPEN } from './bids.sql.js';
import { bidHistory, bids } from './bids.table.js';

export type BidRow = typeof bids.$inferSelect;
export type NewBidRow = typeof bids.$inferInsert;
export type HistoryRow = typeof bidHistory.$inferInsert;

/** The bid row, locked for the transition when `lock`. */
export async function findBid(tx: Tx, id: number, lock = false): Promise<BidRow | null> {
  const q = tx.select().from(bids).where(eq(bids.id, id));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** The open bid joining two listings, locked (there is at most one: `bids_open_pair_idx`). */
export async function lockOpenPair(tx: Tx, offerId: number, askId: number): Promise<BidRow | null> {
  const rows = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.offer_id, offerId), eq(bids.ask_id, askId), sql`${bids.status} in ${OPEN}`))
    .for('update');
  return rows[0] ?? null;
}

const bidListingsQuery = (tx: Tx, ids: number[]) =>
  tx
    .select(listingView(listings, distilleries, companies))
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .innerJoin(companies, eq(companies.id, listings.company_id))
    .where(inArray(listings.id, ids));

/** A bid's two listings with what a bid shows of them: distillery, company and its name. */
export async function bidListings(tx: Tx, ids: number[]) {
  return bidListingsQuery(tx, ids);
}
export type BidListing = Awaited<ReturnType<typeof bidListings>>[number];

/**
 * `bidListings` share-locking the listing rows (not their distilleries or companies), in id order, in one
 * statement: a placement and an edit of either listing (which locks it for update) happen one after the other, and
 * the placement checks the terms as they then stand. Should an edit commit while this waits, PostgreSQL re-reads
 * the listing and re-checks the joins against it: a listing moved to another distillery drops out (not found).
 */
export async function shareLockBidListings(tx: Tx, ids: number[]) {
  return bidListingsQuery(tx, ids).orderBy(asc(listings.id)).for('share', { of: listings });
}

/** Whether a listing has a live bid (open, and still valid at `now`): its terms may not change meanwhile. */
export async function hasLiveBid(tx: Tx, listing: { id: number; side: 'Offer' | 'Ask' }, now: Date) {
  const column = listing.side === 'Offer' ? bids.offer_id : bids.ask_id;
  const rows = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(column, listing.id), liveWhere(now.toISOString())))
    .limit(1);
  return rows.length > 0;
}

/**
 * Locks a pair's listing rows in one statement, in id order (the rows are locked as the sort hands them out), so two
 * final approvals sharing a listing queue instead of deadlocking.
 */
export async function lockListings(tx: Tx, ids: number[]) {
  return tx.select().from(listings).where(inArray(listings.id, ids)).orderBy(asc(listings.id)).for('update');
}

/** A trade's new quantities and statuses of its listings, both in one statement. */
export async function tradeListings(
  tx: Tx,
  traded: { listing: { id: number }; available: string; status: 'Open' | 'Closed' }[],
  now: Date,
) {
  const values = sql.join(
    traded.map((t) => sql`(${t.listing.id}::int, ${t.available}::numeric, ${t.status}::text)`),
    sql`, `,
  );
  await tx.execute(sql`update ${listings} set available_quantity = v.available, status = v.status,
      version = ${listings.version} + 1, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, available, status) where ${listings.id} = v.id`);
}

/**
 * Whether both companies may still trade (Approved), share-locking their rows so a deletion or rejection waits for
 * the trade's transaction instead of slipping past it.
 */
export async function bothTrading(tx: Tx, companyIds: [number, number]): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.status, 'Approved')))
    .orderBy(asc(companies.id))
    .for('share');
  return rows.length === 2;
}

/** The tier `userId` holds on each of the given distilleries (a distillery belongs to at most one mapping). */
// A statement with the ids as one array (`= any`), so a page of any size is one text; generic: each id is one probe
// of the mapping_distilleries key whatever the values.
export const tiersQuery = (tx: Tx) => {
  const user = sql.placeholder('user');
  return tx
    .select({
      distillery_id: mappingDistilleries.distillery_id,
      tier: sql<BidTier>`case when ${mappings.negotiator_id} = ${user} then 'negotiator'
        when ${mappings.authorizer_id} = ${user} then 'authorizer' else 'approver' end`,
    })
    .from(mappingDistilleries)
    .innerJoin(mappings, eq(mappings.id, mappingDistilleries.mapping_id))
    .where(
      and(
        sql`${mappingDistilleries.distillery_id} = any(${sql.placeholder('ids')}::int[])`,
        or(eq(mappings.negotiator_id, user), eq(mappings.authorizer_id, user), eq(mappings.approver_id, user)),
      ),
    );
};
const tiersStatement = fixedStatement(tiersQuery, alwaysGeneric);

export async function tiersOn(tx: Tx, userId: number, distilleryIds: number[]): Promise<Map<number, BidTier>> {
  const rows = await tiersStatement(tx).execute({ user: userId, ids: distilleryIds });
  return new Map(rows.map((r) => [r.distillery_id, r.tier]));
}

export async function insertHistory(tx: Tx, rows: HistoryRow[]) {
  if (rows.length) await historyInsert(tx, rows);
}

/** The rows' insert, not yet run: to send with the change's audit and event rows in one statement. */
export function historyInsert(tx: Tx, rows: HistoryRow[]) {
  return tx.insert(bidHistory).values(rows);
}

/** The next trade reference number (`TR-YYYY-NNNNNN`'s last part). */
export async function nextTradeNumber(tx: Tx): Promise<number> {
  const res = await tx.execute<{ n: string }>(sql`select nextval('trade_reference_seq')::text as n`);
  return Number((res as unknown as { rows: { n: string }[] }).rows[0]!.n);
}

// --- The lapse sweep ----------------------------------------------------------------------------------------------

/** Open bids whose validity has passed, oldest first, locked (skipping rows a transition holds). */
export async function lockExpired(tx: Tx, now: Date, limit: number) {
  return tx
    .select({
      bid: bids,
      offer_state: offer.state,
      ask_state: ask.state,
    })
    .from(bids)
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .where(and(sql`${bids.status} in ${OPEN}`, sql`${bids.valid_until} <= ${now.toISOString()}`))
    .orderBy(asc(bids.valid_until))
    .limit(limit)
    .for('update', { of: bids, skipLocked: true });
}
