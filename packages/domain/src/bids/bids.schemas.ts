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
  BID_SORTS,
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
 * (+05:30), never in the server's. Whether it stands for one of the offered validities is `validityOf`.
 */
export const validUntilField = () =>
  requiredText()
    .pipe(z.iso.datetime({ local: true, offset: true, error: BID_MESSAGES.validityFormat }))
    .transform((v) => new Date(ZONE.test(v) ? v : `${v}+05:30`))
    .refine((d) => !Number.isNaN(d.getTime()), BID_MESSAGES.validityFormat);

/** The bid form's optional fees (₹ per litre; `sales_tax` in percent), as on the listings. */
export const feeFields = Object.fromEntries(
  FEE_FIELDS.map((f) => [
    f,
    amountField({ max: f === 'sales_tax' ? LIMITS.percent : LIMITS.fee, decimals: 2 }).optional(),
  ]),
) as Record<(typeof FEE_FIELDS)[number], z.ZodOptional<ReturnType<typeof amountField>>>;

/** The `version` of the bid the client saw; a stale one is refused with `bid.stale` and changes nothing. */
export const versionField = () => wholeNumberField().pipe(z.number().min(0, 'Must not be negative'));

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

/**
 * negotiateBid: a counter with new terms. `valid_until` is a new validity (one of the offered choices); left out,
 * the bid keeps the deadline it has, so a counter on price alone never shortens it (issue 21, item 2).
 */
