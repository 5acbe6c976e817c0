// Bid queries. Lists are one statement with their total; effective status (lapsed before the sweep), masking inputs
// and ratings are computed in SQL, so no rows are loaded to filter or count.
import { FEE_FIELDS, MARKET_STATS_DAYS, TICKER_SIZE, type FeeField } from '@spirit/domain/listings/listings.constants';
import type { GetAllBids } from '@spirit/domain/bids/bids.schemas';
import { FLAG_KEYS, type BidStatus, type BidTier } from '@spirit/domain/bids/bids.constants';
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { fixedStatement, searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { pageOf, pageWithTotal } from '../../lib/list.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { listings } from '../listings/listings.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { ratingColumns } from '../ratings/ratings.repository.js';
import { users } from '../users/users.table.js';
import { bidHistory, bids } from './bids.table.js';

export type BidRow = typeof bids.$inferSelect;
export type NewBidRow = typeof bids.$inferInsert;
export type HistoryRow = typeof bidHistory.$inferInsert;

const OPEN = sql`('New', 'OnGoing')`;

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

/** Locks one listing row (the final approval locks both, lower id first). */
export async function lockListing(tx: Tx, id: number) {
  const rows = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  return rows[0] ?? null;
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

/** The tier the user `$user` holds on a distillery (as `tiersOn` reads it), as a scalar subquery. */
const tierOn = (distilleryId: SQLWrapper) => {
  const user = sql.placeholder('user');
  return sql<BidTier | null>`(select case when m.negotiator_id = ${user} then 'negotiator'
      when m.authorizer_id = ${user} then 'authorizer' else 'approver' end
    from ${mappingDistilleries} md join ${mappings} m on m.id = md.mapping_id
    where md.distillery_id = ${distilleryId}
      and (m.negotiator_id = ${user} or m.authorizer_id = ${user} or m.approver_id = ${user})
    limit 1)`;
};

const offerDistillery = alias(distilleries, 'offer_distillery');
const askDistillery = alias(distilleries, 'ask_distillery');

/**
 * A bid listing's columns with its distillery and company (`bidListings`, and the aliases of `findBidView`'s one
 * statement: typed as the tables, an alias renders its own name and its values are the table's).
 */
function listingView(l: unknown, d: unknown, c: unknown) {
  const [listing, distillery, company] = [l, d, c] as [typeof listings, typeof distilleries, typeof companies];
  return {
    ...getTableColumns(listing),
    distillery_name: distillery.name,
    company_name: nameOf(company),
    company_is_premium: company.is_bid_confidential,
    company_approved: sql<boolean>`${company.status} = 'Approved'`,
  };
}

const bidViewStatement = fixedStatement((tx) =>
  tx
    .select({
      bid: bids,
      offer: listingView(offer, offerDistillery, seller),
      ask: listingView(ask, askDistillery, buyer),
      offer_tier: tierOn(offer.distillery_id),
      ask_tier: tierOn(ask.distillery_id),
      ...ratingColumns(counterpartyDistillery, sql.placeholder('company')),
    })
    .from(bids)
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .innerJoin(offerDistillery, eq(offerDistillery.id, offer.distillery_id))
    .innerJoin(askDistillery, eq(askDistillery.id, ask.distillery_id))
    .innerJoin(seller, eq(seller.id, offer.company_id))
    .innerJoin(buyer, eq(buyer.id, ask.company_id))
    .where(eq(bids.id, sql.placeholder('id'))),
);

/**
 * Everything a bid's detail reads but its history, in one statement: the bid, both listings as `bidListings` gives
 * them, the tier `userId` holds on each listing's distillery, and the company's ratings of the counterparty's
 * distillery. A detail is polled every 15 s by every open dialog, and was five round trips.
 */
export async function findBidView(tx: Tx, opts: { id: number; companyId: number; userId: number }) {
  const rows = await bidViewStatement(tx).execute({ id: opts.id, company: opts.companyId, user: opts.userId });
  const row = rows[0];
  if (!row) return null;
  const { your_rating, source, industry_rating, ...rest } = row;
  return {
    ...rest,
    ratings: { your_rating, source, industry_rating: industry_rating == null ? null : Number(industry_rating) },
  };
}

/** The tier `userId` holds on each of the given distilleries (a distillery belongs to at most one mapping). */
export async function tiersOn(tx: Tx, userId: number, distilleryIds: number[]): Promise<Map<number, BidTier>> {
  const rows = await tx
    .select({
      distillery_id: mappingDistilleries.distillery_id,
      tier: sql<BidTier>`case when ${mappings.negotiator_id} = ${userId} then 'negotiator'
        when ${mappings.authorizer_id} = ${userId} then 'authorizer' else 'approver' end`,
    })
    .from(mappingDistilleries)
    .innerJoin(mappings, eq(mappings.id, mappingDistilleries.mapping_id))
    .where(
      and(
        inArray(mappingDistilleries.distillery_id, distilleryIds),
        or(eq(mappings.negotiator_id, userId), eq(mappings.authorizer_id, userId), eq(mappings.approver_id, userId)),
      ),
    );
  return new Map(rows.map((r) => [r.distillery_id, r.tier]));
}

export async function insertHistory(tx: Tx, rows: HistoryRow[]) {
  if (rows.length) await historyInsert(tx, rows);
}

/** The rows' insert, not yet run: to send with the change's audit and event rows in one statement. */
export function historyInsert(tx: Tx, rows: HistoryRow[]) {
  return tx.insert(bidHistory).values(rows);
}

const historyStatement = fixedStatement((tx) =>
  tx
    .select({ ...getTableColumns(bidHistory), user_name: users.name })
    .from(bidHistory)
    .leftJoin(users, eq(users.id, bidHistory.user_id))
    .where(eq(bidHistory.bid_id, sql.placeholder('bid')))
    .orderBy(asc(bidHistory.id)),
);

/** A bid's history, oldest first, with the acting users' names. */
export async function historyOf(tx: Tx, bidId: number) {
  return historyStatement(tx).execute({ bid: bidId });
}

/** The next trade reference number (`TR-YYYY-NNNNNN`'s last part). */
export async function nextTradeNumber(tx: Tx): Promise<number> {
  const res = await tx.execute<{ n: string }>(sql`select nextval('trade_reference_seq')::text as n`);
  return Number((res as unknown as { rows: { n: string }[] }).rows[0]!.n);
}

// --- Lists ------------------------------------------------------------------------------------------------------
//
// A list is a statement per shape (db/statements.ts): the shape says which scope and filters a list has, the
// values go in as placeholders — `$company`, `$user`, `$now`, `$listing`, `$status`, `$spirits`, `$states`,
// `$pattern`, `$limit`, `$offset` and `$upto` (limit + offset) — filled by `bidListArgs`.

const offer = alias(listings, 'offer');
const ask = alias(listings, 'ask');
const buyer = alias(companies, 'buyer');
const seller = alias(companies, 'seller');

const nameOf = (c: { name: SQLWrapper; registered_name: SQLWrapper }) =>
  sql<string>`coalesce(nullif(${c.name}, ''), ${c.registered_name})`;

/** A company's shown name by id, as a scalar subquery (one primary-key lookup per candidate row). */
const companyName = (id: SQLWrapper) =>
  sql`(select ${nameOf(companies)} from ${companies} where ${companies.id} = ${id})`;

const NOW = sql.placeholder('now');

/**
 * Open and still valid (at `$now` in a list): what "New" and "OnGoing" mean to a reader before the sweep. `bid` is
 * the bids table or an alias of it.
 */
const liveWhere = (now: Placeholder | string = NOW, bid: { status: SQLWrapper; valid_until: SQLWrapper } = bids) =>
  sql`(${bid.status} in ${OPEN} and ${bid.valid_until} > ${now})`;

/**
 * The effective status `$status`: an open bid past `valid_until` reads Lapsed. Three texts, as the status asks:
 * Lapsed (stored or past due), an open status (and still valid), a closed one (as stored).
 */
export type StatusFilter = 'none' | 'lapsed' | 'live' | 'closed';
const statusFilter = (status: BidStatus | undefined): StatusFilter =>
  !status ? 'none' : status === 'Lapsed' ? 'lapsed' : status === 'New' || status === 'OnGoing' ? 'live' : 'closed';

function statusWhere(filter: StatusFilter): SQL | undefined {
  if (filter === 'lapsed')
    return sql`(${bids.status} = 'Lapsed' or (${bids.status} in ${OPEN} and ${bids.valid_until} <= ${NOW}))`;
  if (filter === 'live') return and(eq(bids.status, sql.placeholder('status')), liveWhere())!;
  if (filter === 'closed') return eq(bids.status, sql.placeholder('status'));
  return undefined;
}

/**
 * Bids of the company `$company` waiting for the user `$user`'s tier on the company's side: its Negotiator while the
 * terms are open and its flag is null, its Authorizer then its Approver on a locked deal (the state machine's
 * `whoseTurn`).
 */
function awaitingWhere(only?: BidTier): SQL {
  const [company, user] = [sql.placeholder('company'), sql.placeholder('user')];
  const side = (b: 'buyer' | 'seller') => {
    const listing = b === 'buyer' ? bids.ask_id : bids.offer_id;
    const f = (tier: string) => sql.raw(`"bids"."is_${tier}_${b}_approved"`);
    const turns: Record<BidTier, SQL> = {
      negotiator: sql`(m.negotiator_id = ${user} and not ${bids.locked} and ${f('negotiator')} is null)`,
      authorizer: sql`(m.authorizer_id = ${user} and ${bids.locked} and ${f('authenticator')} is null)`,
      approver: sql`(m.approver_id = ${user} and ${bids.locked} and ${f('authenticator')} and ${f('approver')} is null)`,
    };
    // `only` narrows to one tier: a user may hold different tiers on different distilleries.
    const turn = only ? turns[only] : sql.join(Object.values(turns), sql` or `);
    return sql`(${b === 'buyer' ? bids.buyer_company_id : bids.seller_company_id} = ${company} and exists (
      select 1 from ${listings} l join ${mappingDistilleries} md on md.distillery_id = l.distillery_id
        join ${mappings} m on m.id = md.mapping_id
      where l.id = ${listing} and (${turn})))`;
  };
  return sql`(${side('buyer')} or ${side('seller')})`;
}

export type BidListOptions = {
  /** The caller's company (0 for the platform). */
  companyId: number;
  /** The SuperAdmin's list: every company's bids (the service allows it approved trades only). */
  platform?: boolean;
  userId: number;
  now: Date;
  q: GetAllBids;
  /** Both listings of `offer_id` must be checked as the company's before. */
  listingId?: number;
  /** Open and still valid, either open status (the dashboard's open bids). */
  open?: boolean;
  /** Changed (and, if approved, approved) since then: the dashboard's day window. */
  since?: Date;
  /** Approved trades whose sale order is uploaded (the dashboard's Sale Order Generated). */
  saleOrder?: boolean;
};

/** The caller's side's counterparty distillery, for ratings: the other company's listing's distillery. */
const counterpartyDistillery = sql`(case when ${bids.buyer_company_id} = ${sql.placeholder('company')}
  then ${offer.distillery_id} else ${ask.distillery_id} end)`;

/** Bid lists count at most this many bids: the market's and a status's lists run to hundreds of thousands. */
export const BID_COUNT_CAP = 10_000;

/**
 * What changes a list's SQL text, never a value: the market's list or the company's own, which filters are present
 * (the status as one of `statusWhere`'s three texts, the awaited tier), and whether the page carries its total.
 */
export type BidListShape = {
  market: boolean;
  platform: boolean;
  /** The direction of the last-change order. */
  order: 'asc' | 'desc';
  listing: boolean;
  status: StatusFilter;
  awaiting: 'no' | 'any' | BidTier;
  spirits: boolean;
  states: boolean;
  search: boolean;
  /** The search also reads both companies' names: Approved trades only, whose parties see each other's names. */
  tradeNames: boolean;
  total: boolean;
  /** The dashboard's filters (BidListOptions `open`, `since`, `saleOrder`). */
  open: boolean;
  since: boolean;
  saleOrder: boolean;
};

/**
 * What a list selects from: the bids matching `where`, joined to their two listings (as "offer" and "ask") only
 * when `where` reads them (the states filter, the search).
 */
function matching(where: SQL | undefined, withListings: boolean, columns: SQL) {
  return sql`select ${columns} from ${bids}${
    withListings
      ? sql` inner join ${listings} "offer" on "offer"."id" = ${bids.offer_id}
    inner join ${listings} "ask" on "ask"."id" = ${bids.ask_id}`
      : sql``
  }${where ? sql` where ${where}` : sql``}`;
}

/**
 * A list's rows in two parts. The company's own lists ("mine") read each side apart — the bids where it buys, then
 * those where it sells, each walking its own company index in the page's order and stopping after the page, merged
 * with UNION ALL — because `buyer = X or seller = X` cannot walk either index in order and would read (or sort)
 * every matching bid of the company, or walk the status index through the whole market. The market's list walks
 * its own partial index of open, non-confidential bids.
 */
type Part = { where: SQL | undefined };

function bidParts(shape: BidListShape): { parts: Part[]; withListings: boolean } {
  const ph = sql.placeholder;
  const company = ph('company');
  const shared = and(
    shape.listing ? or(eq(bids.offer_id, ph('listing')), eq(bids.ask_id, ph('listing'))) : undefined,
    statusWhere(shape.status),
    shape.awaiting !== 'no'
      ? and(liveWhere(), awaitingWhere(shape.awaiting === 'any' ? undefined : shape.awaiting))
      : undefined,
    // `= any` of an array: one text whatever the number of values.
    shape.spirits ? sql`${bids.product} = any(${ph('spirits')})` : undefined,
    shape.states ? sql`(${offer.state} = any(${ph('states')}) or ${ask.state} = any(${ph('states')}))` : undefined,
    shape.search
      ? searchAnyPlaceholder([
          bids.product,
          offer.state,
          ask.state,
          sql`coalesce(${bids.trade_reference}, '')`,
          ...(shape.tradeNames ? [companyName(bids.buyer_company_id), companyName(bids.seller_company_id)] : []),
        ])
      : undefined,
    shape.open ? liveWhere() : undefined,
    // The last change bounds the walk along the indexes; an approved trade counts from its approval.
    shape.since
      ? sql`(${bids.updated_at} >= ${ph('since')} and coalesce(${bids.approved_at}, ${bids.updated_at}) >= ${ph('since')})`
      : undefined,
    shape.saleOrder ? sql`${bids.sell_order_file_id} is not null` : undefined,
  );
  const withListings = shape.states || shape.search;
  if (shape.market) {
    return { parts: [{ where: and(liveWhere(), sql`not ${bids.is_confidential}`, shared) }], withListings };
  }
  // The platform's approved trades walk the status index (bids_status_idx) in the page's order.
  if (shape.platform) return { parts: [{ where: shared }], withListings };
  return {
    parts: [
      // A company never trades with itself (`bids_companies_check`), so the parts never share a bid. Saying so again
      // here (buyer <> company) made each count of the selling side read every bid row instead of the index alone.
      { where: and(eq(bids.buyer_company_id, company), shared) },
      { where: and(eq(bids.seller_company_id, company), shared) },
    ],
    withListings,
  };
}

/** The number of bids in `parts`, up to `cap`, as one scalar subquery. */
function cappedBidCount(parts: Part[], withListings: boolean, cap = BID_COUNT_CAP) {
  const union = sql.join(
    parts.map((p) => sql`(${matching(p.where, withListings, sql`1`)})`),
    sql` union all `,
  );
  return sql<number>`(select count(*) from (${union} limit ${cap}) as capped)::int`.mapWith(Number);
}

/** Last change first (`desc`, every list's own order) or last (`asc`): either way along the indexes. */
const byChange = (order: 'asc' | 'desc') => sql`${bids.updated_at} ${sql.raw(order)}, ${bids.id} ${sql.raw(order)}`;

/** The ids of the page: each part's first `$upto` bids in order, merged, then the page cut from them. */
function pageIds(parts: Part[], withListings: boolean, order: 'asc' | 'desc') {
  const [limit, offset] = [sql.placeholder('limit'), sql.placeholder('offset')];
  const cols = sql`${bids.id}, ${bids.updated_at}`;
  if (parts.length === 1) {
    return sql`${matching(parts[0]!.where, withListings, sql`${bids.id}`)} order by ${byChange(order)} limit ${limit} offset ${offset}`;
  }
  const union = sql.join(
    parts.map(
      (p) =>
        sql`(${matching(p.where, withListings, cols)} order by ${byChange(order)} limit ${sql.placeholder('upto')})`,
    ),
    sql` union all `,
  );
  const dir = sql.raw(order);
  return sql`select "part"."id" from (${union}) as "part"
    order by "part"."updated_at" ${dir}, "part"."id" ${dir} limit ${limit} offset ${offset}`;
}

/**
 * The columns of a bid a list shows (bids.view.ts `toListRecord`): not the fees, GST figures and comments, which
 * only its detail shows — half the columns, and reading each row's columns is most of a page's cost on PGlite.
 */
const LIST_COLUMNS = [
  'id',
  'version',
  'status',
  'locked',
  'valid_until',
  'is_confidential',
  'product',
  'quantity',
  'price',
  'offer_id',
  'ask_id',
  'placed_by',
  'trade_reference',
  'created_at',
  'updated_at',
  'buyer_company_id',
  'seller_company_id',
  'sell_order_file_id',
  ...FLAG_KEYS,
] as const satisfies readonly (keyof BidRow)[];
export type BidListBid = Pick<BidRow, (typeof LIST_COLUMNS)[number]>;
const bidListColumns = Object.fromEntries(LIST_COLUMNS.map((c) => [c, bids[c]])) as {
  [C in (typeof LIST_COLUMNS)[number]]: (typeof bids)[C];
};

/** What a bid's landed price reads (`bidLandedPrice`): its price and fees, and the offer listing's two fees. */
const pricingColumns = {
  ...(Object.fromEntries(FEE_FIELDS.map((f) => [f, bids[f]])) as { [F in FeeField]: (typeof bids)[F] }),
  offer_sales_tax: offer.sales_tax,
  offer_export_pass_fee: offer.export_pass_fee,
};
export type BidPricing = { [K in keyof typeof pricingColumns]: string | null };

/** A list's page as built for `shape` (not prepared): `bidListPage` runs it as a statement, the plan tests EXPLAIN it. */
export function bidListQuery(tx: Tx, shape: BidListShape) {
  const { parts, withListings } = bidParts(shape);
  return tx
    .select({
      bid: bidListColumns,
      offer_state: offer.state,
      ask_state: ask.state,
      offer_available: offer.available_quantity,
      ask_available: ask.available_quantity,
      offer_price: offer.price,
      ask_price: ask.price,
      buyer_name: nameOf(buyer),
      seller_name: nameOf(seller),
      ...ratingColumns(counterpartyDistillery, sql.placeholder('company')),
      // The few rows waiting for the caller are priced at their terms; the long lists skip the fee columns.
      ...(shape.awaiting !== 'no' ? { terms: pricingColumns } : {}),
      ...(shape.total ? { total_records: cappedBidCount(parts, withListings) } : {}),
    })
    .from(bids)
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .innerJoin(buyer, eq(buyer.id, bids.buyer_company_id))
    .innerJoin(seller, eq(seller.id, bids.seller_company_id))
    .where(sql`${bids.id} in (${pageIds(parts, withListings, shape.order)})`)
    .orderBy(byChange(shape.order));
}

// A listing's bids: with few buyers in a market a plan without values takes "a company's bids" for the table.
const bidListStatement = statement(bidListQuery, { generic: (shape) => !shape.listing });

/** A list's shape and the values of its placeholders. */
export function bidListArgs(opts: BidListOptions, withTotal: boolean) {
  const { q } = opts;
  const pattern = searchPattern(q.item_search);
  const spirits = q.type_of_spirits?.length ? q.type_of_spirits : undefined;
  const states = q.states?.length ? q.states : undefined;
  const shape: BidListShape = {
    market: !!q.is_market,
    platform: !!opts.platform,
    order: q.sort_by ? q.sort_order : 'desc',
    listing: !!opts.listingId,
    status: statusFilter(q.bid_status),
    awaiting: q.awaiting_me ? (q.awaiting_tier ?? 'any') : 'no',
    spirits: !!spirits,
    states: !!states,
    search: !!pattern,
    // Names are searched only where every row is a trade: anywhere else a match would reveal a masked party.
    tradeNames: !!pattern && q.bid_status === 'Approved',
    total: withTotal,
    open: !!opts.open,
    since: !!opts.since,
    saleOrder: !!opts.saleOrder,
  };
  const { limit, offset } = pageOf(q);
  const values = {
    company: opts.companyId,
    user: opts.userId,
    now: opts.now.toISOString(),
    listing: opts.listingId,
    status: q.bid_status,
    spirits,
    states,
    pattern,
    limit,
    offset,
    upto: limit + offset,
    since: opts.since?.toISOString(),
  };
  return { shape, values };
}

/** A page of bids, with `total_records` on its rows when `withTotal`. */
export async function bidListPage(tx: Tx, opts: BidListOptions, withTotal: boolean) {
  const { shape, values } = bidListArgs(opts, withTotal);
  return bidListStatement(tx, shape).execute(values);
}

/** A list's count (capped) as built for `shape`: `countBids` runs it as a statement, the plan tests EXPLAIN it. */
export function bidCountQuery(tx: Tx, shape: BidListShape) {
  const { parts, withListings } = bidParts(shape);
  return tx.select({ n: cappedBidCount(parts, withListings) }).from(sql`(select 1) as "one"`);
}
const bidCountStatement = statement(bidCountQuery);

/** The number of bids of a list (capped), for a page past its end. */
export async function countBids(tx: Tx, opts: BidListOptions) {
  const { shape, values } = bidListArgs(opts, false);
  const [row] = await bidCountStatement(tx, shape).execute(values);
  return row!.n;
}

/** The shape of "waiting for me": the company's live bids at the caller's turn, any tier, no other filter. */
export const AWAITING_SHAPE: BidListShape = {
  market: false,
  listing: false,
  status: 'none',
  awaiting: 'any',
  spirits: false,
  states: false,
  search: false,
  tradeNames: false,
  total: false,
  platform: false,
  order: 'desc',
  open: false,
  since: false,
  saleOrder: false,
};

/** How many bids wait for the caller, counting at most `cap` + 1 (so "more than cap" shows): the menu's badge. */
export function awaitingCountQuery(tx: Tx, cap: number) {
  const { parts, withListings } = bidParts(AWAITING_SHAPE);
  return tx.select({ n: cappedBidCount(parts, withListings, cap + 1) }).from(sql`(select 1) as "one"`);
}
const awaitingCountStatement = statement((tx, shape: { cap: string }) => awaitingCountQuery(tx, Number(shape.cap)), {
  generic: () => true,
});

export async function countAwaiting(tx: Tx, opts: { companyId: number; userId: number; now: Date; cap: number }) {
  const [row] = await awaitingCountStatement(tx, { cap: String(opts.cap) }).execute({
    company: opts.companyId,
    user: opts.userId,
    now: opts.now.toISOString(),
  });
  return row!.n;
}

export async function listBids(tx: Tx, opts: BidListOptions) {
  return pageWithTotal(opts.q, await bidListPage(tx, opts, true), () => countBids(tx, opts));
}
export type BidListRow = Awaited<ReturnType<typeof listBids>>['records'][number];

// --- Market figures (listings' screens) ---------------------------------------------------------------------------

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
