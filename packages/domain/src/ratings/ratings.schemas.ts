// reviewDistillery, exportRating and a trade's own review (spec 001 §3 "Rating row", §7 calls).
import { z } from 'zod';
import { COMPANY_TYPES } from '../companies/companies.constants.js';
import { idField, optionalIdField } from '../common/numbers.js';
import { MAX_REVIEW_ROWS, RATING_MAX, RATING_MESSAGES, RATING_MIN, RATING_SOURCES } from './ratings.constants.js';

/** Whole stars only: a JSON number 1–5 (a fractional or string rating is refused, not rounded). */
export const ratingField = z
  .number({ error: RATING_MESSAGES.rating })
  .int(RATING_MESSAGES.rating)
  .min(RATING_MIN, RATING_MESSAGES.rating)
  .max(RATING_MAX, RATING_MESSAGES.rating);

export const sourceField = z.enum(RATING_SOURCES, { error: RATING_MESSAGES.source });

/**
 * One row of the review table (spec 001 §3 "Rating row"). `company_id` is the rated company, `from_company_id` the
 * rating one: the server takes it from the session for a company user (a different one is refused) and needs it
 * from the SuperAdmin. A trade's row carries `bid_id`; its distilleries are the trade's.
 */
export const ratingRowSchema = z.object({
  bid_id: optionalIdField(),
  rating: ratingField,
  source: sourceField,
  company_id: optionalIdField(),
  from_company_id: optionalIdField(),
  to_distillery_id: idField(),
  from_distillery_id: optionalIdField(),
});
export type RatingRowInput = z.input<typeof ratingRowSchema>;
export type RatingRowForm = z.output<typeof ratingRowSchema>;

export const reviewDistillerySchema = z.object({
  rating_details: z
    .array(ratingRowSchema, { error: RATING_MESSAGES.noRows })
    .min(1, RATING_MESSAGES.noRows)
    .max(MAX_REVIEW_ROWS, RATING_MESSAGES.tooManyRows),
});
export type ReviewDistilleryInput = z.input<typeof reviewDistillerySchema>;

/** What was stored: one id per row, in the order sent. */
export const reviewResultSchema = z.object({ ids: z.array(z.number()) });

/** getDistillNameByCompanyId: the distilleries of a company, for the ratings form. */
export const distilleryNamesQuerySchema = z.object({ company_id: idField() });
export const idNameListSchema = z.array(z.object({ id: z.number(), name: z.string() }));

/** exportRating: the spreadsheet, downloadable through getFile. */
export const exportRatingResultSchema = z.object({
  downloadUrl: z.string(),
  file_url: z.string(),
  file_name: z.string(),
  rows: z.number(),
});
export type ExportRatingResult = z.infer<typeof exportRatingResultSchema>;

/** getBidRating: the caller's side's latest review of an Approved trade, null before the first. */
export const bidRatingQuerySchema = z.object({ bid_id: idField() });
export const bidRatingSchema = z
  .object({
    id: z.number(),
    bid_id: z.number(),
    rating: z.number(),
    source: z.enum(RATING_SOURCES),
    from_company_type: z.enum(COMPANY_TYPES),
    to_distillery_id: z.number(),
    created_on: z.string(),
  })
  .nullable();
export type BidRating = z.infer<typeof bidRatingSchema>;
