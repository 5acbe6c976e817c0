// Bid queries of the transitions and the lapse sweep: the rows a change locks and reads, the tiers it checks, and
// what it writes. A bid's detail is bids.detail.repository.ts's, the lists bids.lists.repository.ts's, the market's
// figures bids.market.repository.ts's.
import { FLAG_KEYS, type BidTier } from '@spirit/domain/bids/bids.constants';
import { FEE_FIELDS } from '@spirit/domain/listings/listings.constants';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, slots, sqlStatement, statement } from '../../db/statements.js';
import type { InsertRows } from '../../db/together.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { listings } from '../listings/listings.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { sessions } from '../auth/auth.table.js';
import { askDistillery, offerDistillery, tierOn } from './bids.detail.repository.js';
import { ask, buyer, listingView, liveWhere, offer, OPEN, seller } from './bids.sql.js';
import { bidHistory, bids } from './bids.table.js';

export type BidRow = typeof bids.$inferSelect;
export type NewBidRow = typeof bids.$inferInsert;
export type HistoryRow = typeof bidHistory.$inferInsert;

// The trade path's statements are built once (db/statements.ts): a transition runs a dozen, and building each
// from its builder on every call was the largest share of a trade's server time.
const ID = sql.placeholder('id');
const IDS = sql`any(${sql.placeholder('ids')}::int[])`;

const bidStatement = fixedStatement((tx) => tx.select().from(bids).where(eq(bids.id, ID)));
const lockBidStatement = fixedStatement((tx) => tx.select().from(bids).where(eq(bids.id, ID)).for('update'));

/** The bid row, locked for the transition when `lock`. */
export async function findBid(tx: Tx, id: number, lock = false): Promise<BidRow | null> {
  const rows = await (lock ? lockBidStatement : bidStatement)(tx).execute({ id });
  return rows[0] ?? null;
}

/**
 * Everything a transition reads before it decides, in one statement: the bid locked, its two listings as
 * `bidListings` gives them, the tier `$user` holds on each listing's distillery, and the end of the approval window
 * of the session `$session` (null when none or revoked). The listings are read in the statement's snapshot: a
 * transition that waited for the bid's lock decides on listings as they stood when it asked, and the final approval
 * locks and re-checks them (`lockListings`, `pairRefusal`).
 */
const lockTransitionStatement = fixedStatement((tx) =>
  tx
    .select({
      bid: bids,
      offer: listingView(offer, offerDistillery, seller),
      ask: listingView(ask, askDistillery, buyer),
      offer_tier: tierOn(offer.distillery_id),
      ask_tier: tierOn(ask.distillery_id),
      approval_until: sql<Date | null>`(select ${sessions.approval_until} from ${sessions}
        where ${sessions.id} = ${sql.placeholder('session')} and ${sessions.revoked_at} is null)`.mapWith(
        sessions.approval_until,
      ),
    })
    .from(bids)
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .innerJoin(offerDistillery, eq(offerDistillery.id, offer.distillery_id))
    .innerJoin(askDistillery, eq(askDistillery.id, ask.distillery_id))
    .innerJoin(seller, eq(seller.id, offer.company_id))
    .innerJoin(buyer, eq(buyer.id, ask.company_id))
    .where(eq(bids.id, ID))
    .for('update', { of: bids }),
);

export async function lockTransition(tx: Tx, opts: { id: number; userId: number; sessionId: number }) {
  const [row] = await lockTransitionStatement(tx).execute({ id: opts.id, user: opts.userId, session: opts.sessionId });
  return row ?? null;
}

const lockOpenPairStatement = fixedStatement((tx) =>
  tx
    .select()
    .from(bids)
    .where(
      and(
        eq(bids.offer_id, sql.placeholder('offer')),
        eq(bids.ask_id, sql.placeholder('ask')),
        sql`${bids.status} in ${OPEN}`,
      ),
    )
    .for('update'),
);

/** The open bid joining two listings, locked (there is at most one: `bids_open_pair_idx`). */
export async function lockOpenPair(tx: Tx, offerId: number, askId: number): Promise<BidRow | null> {
  const rows = await lockOpenPairStatement(tx).execute({ offer: offerId, ask: askId });
  return rows[0] ?? null;
}

const bidListingsQuery = (tx: Tx) =>
  tx
    .select(listingView(listings, distilleries, companies))
    .from(listings)
    .innerJoin(distilleries, eq(distilleries.id, listings.distillery_id))
    .innerJoin(companies, eq(companies.id, listings.company_id))
    .where(sql`${listings.id} = ${IDS}`);
const bidListingsStatement = fixedStatement(bidListingsQuery);
const shareLockBidListingsStatement = fixedStatement((tx) =>
  bidListingsQuery(tx).orderBy(asc(listings.id)).for('share', { of: listings }),
);

/** A bid's two listings with what a bid shows of them: distillery, company and its name. */
export async function bidListings(tx: Tx, ids: number[]) {
  return bidListingsStatement(tx).execute({ ids });
}
export type BidListing = Awaited<ReturnType<typeof bidListings>>[number];

/**
 * `bidListings` share-locking the listing rows (not their distilleries or companies), in id order, in one
 * statement: a placement and an edit of either listing (which locks it for update) happen one after the other, and
 * the placement checks the terms as they then stand. Should an edit commit while this waits, PostgreSQL re-reads
 * the listing and re-checks the joins against it: a listing moved to another distillery drops out (not found).
 */
