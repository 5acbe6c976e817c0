// Bids: the bodies of the bid calls and the records they answer (spec 001 §3, §7; DESIGN.md §4 "Bids").
import { z } from 'zod';
import { captchaField } from '../auth/auth.schemas.js';
import { COMPANY_TYPES } from '../companies/companies.constants.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { amountField, idField, optionalIdField, wholeNumberField } from '../common/numbers.js';
import { MESSAGES, optionalText, requiredText } from '../common/validators.js';
import { FEE_FIELDS, LIMITS } from '../listings/listings.constants.js';
import { RATING_SOURCES, priceField, quantityField } from '../listings/listings.schemas.js';
import {
  BID_MESSAGES,
  BID_SIDES,
  BID_STATUSES,
  BID_TIERS,
  FLAG_KEYS,
  STEP_UP,
  TIER_LABELS,
  TIER_OF_ROLE_WORD,
  USER_BID_ACTIONS,
  type FlagKey,
} from './bids.constants.js';

const ZONE = /(Z|[+-][0-9]{2}:[0-9]{2})$/i;
/**
 * `valid_until` as an ISO date-time. The spec sends a local date-time: one without a zone is read in India's time
 * (+05:30), never in the server's. Whether it is in the future and within 48 hours is `validUntilRefusal`.
 */
export const validUntilField = () =>
  requiredText()
    .pipe(z.iso.datetime({ local: true, offset: true, error: BID_MESSAGES.validityFormat }))
    .transform((v) => new Date(ZONE.test(v) ? v : `${v}+05:30`))
    .refine((d) => !Number.isNaN(d.getTime()), BID_MESSAGES.validityFormat);

/** The bid form's optional fees (₹ per litre; `sales_tax` in percent), as on the listings. */
const feeFields = Object.fromEntries(
  FEE_FIELDS.map((f) => [
    f,
    amountField({ max: f === 'sales_tax' ? LIMITS.percent : LIMITS.fee, decimals: 2 }).optional(),
  ]),
) as Record<(typeof FEE_FIELDS)[number], z.ZodOptional<ReturnType<typeof amountField>>>;

/** The `version` of the bid the client saw; a stale one is refused with `bid.stale` and changes nothing. */
const versionField = () => wholeNumberField().pipe(z.number().min(0, 'Must not be negative'));

const terms = {
  quantity: quantityField(),
  price: priceField(),
  valid_until: validUntilField(),
  ...feeFields,
  comment: optionalText(1000),
  is_bid_confidential: z.boolean().optional(),
};

/**
 * createBid: the placer's own listing (`my_offer_id`) and the counterparty's (`offer_id` or `ask_id`, the one that
 * is not `my_offer_id`). The company ids are accepted as the spec sends them and never trusted.
 */
export const createBidSchema = z
  .object({
    ...terms,
    my_offer_id: idField(),
    offer_id: optionalIdField(),
    ask_id: optionalIdField(),
    seller_company_id: optionalIdField(),
    buyer_company_id: optionalIdField(),
    captcha: captchaField,
  })
  .transform((v, ctx) => {
    const others = new Set([v.offer_id, v.ask_id].filter((id): id is number => !!id && id !== v.my_offer_id));
    if (others.size !== 1) {
      ctx.addIssue({ code: 'custom', path: ['offer_id'], message: BID_MESSAGES.chooseListing });
      return z.NEVER;
    }
    return { ...v, counterparty_listing_id: [...others][0]! };
  });
export type CreateBidInput = z.input<typeof createBidSchema>;
export type CreateBid = z.output<typeof createBidSchema>;

/** negotiateBid: a counter with new terms and a new validity. */
export const negotiateBidSchema = z.object({
  ...terms,
  bid_id: idField(),
  my_offer_id: optionalIdField(),
  version: versionField(),
  captcha: captchaField,
});
export type NegotiateBidInput = z.input<typeof negotiateBidSchema>;
export type NegotiateBid = z.output<typeof negotiateBidSchema>;

/**
 * bidAction: `is_approved` true accepts (a Negotiator) or approves (Authorizer, Approver); false rejects, with a
 * comment. `user_id`, `company_type` and `user_role` are accepted as the spec sends them; the tier comes from the
 * session and the mappings.
 */
export const bidActionSchema = z
  .object({
    bid_id: idField(),
    is_approved: z.boolean({ error: MESSAGES.required }),
    comment: optionalText(1000),
    version: versionField(),
    my_offer_id: optionalIdField(),
    user_id: optionalIdField(),
    company_type: z.enum(COMPANY_TYPES).optional(),
    user_role: z.enum(Object.keys(TIER_OF_ROLE_WORD) as [keyof typeof TIER_OF_ROLE_WORD]).optional(),
  })
  .refine((v) => v.is_approved || v.comment.length > 0, { path: ['comment'], message: BID_MESSAGES.commentRequired });
export type BidActionInput = z.input<typeof bidActionSchema>;
export type BidActionBody = z.output<typeof bidActionSchema>;

const names = z.array(z.string().trim().max(100)).max(50);
/**
 * getAllBids: a listing's bids (`offer_id`), by status (`bid_status`), the caller's tracked bids (`is_tracked_bid`,
 * as the approved list sends it), the My Bids filters, and the bids awaiting the caller's tier (`awaiting_me`, the
 * Pending Authorisation and Pending Approval tabs).
 */
