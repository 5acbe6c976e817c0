import type { RatingSource } from '@spirit/domain/ratings/ratings.constants';
import type { RatingRowInput } from '@spirit/domain/ratings/ratings.schemas';

/** A row of the review table: the ids reviewDistillery takes and the names the table shows. */
export type ReviewRow = {
  key: number;
  from_company_id: number;
  from_company_name: string;
  from_distillery_id: number;
  from_distillery_name: string;
  company_id: number;
  to_company_name: string;
  to_distillery_id: number;
  to_distillery_name: string;
  source: RatingSource;
  rating: number;
};

/** The call's row. The rating company goes for the SuperAdmin too (a company Admin's is its own). */
export const toRatingRow = (row: ReviewRow): RatingRowInput => ({
  rating: row.rating,
  source: row.source,
  company_id: row.company_id,
  from_company_id: row.from_company_id,
  from_distillery_id: row.from_distillery_id,
  to_distillery_id: row.to_distillery_id,
});
