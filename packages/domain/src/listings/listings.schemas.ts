// Offers and asks: the forms, the lists and the records (spec 001 §2, §3, §5, §7; DESIGN.md §4 "Listings").
import { z } from 'zod';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { amountField, idField, optionalIdField, wholeNumberField } from '../common/numbers.js';
import { MESSAGES, requiredText } from '../common/validators.js';
import { LIMITS, LISTING_MESSAGES, LISTING_SIDES, LISTING_STATUSES, type ListingSide } from './listings.constants.js';
import { PERIOD_PATTERN } from './listings.rules.js';
import { RATING_SOURCES } from '../ratings/ratings.constants.js';

/** A month, `YYYY-MM`. */
export const periodField = () => requiredText().pipe(z.string().regex(PERIOD_PATTERN, LISTING_MESSAGES.invalidDate));

/** A required id: missing or blank is '*required', anything else must be a real id. */
const requiredId = () =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), idField().optional())
    .refine((v) => v !== undefined, MESSAGES.required)
    .transform((v) => v as number);

/** Litres, one decimal, more than zero. */
export const quantityField = () =>
  amountField({ max: LIMITS.quantity, decimals: 1 }).refine((n) => n > 0, LISTING_MESSAGES.positive);
/** ₹ per litre, two decimals, more than zero. */
export const priceField = () =>
  amountField({ max: LIMITS.price, decimals: 2 }).refine((n) => n > 0, LISTING_MESSAGES.positive);
const feeField = () => amountField({ max: LIMITS.fee, decimals: 2 });
const percentField = () => amountField({ max: LIMITS.percent, decimals: 2 });

const baseFields = {
  from_period: periodField(),
  to_period: periodField(),
  state: requiredText().pipe(z.string().max(100)),
  distillery_id: requiredId(),
  product: requiredText().pipe(z.string().max(100)),
  offer_quantity: quantityField(),
  offer_price: priceField(),
  /** Optional: which side the client means; refused when it is not the company's side. */
  type: z.enum(['offer', 'ask']).optional(),
};
const offerFees = { export_pass_fee: feeField(), sales_tax: percentField() };
const askFees = {
  import_pass_fee: feeField(),
  transit_permit_fee: feeField(),
  escort_fee: feeField(),
  corporation_fee: feeField(),
  misc_handling: feeField(),
  transportation: feeField(),
};

type Periods = { from_period: string; to_period: string };
/** From Period must not be later than To Period (spec 001 §5), on both sides of the wire. */
function checkPeriods(v: Periods, ctx: z.RefinementCtx<Periods>) {
  if (PERIOD_PATTERN.test(v.from_period) && PERIOD_PATTERN.test(v.to_period) && v.from_period > v.to_period) {
    ctx.addIssue({ code: 'custom', path: ['from_period'], message: LISTING_MESSAGES.dateRange });
  }
}

/** The New Offer form (/additem): every field required. */
export const offerFormSchema = z.object({ ...baseFields, ...offerFees }).superRefine(checkPeriods);
/** The New Ask form (/askcreate): every field required. */
export const askFormSchema = z.object({ ...baseFields, ...askFees }).superRefine(checkPeriods);
export type OfferFormInput = z.input<typeof offerFormSchema>;
export type AskFormInput = z.input<typeof askFormSchema>;
export type OfferForm = z.output<typeof offerFormSchema>;
export type AskForm = z.output<typeof askFormSchema>;
/** A validated form of either side; the fees of the other side are absent. */
export type ListingForm = Omit<OfferForm, keyof typeof offerFees> & Partial<OfferForm & AskForm>;

export const listingFormSchemaOf = (side: ListingSide) => (side === 'Offer' ? offerFormSchema : askFormSchema);

const optionalFees = Object.fromEntries(
  Object.entries({ ...offerFees, ...askFees }).map(([k, v]) => [k, v.optional()]),
) as { [K in keyof typeof offerFees | keyof typeof askFees]: z.ZodOptional<ReturnType<typeof feeField>> };

/**
 * The body of createOffer: one call for both sides (spec 001 §7). The server reads it again with the caller's
 * side's schema (`listingFormSchemaOf`), so a side's fees are required there; identity fields (`company_id`) are
 * ignored.
 */
