// The offer map (spec 001 §2 "Offer map", §3 "Offer map record"; issue 23 part 4): a listing's possible
// counterparties summed per state and per the caller's source for their distilleries, one marker each.
import { z } from 'zod';
import { idField } from '../common/numbers.js';
import { COMPANY_TYPES } from '../companies/companies.constants.js';
import { RATING_SOURCES } from '../ratings/ratings.constants.js';

/** getOfferMap: one of the caller's listings (another company's is not found). */
export const offerMapQuerySchema = z.object({ offer_id: idField() });

/**
 * One marker: the open counterparty listings of one state whose distilleries carry one source for the caller.
 * `offer_price` is the best of them (the lowest offer for a buyer, the highest ask for a seller); the ratings are the
 * mean over those distilleries of the caller's latest rating and of the industry rating (one decimal; null when none).
 */
export const offerMapRecordSchema = z.object({
  state: z.string(),
  source: z.enum(RATING_SOURCES),
  available_quantity: z.string(),
  offer_price: z.string(),
  your_rating: z.number().nullable(),
  industry_rating: z.number().nullable(),
  /** The counterparties' company type (Seller for a buyer's map, Buyer for a seller's). */
  company_type: z.enum(COMPANY_TYPES),
  listings: z.number(),
  distilleries: z.number(),
});
export type OfferMapRecord = z.infer<typeof offerMapRecordSchema>;

/** Every record of the listing, by state then source; a map shows them all (at most states × sources). */
export const offerMapResultSchema = z.object({ records: z.array(offerMapRecordSchema) });
export type OfferMapResult = z.infer<typeof offerMapResultSchema>;
