// Rating queries: the facts a review is checked against (in one statement per kind, not per row), the rows
// themselves, a trade's latest review, the export's rows, and the rating columns every list shows.
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { bids } from '../bids/bids.table.js';
import { companies, shownName } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { listings } from '../listings/listings.table.js';
import { users } from '../users/users.table.js';
import { distilleryRatings, ratings } from './ratings.table.js';

export type RatingInsert = typeof ratings.$inferInsert;

/**
 * Your latest review of `distillery` as one text, the stars' digit then the source ('4Approved'), or null: your rating
 * and your source are one row of `ratings_to_from_idx` (to_distillery_id, from_company_id, created_at desc, id desc),
 * so one probe reads both (two subqueries probed the same entry twice a row).
 */
export const yourReviewText = (distillery: SQLWrapper, company: SQLWrapper) =>
  sql<string | null>`(select r.rating::text || r.source from ratings r where r.to_distillery_id = ${distillery}
      and r.from_company_id = ${company} order by r.created_at desc, r.id desc limit 1)`;

/** Your latest review of a distillery: its stars and source. */
export type YourReview = { rating: number; source: string } | null;

/** A `yourReviewText` read back (a rating is one digit, 1–5: `ratings_rating_check`). */
export const asYourReview = (v: string | null): YourReview =>
  v === null ? null : { rating: Number(v.charAt(0)), source: v.slice(1) };

/** The industry rating of `distillery` (one decimal, as text): its kept row's primary-key probe. */
export const industryRatingText = (distillery: SQLWrapper) =>
  sql<string | null>`(select round(dr.rating, 1)::text from ${distilleryRatings} dr
    where dr.to_distillery_id = ${distillery})`;

/**
 * Your review and the industry rating of `distillery` for `company`, as correlated subqueries. Yours is the first
 * entry of your (distillery, company) range of the ratings index (`yourReviewText`). The industry's — the mean of every
 * rating company's latest — is kept per distillery (`distillery_ratings`, by the trigger of migration 0031): one
 * primary-key probe, where working it out walked the distillery's ratings once per rating company for every row of
 * every list (half of a page's database time).
 */
export function ratingColumns(distillery: SQLWrapper, company: SQLWrapper) {
  return {
    your_review: sql<YourReview>`${yourReviewText(distillery, company)}`.mapWith(asYourReview),
    industry_rating: industryRatingText(distillery),
  };
}

/** Distilleries with their company's type and status. */
export async function distilleryFacts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: distilleries.id,
      company_id: distilleries.company_id,
      company_type: companies.type,
      company_status: companies.status,
    })
    .from(distilleries)
    .innerJoin(companies, eq(companies.id, distilleries.company_id))
    .where(inArray(distilleries.id, ids));
}
export type DistilleryFacts = Awaited<ReturnType<typeof distilleryFacts>>[number];

export async function companyFacts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: companies.id, type: companies.type, status: companies.status })
    .from(companies)
    .where(inArray(companies.id, ids));
}
export type CompanyFacts = Awaited<ReturnType<typeof companyFacts>>[number];

const offer = alias(listings, 'offer');
const ask = alias(listings, 'ask');

/** Bids with their parties and each side's distillery (the seller's is the offer's, the buyer's the ask's). */
export async function tradeFacts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: bids.id,
      status: bids.status,
      seller_company_id: bids.seller_company_id,
      buyer_company_id: bids.buyer_company_id,
      seller_distillery_id: offer.distillery_id,
      buyer_distillery_id: ask.distillery_id,
    })
    .from(bids)
    .innerJoin(offer, eq(offer.id, bids.offer_id))
    .innerJoin(ask, eq(ask.id, bids.ask_id))
    .where(inArray(bids.id, ids));
}
export type TradeFacts = Awaited<ReturnType<typeof tradeFacts>>[number];

export async function insertRatings(tx: Tx, rows: RatingInsert[]) {
  return tx.insert(ratings).values(rows).returning({ id: ratings.id });
}

/** A company's latest review of a trade. */
export async function latestTradeRating(tx: Tx, bidId: number, companyId: number) {
  const rows = await tx
    .select()
    .from(ratings)
    .where(and(eq(ratings.bid_id, bidId), eq(ratings.from_company_id, companyId)))
    .orderBy(desc(ratings.id))
    .limit(1);
  return rows[0] ?? null;
}

const fromCompany = alias(companies, 'from_company');
const toCompany = alias(companies, 'to_company');
const fromDistillery = alias(distilleries, 'from_distillery');
const toDistillery = alias(distilleries, 'to_distillery');

/** The rows of an export, newest first: the ratings `companyId` gave, or every rating (null). */
export async function exportRows(tx: Tx, companyId: number | null, limit: number) {
  return tx
    .select({
      id: ratings.id,
      created_at: ratings.created_at,
      from_company: shownName(fromCompany),
      from_company_type: fromCompany.type,
      from_distillery: fromDistillery.name,
      to_company: shownName(toCompany),
      to_distillery: toDistillery.name,
      rating: ratings.rating,
      source: ratings.source,
      trade_reference: bids.trade_reference,
      entered_by: users.name,
      entered_by_super_admin: users.is_super_admin,
    })
    .from(ratings)
    .innerJoin(fromCompany, eq(fromCompany.id, ratings.from_company_id))
    .innerJoin(toCompany, eq(toCompany.id, ratings.to_company_id))
    .innerJoin(toDistillery, eq(toDistillery.id, ratings.to_distillery_id))
    .leftJoin(fromDistillery, eq(fromDistillery.id, ratings.from_distillery_id))
    .leftJoin(bids, eq(bids.id, ratings.bid_id))
    .leftJoin(users, eq(users.id, ratings.entered_by_user_id))
    .where(companyId === null ? undefined : eq(ratings.from_company_id, companyId))
    .orderBy(desc(ratings.id))
    .limit(limit);
}
export type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];