export const createOfferSchema = z.object({ ...baseFields, ...optionalFees }).superRefine(checkPeriods);
/** updateInventory: the same form, the listing's id and, optionally, the `version` the client loaded. */
export const updateInventorySchema = z
  .object({
    ...baseFields,
    ...optionalFees,
    id: idField(),
    version: wholeNumberField().optional(),
  })
  .superRefine(checkPeriods);

const amount = z.string();
const feeValues = {
  export_pass_fee: amount.nullable(),
  sales_tax: amount.nullable(),
  import_pass_fee: amount.nullable(),
  transit_permit_fee: amount.nullable(),
  escort_fee: amount.nullable(),
  corporation_fee: amount.nullable(),
  misc_handling: amount.nullable(),
  transportation: amount.nullable(),
};

/** A listing of the caller's company (Offers / Asks list, My Orders). Amounts are decimal strings. */
export const listingSchema = z.object({
  id: z.number(),
  side: z.enum(LISTING_SIDES),
  status: z.enum(LISTING_STATUSES),
  /** Open: status Open, the company approved, To Period not passed, quantity left. */
  is_open: z.boolean(),
  from_period: z.string(),
  to_period: z.string(),
  state: z.string(),
  product: z.string(),
  distillery_id: z.number(),
  distillery_name: z.string(),
  offer_quantity: amount,
  available_quantity: amount,
  offer_price: amount,
  ...feeValues,
  total_open_bids: z.number(),
  created_on: z.string(),
  modified_on: z.string(),
  version: z.number(),
});
export type Listing = z.infer<typeof listingSchema>;

export const LISTING_SORTS = ['modified_on', 'from_period', 'state', 'product', 'offer_price'] as const;
/** getAllOffers: without `sort_by`, newest change first; with it, `sort_order` applies. */
export const offerListSchema = listQuerySchema.extend({ sort_by: z.enum(LISTING_SORTS).optional() });
/** A row of getAllOffers: the listing, and whether the caller negotiates for its distillery (places its bids). */
export const ownListingSchema = listingSchema.extend({ can_edit: z.boolean() });
export type OwnListing = z.infer<typeof ownListingSchema>;
export const offerListResultSchema = listResultSchema(ownListingSchema);

/** Market figures for a product (DESIGN.md §4): counterparty side's listings, bids (none until bids exist). */
export const marketStatsSchema = z.object({
  avg_bid_price: amount.nullable(),
  avg_offer_price: amount.nullable(),
  last_bid_price: amount.nullable(),
  last_offer_price: amount.nullable(),
});
export type MarketStats = z.infer<typeof marketStatsSchema>;
export const marketStatsQuerySchema = z.object({ product: requiredText().pipe(z.string().max(100)) });

/** getOfferById: `id` or the spec's `offer_id`. */
export const offerByIdSchema = z
  .object({ id: idField().optional(), offer_id: idField().optional() })
  .refine((v) => v.id !== undefined || v.offer_id !== undefined, { path: ['id'], message: MESSAGES.required })
  .transform((v) => ({ id: (v.id ?? v.offer_id)! }));
export const offerDetailSchema = listingSchema.extend({
  ...marketStatsSchema.shape,
  /** The caller negotiates for the listing's distillery: may edit it. */
  can_edit: z.boolean(),
});
export type OfferDetail = z.infer<typeof offerDetailSchema>;

/** The final (landed) price's parts, ₹ per litre (spec 001 §5). */
export const landedBreakdownSchema = z.object({
  price: amount,
  sales_tax: amount,
  sales_tax_amount: amount,
  import_pass_fee: amount,
  escort_fee: amount,
  transit_permit_fee: amount,
  corporation_fee: amount,
  misc_handling: amount,
  transportation: amount,
  export_pass_fee: amount,
  total: amount,
});
export type LandedBreakdown = z.infer<typeof landedBreakdownSchema>;

