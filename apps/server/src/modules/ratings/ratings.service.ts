// reviewDistillery and a trade's own review (DESIGN.md §4 "Ratings and source", "After the trade"): every row is
// checked against facts read once per call, then all rows are written with their audit entries in one
// transaction, or none.
import { RATING_MESSAGES } from '@spirit/domain/ratings/ratings.constants';
import { ratingRefusal } from '@spirit/domain/ratings/ratings.rules';
import type { BidRating, RatingRowForm } from '@spirit/domain/ratings/ratings.schemas';
import type { Tx } from '../../db/client.js';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { publish } from '../events/events.service.js';
import {
  companyFacts,
  distilleryFacts,
  insertRatings,
  latestTradeRating,
  tradeFacts,
  type CompanyFacts,
  type DistilleryFacts,
  type RatingInsert,
  type TradeFacts,
} from './ratings.repository.js';

const bidNotFound = () => notFound('rating.bid_not_found', RATING_MESSAGES.bidNotFound);
const field = (i: number, name: string, message: string) =>
  invalidField(`rating_details.${i}.${name}`, message, 'rating.invalid');

type Facts = {
  companies: Map<number, CompanyFacts>;
  distilleries: Map<number, DistilleryFacts>;
  trades: Map<number, TradeFacts>;
};

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const ids = (values: (number | null | undefined)[]) => [...new Set(values.filter((v): v is number => !!v))];

async function factsOf(tx: Tx, actor: Actor, rows: RatingRowForm[]): Promise<Facts> {
  return {
    companies: byId(await companyFacts(tx, ids([actor.companyId, ...rows.map((r) => r.from_company_id)]))),
    distilleries: byId(await distilleryFacts(tx, ids(rows.flatMap((r) => [r.to_distillery_id, r.from_distillery_id])))),
    trades: byId(await tradeFacts(tx, ids(rows.map((r) => r.bid_id)))),
  };
}

/** The rating company: the caller's own, or for the SuperAdmin the one the row names. */
function raterOf(actor: Actor, row: RatingRowForm, i: number, facts: Facts): CompanyFacts {
  if (!isSuperAdmin(actor)) {
    if (row.from_company_id && row.from_company_id !== actor.companyId)
      throw forbidden(RATING_MESSAGES.fromCompany, 'rating.not_own_company');
    return facts.companies.get(actor.companyId!)!;
  }
  if (!row.from_company_id) throw field(i, 'from_company_id', RATING_MESSAGES.fromCompanyMissing);
  const company = facts.companies.get(row.from_company_id);
  if (!company || company.status !== 'Approved') throw field(i, 'from_company_id', RATING_MESSAGES.companyNotFound);
  return company;
}

/** A trade's row: a party of that Approved bid rates the other party's distillery of it. */
function tradeDistilleries(row: RatingRowForm, i: number, rater: CompanyFacts, facts: Facts) {
  const trade = facts.trades.get(row.bid_id!);
  const side = trade?.buyer_company_id === rater.id ? 'buyer' : trade?.seller_company_id === rater.id ? 'seller' : null;
  if (!trade || !side) throw bidNotFound();
  if (trade.status !== 'Approved') throw conflict('rating.bid_not_approved', RATING_MESSAGES.bidNotApproved);
  const [own, other] =
    side === 'buyer'
      ? [trade.buyer_distillery_id, trade.seller_distillery_id]
      : [trade.seller_distillery_id, trade.buyer_distillery_id];
  if (row.to_distillery_id !== other) throw field(i, 'to_distillery_id', RATING_MESSAGES.bidDistillery);
  if (row.from_distillery_id && row.from_distillery_id !== own)
    throw field(i, 'from_distillery_id', RATING_MESSAGES.bidDistillery);
  return own;
}

