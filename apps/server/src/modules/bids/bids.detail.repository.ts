// One bid as its detail reads it: the bid with its listings' live figures, the caller's tiers and the history in one
// statement; the parties' names and ratings from the process's memo at the epochs that statement read.
import type { BidTier } from '@spirit/domain/bids/bids.constants';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { users } from '../users/users.table.js';
import type { RecordMemo } from '../../lib/record-memo.js';
import { distilleryNames, shownNames } from '../companies/company-names.js';
import { currentNamesEpoch } from '../companies/names-epoch.table.js';
import { keptRatings } from '../ratings/rating-memo.js';
import { ratedColumns } from './bids.lists.columns.js';
import { ask, offer } from './bids.sql.js';
import { bidHistory, bids } from './bids.table.js';

/** The tier the user `$user` holds on a distillery (as `tiersOn` reads it), as a scalar subquery. */
export const tierOn = (distilleryId: SQLWrapper) => {
  const user = sql.placeholder('user');
  return sql<BidTier | null>`(select case when m.negotiator_id = ${user} then 'negotiator'
      when m.authorizer_id = ${user} then 'authorizer' else 'approver' end
    from ${mappingDistilleries} md join ${mappings} m on m.id = md.mapping_id
    where md.distillery_id = ${distilleryId}
      and (m.negotiator_id = ${user} or m.authorizer_id = ${user} or m.approver_id = ${user})
    limit 1)`;
};

/** What the detail shows of a bid's listing (bids.view.ts `toDetail`): its distillery and live figures. */
const liveListing = (listing: typeof offer | typeof ask) => ({
  distillery_id: listing.distillery_id,
  available_quantity: listing.available_quantity,
  price: listing.price,
});

export const offerDistillery = alias(distilleries, 'offer_distillery');
export const askDistillery = alias(distilleries, 'ask_distillery');

/** A history entry as the detail shows it (bids.view.ts `historyEntries`). */
export type BidHistoryEntryRow = {
  company_type: 'Buyer' | 'Seller';
  user_name: string | null;
  role: 'Negotiator' | 'Authorizer' | 'Approver' | null;
  quantity: string;
  price: string;
  valid_until: Date;
  status: string;
  comment: string | null;
  created_at: Date;
};
type HistoryJson = Omit<BidHistoryEntryRow, 'valid_until' | 'created_at'> & { valid_until: string; created_at: string };

/**
 * The bid's history, oldest first, with the acting users' names, as one JSON column of the view's statement: one
 * round trip for the detail instead of two (the amounts as text, as the driver reads numerics).
 */
const historyColumn = sql<HistoryJson[]>`(select coalesce(json_agg(json_build_object(
    'company_type', h.company_type, 'user_name', u.name, 'role', h.role, 'quantity', h.quantity::text,
    'price', h.price::text, 'valid_until', h.valid_until, 'status', h.status, 'comment', h.comment,
    'created_at', h.created_at) order by h.id), '[]')
  from ${bidHistory} h left join ${users} u on u.id = h.user_id where h.bid_id = "bids"."id")`;

/**
 * The statement of `findBidView`. Values: id, company, user. Of the listings it reads what moves (quantity, price)
 * and the offer's two fees a bid without its own copies is priced with; the names and the ratings it reads as the
 * epochs they are kept under (`findBidView`), not by joining two distilleries, two companies and both rating
 * indexes: the detail is polled, and those joins and the listings' other columns were 40 % of its database time.
 */
export const bidViewQuery = (tx: Tx) =>
  tx
    .select({
      bid: bids,
      offer: { ...liveListing(offer), sales_tax: offer.sales_tax, export_pass_fee: offer.export_pass_fee },
      ask: liveListing(ask),
      offer_tier: tierOn(offer.distillery_id),
      ask_tier: tierOn(ask.distillery_id),
      ...ratedColumns,
      names: currentNamesEpoch,
      history: historyColumn,
    })
    .from(bids)
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .where(eq(bids.id, sql.placeholder('id')));
const bidViewStatement = fixedStatement(
  bidViewQuery,
  // Generic: every join is a primary-key probe from the one bid, whatever the values; planned with them, this
  // statement of nine tables took 1.5 ms to plan and 0.2 ms to run on the bench's market.
  alwaysGeneric,
);

/**
 * Everything a bid's detail reads: the bid, both listings' live figures with their distilleries' and companies'
 * names, the tier `userId` holds on each listing's distillery, the company's ratings of the counterparty's
 * distillery, and the history. One statement; the names and ratings come from the process's memo at the epochs it
 * read (companies/company-names.ts, ratings/rating-memo.ts), those it does not hold by id in `tx`.
 */
export async function findBidView(tx: Tx, memo: RecordMemo, opts: { id: number; companyId: number; userId: number }) {
  const rows = await bidViewStatement(tx).execute({ id: opts.id, company: opts.companyId, user: opts.userId });
  const row = rows[0];
  if (!row) return null;
  const { bid, offer, ask, names: epoch, ratings: ratingsEpoch, rated_distillery, history, ...tiers } = row;
  // One after the other: in a transition `tx` is one connection, which takes one statement at a time (each reads
  // only what the memo lacks, so a kept page waits on nothing).
  const companyNames = await shownNames(tx, memo, epoch, [bid.seller_company_id, bid.buyer_company_id]);
  const distilleryNamesOf = await distilleryNames(tx, memo, epoch, [offer.distillery_id, ask.distillery_id]);
  const rated = await keptRatings(tx, memo, { epoch: ratingsEpoch, company: opts.companyId }, [rated_distillery]);
  const named = <L extends { distillery_id: number }>(listing: L, company: number) => ({
    ...listing,
    distillery_name: distilleryNamesOf.get(listing.distillery_id) ?? '',
    company_name: companyNames.get(company) ?? '',
  });
  return {
    bid,
    offer: named(offer, bid.seller_company_id),
    ask: named(ask, bid.buyer_company_id),
    ...tiers,
    history: history.map((h): BidHistoryEntryRow => ({
      ...h,
      valid_until: new Date(h.valid_until),
      created_at: new Date(h.created_at),
    })),
    ratings: rated.get(rated_distillery) ?? { your_review: null, industry_rating: null },
  };
}

type BidView = NonNullable<Awaited<ReturnType<typeof findBidView>>>;
/** The listings as the detail reads them (`liveListing`, named; the offer with its two fees). */
export type DetailOffer = BidView['offer'];
export type DetailAsk = BidView['ask'];