export async function shareLockBidListings(tx: Tx, ids: number[]) {
  return shareLockBidListingsStatement(tx).execute({ ids });
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

const lockListingsStatement = fixedStatement((tx) =>
  tx
    .select()
    .from(listings)
    .where(sql`${listings.id} = ${IDS}`)
    .orderBy(asc(listings.id))
    .for('update'),
);

/**
 * Locks a pair's listing rows in one statement, in id order (the rows are locked as the sort hands them out), so two
 * final approvals sharing a listing queue instead of deadlocking.
 */
export async function lockListings(tx: Tx, ids: number[]) {
  return lockListingsStatement(tx).execute({ ids });
}

const tradeListingsStatement = sqlStatement(({ rows }: { rows: number }) => {
  const values = sql.join(
    Array.from(
      { length: rows },
      (_, i) =>
        sql`(${sql.placeholder(`id${i}`)}::int, ${sql.placeholder(`available${i}`)}::numeric, ${sql.placeholder(`status${i}`)}::text)`,
    ),
    sql`, `,
  );
  return sql`update ${listings} set available_quantity = v.available, status = v.status,
      version = ${listings.version} + 1, updated_at = ${sql.placeholder('now')}::timestamptz
    from (values ${values}) as v(id, available, status) where ${listings.id} = v.id`;
});

/** A trade's new quantities and statuses of its listings, both in one statement. */
export async function tradeListings(
  tx: Tx,
  traded: { listing: { id: number }; available: string; status: 'Open' | 'Closed' }[],
  now: Date,
) {
  const values: Record<string, unknown> = { now: now.toISOString() };
  traded.forEach((t, i) =>
    Object.assign(values, { [`id${i}`]: t.listing.id, [`available${i}`]: t.available, [`status${i}`]: t.status }),
  );
  await tradeListingsStatement(tx, { rows: traded.length }).execute(values);
}

const bothTradingStatement = fixedStatement((tx) =>
  tx
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.id} = ${IDS} and ${companies.status} = 'Approved'`)
    .orderBy(asc(companies.id))
    .for('share'),
);

/**
 * Whether both companies may still trade (Approved), share-locking their rows so a deletion or rejection waits for
 * the trade's transaction instead of slipping past it.
 */
export async function bothTrading(tx: Tx, companyIds: [number, number]): Promise<boolean> {
  const rows = await bothTradingStatement(tx).execute({ ids: companyIds });
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

const STATE_COLUMNS = [...FLAG_KEYS, 'locked', 'status', 'updated_by', 'updated_at'] as const;
const TERM_COLUMNS = ['quantity', 'price', 'valid_until', ...FEE_FIELDS, 'comment'] as const;
const SETTLED_COLUMNS = [
  'trade_reference',
  'approved_at',
  'buyer_commission_amount',
  'buyer_state_gst',
  'buyer_central_gst',
  'seller_commission_amount',
  'seller_state_gst',
  'seller_central_gst',
] as const;
type Columns<K extends readonly (keyof BidRow)[]> = Pick<BidRow, K[number]>;

/** A transition's new state; with new terms on a counter, with the trade's reference and fee rates on the last. */
export type BidChange = Columns<typeof STATE_COLUMNS> &
  (Columns<typeof TERM_COLUMNS> | object) &
  (Columns<typeof SETTLED_COLUMNS> | object);

const writeBidStatement = statement((tx: Tx, shape: { terms: boolean; settled: boolean }) =>
  tx
    .update(bids)
    .set({
      ...slots(bids, STATE_COLUMNS),
      ...(shape.terms ? slots(bids, TERM_COLUMNS) : {}),
      ...(shape.settled ? slots(bids, SETTLED_COLUMNS) : {}),
      version: sql`${bids.version} + 1`,
    })
    .where(eq(bids.id, ID))
    .returning(),
);

/** Writes a transition's change to the bid (its version raised) and answers the row as it now stands. */
export async function writeBid(tx: Tx, id: number, change: BidChange): Promise<BidRow> {
  const shape = { terms: 'quantity' in change, settled: 'trade_reference' in change };
  const [row] = await writeBidStatement(tx, shape).execute({ ...change, id });
  return row!;
}

const PLACED_COLUMNS = [
  'offer_id',
  'ask_id',
  'seller_company_id',
  'buyer_company_id',
  'seller_distillery_id',
  'buyer_distillery_id',
  'seller_state',
  'buyer_state',
  'product',
  'placed_by',
  'quantity',
  'price',
  'valid_until',
  ...FEE_FIELDS,
  'comment',
  'is_confidential',
  ...FLAG_KEYS,
  'locked',
  'status',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;
const insertBidStatement = fixedStatement((tx) => tx.insert(bids).values(slots(bids, PLACED_COLUMNS)).returning());

/** A placed bid's row, as written. */
export async function insertBid(tx: Tx, row: Required<Pick<NewBidRow, (typeof PLACED_COLUMNS)[number]>>) {
  const [written] = await insertBidStatement(tx).execute(row);
  return written!;
}

/** History rows to write with the change's other rows in one statement (db/together.ts). */
export function historyRows(rows: HistoryRow[]): InsertRows {
  return { table: bidHistory, rows };
}

const nextTradeNumberStatement = sqlStatement(() => sql`select nextval('trade_reference_seq')::text as n`);

/** The next trade reference number (`TR-YYYY-NNNNNN`'s last part). */
export async function nextTradeNumber(tx: Tx): Promise<number> {
  const res = await nextTradeNumberStatement(tx, {}).execute();
  return Number((res as { rows: { n: string }[] }).rows[0]!.n);
}

// --- The lapse sweep ----------------------------------------------------------------------------------------------

/** Open bids whose validity has passed, oldest first, locked (skipping rows a transition holds). */
export async function lockExpired(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(bids)
    .where(and(sql`${bids.status} in ${OPEN}`, sql`${bids.valid_until} <= ${now.toISOString()}`))
    .orderBy(asc(bids.valid_until))
    .limit(limit)
    .for('update', { of: bids, skipLocked: true });
}