/** A row checked and completed: the rating company, both distilleries, the rated company. */
function resolveRow(actor: Actor, row: RatingRowForm, i: number, facts: Facts, now: Date): RatingInsert {
  const rater = raterOf(actor, row, i, facts);
  let fromDistilleryId: number;
  if (row.bid_id) fromDistilleryId = tradeDistilleries(row, i, rater, facts);
  else {
    if (!row.from_distillery_id) throw field(i, 'from_distillery_id', RATING_MESSAGES.fromDistilleryMissing);
    if (facts.distilleries.get(row.from_distillery_id)?.company_id !== rater.id)
      throw field(i, 'from_distillery_id', RATING_MESSAGES.fromDistillery);
    fromDistilleryId = row.from_distillery_id;
  }
  const to = facts.distilleries.get(row.to_distillery_id);
  if (!to || to.company_status !== 'Approved') throw field(i, 'to_distillery_id', RATING_MESSAGES.toDistillery);
  if (row.company_id && row.company_id !== to.company_id) throw field(i, 'company_id', RATING_MESSAGES.toCompany);
  const refusal = ratingRefusal(rater, { id: to.company_id, type: to.company_type });
  if (refusal) throw field(i, 'to_distillery_id', refusal);
  return {
    from_company_id: rater.id,
    from_distillery_id: fromDistilleryId,
    to_company_id: to.company_id,
    to_distillery_id: to.id,
    rating: row.rating,
    source: row.source,
    bid_id: row.bid_id ?? null,
    entered_by_user_id: actor.userId,
    created_at: now,
  };
}

/**
 * reviewDistillery. Rows without a bid are the /ratings form's: a company Admin's, or the SuperAdmin's for any
 * company (recorded as entered by them). A trade's row may come from any user of a party, who can see the trade.
 * A second review is a new row; the latest wins.
 */
export async function review(deps: Deps, actor: Actor, rows: RatingRowForm[]): Promise<{ ids: number[] }> {
  const superAdmin = isSuperAdmin(actor);
  if (!superAdmin && !actor.roles.includes('Admin') && rows.some((r) => !r.bid_id))
    throw forbidden(RATING_MESSAGES.adminOnly, 'rating.admin_only');
  return deps.db.transaction(async (tx) => {
    const facts = await factsOf(tx, actor, rows);
    const now = deps.now();
    const values = rows.map((row, i) => resolveRow(actor, row, i, facts, now));
    const inserted = await insertRatings(tx, values);
    for (const [i, { id }] of inserted.entries()) {
      const { created_at: _at, ...after } = values[i]!;
      await audit(tx, {
        actorUserId: actor.userId,
        companyId: after.from_company_id,
        action: 'rating.created',
        objectType: 'rating',
        objectId: id,
        after: { ...after, entered_by_super_admin: superAdmin },
      });
    }
    // The rated company hears of a review of its distillery (and the reviewer's company, whose other screens show it).
    await publish(
      tx,
      inserted.map(({ id }, i) => ({
        type: 'rating.given' as const,
        bidId: values[i]!.bid_id ?? null,
        companyIds: [values[i]!.to_company_id, values[i]!.from_company_id],
        actor: { userId: actor.userId, companyId: values[i]!.from_company_id },
        data: { rating_id: id, to_distillery_id: values[i]!.to_distillery_id },
      })),
    );
    return { ids: inserted.map((r) => r.id) };
  });
}

/** getBidRating: the caller's company's latest review of a trade it is a party to; another's trade is not found. */
export async function tradeRating(deps: Deps, actor: Actor, bidId: number): Promise<BidRating> {
  const [trade] = await tradeFacts(deps.db, [bidId]);
  const companyId = actor.companyId;
  if (!trade || (trade.buyer_company_id !== companyId && trade.seller_company_id !== companyId)) throw bidNotFound();
  const row = await latestTradeRating(deps.db, bidId, companyId!);
  if (!row) return null;
  return {
    id: row.id,
    bid_id: bidId,
    rating: row.rating,
    source: row.source,
    from_company_type: trade.buyer_company_id === companyId ? 'Buyer' : 'Seller',
    to_distillery_id: row.to_distillery_id,
    created_on: row.created_at.toISOString(),
  };
}