export const negotiateBidSchema = z.object({
  ...terms,
  valid_until: validUntilField().optional(),
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

/** A list filter's names (spirits, states). */
export const filterNames = z.array(z.string().trim().max(100)).max(50);
/**
 * getAllBids: a listing's bids (`offer_id`), by status (`bid_status`), the caller's tracked bids (`is_tracked_bid`,
 * as the approved list sends it: rows without ratings or the listings' live figures), the My Bids filters, and the bids awaiting the caller's tiers
 * (`awaiting_me`), narrowed to one tier by `awaiting_tier` (the Pending Authorisation and Pending Approval tabs: a
 * user may be Authorizer on one distillery and Approver on another).
 */
export const getAllBidsSchema = listQuerySchema
  .extend({
    offer_id: optionalIdField(),
    /** The market's current bids (Bids List): every company's open, non-confidential bids, names masked. */
    is_market: z.boolean().optional(),
    bid_status: z.enum(BID_STATUSES).optional(),
    /**
     * The tracked trades, as Approved Bids asks for them: rows without the rating columns and the listings' live
     * quantities and prices, which it does not show.
     */
    is_tracked_bid: z.boolean().optional(),
    awaiting_me: z.boolean().optional(),
    awaiting_tier: z.enum(BID_TIERS, { error: BID_MESSAGES.awaitingTier }).optional(),
    type_of_spirits: filterNames.optional(),
    states: filterNames.optional(),
    /**
     * `modified_on`: the order of the last change, `sort_order` its direction; without it, newest change first. An
     * approved trade changes no more after its approval (a sale order leaves it be), so on the Approved Bids list
     * this is the order of approval.
     */
    sort_by: z.enum(BID_SORTS).optional(),
  })
  // Alone it would read as "every bid": refused, so a client that forgot `awaiting_me` learns it.
  .refine((v) => !v.awaiting_tier || v.awaiting_me === true, {
    path: ['awaiting_tier'],
    message: BID_MESSAGES.awaitingTierAlone,
  });
export type GetAllBidsInput = z.input<typeof getAllBidsSchema>;
export type GetAllBids = z.output<typeof getAllBidsSchema>;

export const getBidByIdSchema = z.object({ bid_id: idField() });

/** getAwaitingBidCount: how many bids wait for the caller (as `awaiting_me` lists them), counted up to a cap. */
export const getAwaitingBidCountSchema = z.object({});
export const awaitingBidCountSchema = z.object({
  /** At most `AWAITING_COUNT_CAP`. */
  count: z.number(),
  /** More than `count` wait: the menu shows "99+". */
  capped: z.boolean(),
});
export type AwaitingBidCount = z.infer<typeof awaitingBidCountSchema>;
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
  /**
   * What the offer and the ask the bid joins hold now, and their current prices per litre (the spec's "Ask Price"
   * column): the listings' live figures. The tracked trades (`is_tracked_bid`, Approved Bids) show none of them and
   * leave the listings unread: there all four are null.
   */
  offer_available_quantity: amount.nullable(),
  ask_available_quantity: amount.nullable(),
  offer_price: amount.nullable(),
  ask_price: amount.nullable(),
  bid_placed_by: z.enum(COMPANY_TYPES),
  /** The caller's side of the bid; null when the caller's company is not a party (the market's other bids). */
  viewer_side: z.enum(BID_SIDES).nullable(),
  buyer_company_name: z.string(),
  seller_company_name: z.string(),
  /** The state of each side's listing (its distillery's). */
  buyer_company_state: z.string(),
  seller_company_state: z.string(),
  /**
   * The ratings of the counterparty's distillery (DESIGN "Ratings and source"). The tracked trades
   * (`is_tracked_bid`, Approved Bids) show none and leave them unread: there `source` is null as the two ratings are.
   */
  source: z.enum(RATING_SOURCES).nullable(),
  your_rating: z.number().nullable(),
  industry_rating: z.number().nullable(),
  trade_reference_number: z.string().nullable(),
  /**
   * The landed ₹ per litre at the bid's terms (`bidLandedPrice`, the bid page's "Final Price at these terms"), on the
   * lists of bids waiting for the caller (`awaiting_me`: the inbox, a listing's pending tabs) and on the detail; null
   * on the other lists, which leave the fee columns unread.
   */
  final_price: amount.nullable(),
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
  /** The detail always reads the ratings (New when the caller's company has rated nothing) and both listings. */
  source: z.enum(RATING_SOURCES),
  offer_available_quantity: amount,
  ask_available_quantity: amount,
  offer_price: amount,
  ask_price: amount,
  /** The rejection comment (that of the first rejected history entry), null when not rejected. */
  comment: z.string().nullable(),
  /** The counterparty's ids are null, and its names masked, until the bid is Approved. */
  buyer_company_id: z.number().nullable(),
  seller_company_id: z.number().nullable(),
  from_distillery_id: z.number().nullable(),
  to_distillery_id: z.number().nullable(),
  from_distillery_name: z.string(),
  to_distillery_name: z.string(),
  negotiations: z.array(bidHistoryEntrySchema),
  actor: bidActorSchema,
  /** Who the bid waits for (`whoseTurn`): each side's next tier; empty once it is closed. */
  waiting_for: z.array(z.object({ side: z.enum(BID_SIDES), tier: z.enum(BID_TIERS) })),
  /**
   * Service fees fixed at the final approval (the most specific rate of each side); null before. A company user
   * reads only their own side's; the SuperAdmin both.
   */
  fees: z
    .object({
      buyer_commission_amount: amount,
      buyer_state_gst: amount,
      buyer_central_gst: amount,
      seller_commission_amount: amount,
      seller_state_gst: amount,
      seller_central_gst: amount,
    })
    .partial()
    .nullable(),
  /** What the caller may do now (`allowedActions`), so a screen need not recompute it. */
  allowed_actions: z.array(z.enum(USER_BID_ACTIONS)),
  /** The seller's sale order of an approved trade (`/api/getFile?id=…`), null until uploaded. */
  sell_order: z.string().nullable(),
  /** Whether the caller may upload or replace it (`saleOrderRefusal`). */
  can_upload_sale_order: z.boolean(),
});
export type BidDetail = z.infer<typeof bidDetailSchema>;

/**
 * updateBid: attach the seller's sale order to an approved trade. `sell_order` is the `file_url` of an upload with
 * `purpose=sale_order` by the caller's company; `company_id` (the other company, as the spec sends it) is ignored.
 */
export const updateBidSchema = z.object({
  bid_id: idField(),
  sell_order: requiredText(BID_MESSAGES.saleOrderFile).pipe(z.string().max(500, BID_MESSAGES.saleOrderFile)),
  company_id: optionalIdField(),
});
export type UpdateBidInput = z.input<typeof updateBidSchema>;
export type UpdateBid = z.output<typeof updateBidSchema>;
