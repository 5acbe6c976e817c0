// Pure rating rules: the bands the spec shows, the industry mean, and who may rate whom.
import type { CompanyType } from '../companies/companies.constants.js';
import { RATING_MESSAGES, type RatingBand, type RatingSource } from './ratings.constants.js';

/** Spec 001 §9: up to 2 is low, up to 3 is medium, above that is high. */
export function ratingBand(rating: number): RatingBand {
  if (rating <= 2) return 'low';
  if (rating <= 3) return 'medium';
  return 'high';
}

/** The industry rating: the mean of each company's latest rating, to one decimal; null when nobody rated. */
export function industryMean(latest: readonly number[]): number | null {
  if (latest.length === 0) return null;
  // Whole-star sums stay exact; rounding half up at one decimal as PostgreSQL's round(numeric, 1) does.
  const sum = latest.reduce((a, b) => a + b, 0);
  return Math.round((sum * 10) / latest.length + Number.EPSILON) / 10;
}

export type RatingRow = {
  from_company_id: number;
  rating: number;
  source: RatingSource;
  created_at: string;
  id: number;
};

/**
 * Your rating, the industry rating and the source of one distillery from its rating rows (DESIGN.md §4): your
 * company's latest row, the mean of every company's latest, and your latest source, New when none. The server
 * computes the same in SQL; this is its definition.
 */
export function ratingsOf(rows: readonly RatingRow[], myCompanyId: number) {
  const latest = new Map<number, RatingRow>();
  for (const row of rows) {
    const known = latest.get(row.from_company_id);
    if (!known || isLater(row, known)) latest.set(row.from_company_id, row);
  }
  const mine = latest.get(myCompanyId) ?? null;
  return {
    your_rating: mine?.rating ?? null,
    source: mine?.source ?? ('New' as RatingSource),
    industry_rating: industryMean([...latest.values()].map((r) => r.rating)),
  };
}

const isLater = (a: RatingRow, b: RatingRow) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

type Party = { id: number; type: CompanyType };

/**
 * Why `from` may not rate a distillery of `to`, or null: never one's own company, only the opposite type (a Buyer
 * rates its sellers' distilleries, a Seller its buyers').
 */
export function ratingRefusal(from: Party, to: Party): string | null {
  if (from.id === to.id) return RATING_MESSAGES.ownCompany;
  if (from.type === to.type) return RATING_MESSAGES.sameType;
  return null;
}

/** The company type a company of `type` rates. */
export const ratedType = (type: CompanyType): CompanyType => (type === 'Buyer' ? 'Seller' : 'Buyer');

type Viewer = { superAdmin: boolean; companyId: number | null; type: CompanyType | null };

/**
 * Whose distilleries a ratings form may list: the SuperAdmin any company's; a company Admin its own company's and
 * those of an Approved company of the opposite type.
 */
export function mayListForRating(viewer: Viewer, target: { id: number; type: CompanyType; status: string }): boolean {
  if (viewer.superAdmin) return true;
  if (target.id === viewer.companyId) return true;
  return target.status === 'Approved' && viewer.type !== null && target.type === ratedType(viewer.type);
}
