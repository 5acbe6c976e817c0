// One bid as its detail reads it: the bid with its listings, the caller's tiers and ratings in one statement, then
// its history.
import type { BidTier } from '@spirit/domain/bids/bids.constants';
import { asc, eq, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { fixedStatement } from '../../db/statements.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { ratingColumns } from '../ratings/ratings.repository.js';
import { users } from '../users/users.table.js';
import { ask, buyer, counterpartyDistillery, listingView, offer, seller } from './bids.sql.js';
import { bidHistory, bids } from './bids.table.js';

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