// The sources live with the ratings; lists of listings and bids show them.
export { RATING_SOURCES };
export const POSSIBLE_SORTS = ['landed_price', 'offer_price'] as const;
/**
 * getAllPossibleOffer: the counterparties of one of the caller's listings. Without `sort_by`: a buyer sees the
 * lowest landed price first, a seller the highest asked price (DESIGN.md §4).
 */
export const possibleQuerySchema = listQuerySchema.extend({
  offer_id: idField(),
  sort_by: z.enum(POSSIBLE_SORTS).optional(),
});
export const possibleRecordSchema = z.object({
  id: z.number(),
  side: z.enum(LISTING_SIDES),
  from_period: z.string(),
  to_period: z.string(),
  state: z.string(),
  product: z.string(),
  available_quantity: amount,
  offer_price: amount,
  source: z.enum(RATING_SOURCES),
  your_rating: z.number().nullable(),
  industry_rating: z.number().nullable(),
  /** What a litre comes to delivered, for the caller's side of this possible trade. */
  landed_price: amount,
  landed: landedBreakdownSchema,
  /** The open bid between the caller's listing and this one (theirs to open instead of placing another), or null. */
  open_bid_id: z.number().nullable(),
});
export type PossibleRecord = z.infer<typeof possibleRecordSchema>;
export const possibleListResultSchema = listResultSchema(possibleRecordSchema);

const names = z.array(z.string().trim().max(100)).max(50);
/** getAllInventory: the market, the counterparty side's open listings of other companies. */
export const inventoryQuerySchema = listQuerySchema.extend({
  type_of_spirits: names.optional(),
  state_names: names.optional(),
});
export const inventoryItemSchema = z.object({
  id: z.number(),
  side: z.enum(LISTING_SIDES),
  /** Masked (`****` + last two characters) unless it is the caller's own company. */
  company: z.object({ name: z.string() }),
  type_of_spirit: z.string(),
  state: z.string(),
  state_name: z.string(),
  from_period: z.string(),
  to_period: z.string(),
  quantity_available: amount,
  price_per_liter: amount,
  created_on: z.string(),
});
/** A row of the market: the item, and the caller's company's open bid on it (the newest), or null. */
export const marketItemSchema = inventoryItemSchema.extend({ open_bid_id: z.number().nullable() });
export const inventoryListResultSchema = listResultSchema(marketItemSchema);
/** getInventorybyId; the spec's `seller_company_id` / `buyer_company_id` are accepted and ignored. */
export const inventoryByIdSchema = z.object({
  id: idField(),
  seller_company_id: optionalIdField(),
  buyer_company_id: optionalIdField(),
});
export const inventoryDetailSchema = inventoryItemSchema.extend({
  ...feeValues,
  average_price: amount.nullable(),
  last_traded_price: amount.nullable(),
  is_deal_locked: z.boolean(),
  is_own: z.boolean(),
  can_edit: z.boolean(),
  /** Bids on the item: filled by the bids issue. */
  orders: z.array(z.unknown()),
});

/** getSpiritsAvailableStates: the company's products → states where the caller negotiates for a distillery. */
export const spiritsAvailableStatesQuerySchema = z.object({ get_company_spirits: z.boolean().optional() });
export const spiritsAvailableStatesSchema = z.record(z.string(), z.array(z.string()));

/** latestNegotiation: the ticker, newest first. */
export const tickerQuerySchema = z.object({ product: z.string().trim().max(100).optional() });
export const tickerEntrySchema = z.object({
  state: z.string(),
  product: z.string(),
  price: amount,
  quantity: amount,
  type: z.enum(['buyer', 'seller']),
  created_on: z.string(),
});
export const tickerSchema = z.array(tickerEntrySchema);

/** generateExcel: the template of a side, stored as a file of the caller's company. */
export const generateExcelSchema = z.object({ type: z.enum(['offer', 'ask'], { error: MESSAGES.required }) });
export const generateExcelResultSchema = z.object({ file_url: z.string(), file_name: z.string() });
/** uploadCSV: `s3_url` is the `file_url` uploadFile answered (purpose=bulk). */
export const uploadCsvSchema = z.object({ s3_url: requiredText().pipe(z.string().max(500)) });
export const uploadCsvResultSchema = z.object({ created: z.number(), ids: z.array(z.number()) });