export const getAllBidsSchema = listQuerySchema.extend({
  offer_id: optionalIdField(),
  bid_status: z.enum(BID_STATUSES).optional(),
  is_tracked_bid: z.boolean().optional(),
  awaiting_me: z.boolean().optional(),
  type_of_spirits: names.optional(),
  states: names.optional(),
});
export type GetAllBidsInput = z.input<typeof getAllBidsSchema>;

export const getBidByIdSchema = z.object({ bid_id: idField() });
export type GetBidByIdInput = z.input<typeof getBidByIdSchema>;

/** generateUserOTP: mails a code to the signed-in user; the body is empty. */
export const generateUserOTPSchema = z.object({});
export const generateUserOTPResultSchema = z.object({
  /** Seconds until another code may be asked for (the button's countdown). */
  resend_after_seconds: z.number(),
  expires_in_seconds: z.number(),
});
/** verifyOTP: opens the approval window of the caller's session. */
export const verifyOTPSchema = z.object({
  otp: requiredText(MESSAGES.otpRequired).pipe(
    z.string().regex(new RegExp(`^[0-9]{${STEP_UP.codeLength}}$`), BID_MESSAGES.otpFormat),
  ),
});
export type VerifyOTPInput = z.input<typeof verifyOTPSchema>;
export const verifyOTPResultSchema = z.object({ approval_window_until: z.string() });

// Records. Amounts are decimal strings, moments ISO strings; a flag is null (pending) or true (approved).
const amount = z.string();
const flagFields = Object.fromEntries(FLAG_KEYS.map((k) => [k, z.literal(true).nullable()])) as Record<
  FlagKey,
  z.ZodNullable<z.ZodLiteral<true>>
>;
const feeValues = Object.fromEntries(FEE_FIELDS.map((f) => [f, amount.nullable()])) as Record<
  (typeof FEE_FIELDS)[number],
  z.ZodNullable<z.ZodString>
>;

/** A negotiation history entry (DESIGN.md §4): every transition writes one. */
export const bidHistoryEntrySchema = z.object({
  company_type: z.enum(COMPANY_TYPES),
  /** Who acted; null for the clock (a lapse). */
  user: z.string().nullable(),
  role: z.enum(Object.values(TIER_LABELS) as [string, ...string[]]).nullable(),
  quantity: amount,
  price: amount,
  valid_until: z.string(),
  /** `New`, `OnGoing`, `Accepted`, `Authorizer: Approved`, `Negotiator: Rejected`, `Lapsed`, … (HISTORY_STATUS). */
  status: z.string(),
  comment: z.string().nullable(),
  created_on: z.string(),
});
export type BidHistoryEntry = z.infer<typeof bidHistoryEntrySchema>;

/** A bid in a list (spec 001 §3 "Bid list record"). Counterparty names are masked until the bid is Approved. */
export const bidListRecordSchema = z.object({
  id: z.number(),
  version: z.number(),
  /** Effective: an open bid past `valid_until` reads Lapsed before the sweep runs. */
  status: z.enum(BID_STATUSES),
  is_bid_lapsed: z.boolean(),
  is_deal_locked: z.boolean(),
  is_bid_confidential: z.boolean(),
  product: z.string(),
  state: z.string(),
  quantity: amount,
  price: amount,
  valid_until: z.string(),
  offer_id: z.number(),
  ask_id: z.number(),
  offer_available_quantity: amount,
  ask_available_quantity: amount,
  bid_placed_by: z.enum(COMPANY_TYPES),
  buyer_company_name: z.string(),
  seller_company_name: z.string(),
  source: z.enum(RATING_SOURCES),
  your_rating: z.number().nullable(),
  industry_rating: z.number().nullable(),
  trade_reference_number: z.string().nullable(),
  ...flagFields,
  created_on: z.string(),
  modified_on: z.string(),
});
export type BidListRecord = z.infer<typeof bidListRecordSchema>;
export const getAllBidsResultSchema = listResultSchema(bidListRecordSchema);

/** The caller's place in a bid: the side and tier the mappings give them, null when they hold none. */
export const bidActorSchema = z.object({ side: z.enum(BID_SIDES), tier: z.enum(BID_TIERS) }).nullable();

/** getBidById (spec 001 §3 "Bid detail"): the goods go from the seller's distillery to the buyer's. */
export const bidDetailSchema = bidListRecordSchema.extend({
  ...feeValues,
  /** The rejection comment (that of the first rejected history entry), null when not rejected. */
  comment: z.string().nullable(),
  buyer_company_id: z.number(),
  seller_company_id: z.number(),
  buyer_company_state: z.string(),
  seller_company_state: z.string(),
  from_distillery_id: z.number(),
  to_distillery_id: z.number(),
  from_distillery_name: z.string(),
  to_distillery_name: z.string(),
  negotiations: z.array(bidHistoryEntrySchema),
  actor: bidActorSchema,
  /** What the caller may do now (`allowedActions`), so a screen need not recompute it. */
  allowed_actions: z.array(z.enum(USER_BID_ACTIONS)),
});
export type BidDetail = z.infer<typeof bidDetailSchema>;
