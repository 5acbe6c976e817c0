// Bids: statuses, actions, who acts, validity, step-up and refusals (spec 001 §3, §4, §9; DESIGN.md §4 "Bids").
import {
  AUTH_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '../auth/auth.constants.js';
import type { CompanyType } from '../companies/companies.constants.js';

/** Spelled as the spec spells them; New and OnGoing are open, the other three are final. */
export const BID_STATUSES = ['New', 'OnGoing', 'Approved', 'Rejected', 'Lapsed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
export const OPEN_BID_STATUSES = ['New', 'OnGoing'] as const satisfies readonly BidStatus[];
export type OpenBidStatus = (typeof OPEN_BID_STATUSES)[number];

/** `lapse` is the clock's action (the sweep, or a read that finds `valid_until` passed); the others are a user's. */
export const BID_ACTIONS = ['place', 'counter', 'accept', 'approve', 'reject', 'lapse'] as const;
export type BidAction = (typeof BID_ACTIONS)[number];
export const USER_BID_ACTIONS = [
  'place',
  'counter',
  'accept',
  'approve',
  'reject',
] as const satisfies readonly BidAction[];
export type UserBidAction = (typeof USER_BID_ACTIONS)[number];

/** The two parties, spelled as in the approval flags (`is_negotiator_buyer_approved`). */
export const BID_SIDES = ['buyer', 'seller'] as const;
/** getAllBids' `sort_by`: the order of the last change (see `getAllBidsSchema`). */
export const BID_SORTS = ['modified_on'] as const;
export type BidSide = (typeof BID_SIDES)[number];
export const sideOfCompanyType = (type: CompanyType): BidSide => (type === 'Buyer' ? 'buyer' : 'seller');
export const companyTypeOfSide = (side: BidSide): CompanyType => (side === 'buyer' ? 'Buyer' : 'Seller');
export const otherBidSide = (side: BidSide): BidSide => (side === 'buyer' ? 'seller' : 'buyer');

/** The approval tiers in the order they act. The spec's "Authenticator" is the Authorizer tier. */
export const BID_TIERS = ['negotiator', 'authorizer', 'approver'] as const;
export type BidTier = (typeof BID_TIERS)[number];
/** How screens and history entries name a tier. */
export const TIER_LABELS = { negotiator: 'Negotiator', authorizer: 'Authorizer', approver: 'Approver' } as const;
export type TierLabel = (typeof TIER_LABELS)[BidTier];
/** The word each tier has in the spec's flag names: the Authorizer's flags are `is_authenticator_*`. */
const FLAG_WORDS = { negotiator: 'negotiator', authorizer: 'authenticator', approver: 'approver' } as const;

export type FlagKey = `is_${(typeof FLAG_WORDS)[BidTier]}_${BidSide}_approved`;
/**
 * Each tier's and side's flag name, built once: the state machine and every list row look flags up by them, and a
 * name concatenated per call is a new string that each lookup must hash again.
 */
const FLAG_KEY_OF = Object.fromEntries(
  BID_TIERS.map((tier) => [
    tier,
    Object.fromEntries(BID_SIDES.map((side) => [side, `is_${FLAG_WORDS[tier]}_${side}_approved`])),
  ]),
) as Record<BidTier, Record<BidSide, FlagKey>>;
export const flagKey = (tier: BidTier, side: BidSide): FlagKey => FLAG_KEY_OF[tier][side];
/** The six approval flags, buyer's tiers then seller's. */
export const FLAG_KEYS: readonly FlagKey[] = BID_SIDES.flatMap((side) => BID_TIERS.map((tier) => flagKey(tier, side)));
/** `null` pending, `true` approved (spec 001 §3 "Bid detail"); `false` is never stored. */
export type FlagValue = true | null;
export type BidFlags = Record<FlagKey, FlagValue>;
export const NO_FLAGS: Readonly<BidFlags> = Object.freeze(
  Object.fromEntries(FLAG_KEYS.map((key) => [key, null])) as BidFlags,
);

/** The user role words a client may send (`user_role`), each naming a tier. */
export const TIER_OF_ROLE_WORD = {
  Negotiator: 'negotiator',
  Authorizer: 'authorizer',
  Authenticator: 'authorizer',
  Approver: 'approver',
} as const satisfies Record<string, BidTier>;

/** The validity a placer or counterer picks, in hours (spec 001 §9). */
export const VALIDITY_HOURS = [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48] as const;
export type ValidityHours = (typeof VALIDITY_HOURS)[number];
export const DEFAULT_VALIDITY_HOURS: ValidityHours = 4;
/** `valid_until` may be at most this far ahead (the longest choice). */
export const MAX_VALIDITY_HOURS = 48;
/**
 * How far a client-computed `valid_until` (its clock's now plus the hours) may sit from the server's now plus the
 * same hours: the request's way to the server and a client clock a little off (docs/decisions.md).
 */
export const VALIDITY_SKEW_MS = 2 * 60_000;

/** The menu's "Waiting for me" counts this many bids at most, then reads "99+". */
export const AWAITING_COUNT_CAP = 99;

/** Step-up before accept, approve and reject (DESIGN.md §4 "Step-up"): the sign-in code's policy, then a window. */
export const STEP_UP = {
  codeLength: OTP_LENGTH,
  codeTtlMinutes: OTP_TTL_MINUTES,
  maxAttempts: OTP_MAX_ATTEMPTS,
  resendSeconds: OTP_RESEND_SECONDS,
  /** After `verifyOTP`, the user's session may approve without another code for this long. */
  windowMinutes: 10,
} as const;

/** What guards each user action besides the state machine (DESIGN.md §3 "Captcha", §4 "Bids"). */
export const ACTION_GUARD = {
  place: 'captcha',
  counter: 'captcha',
  accept: 'step_up',
  approve: 'step_up',
  reject: 'step_up',
} as const satisfies Record<UserBidAction, 'captcha' | 'step_up'>;

/** A negotiation history entry's `status` (spec 001 §4). */
export const HISTORY_STATUS = {
  placed: 'New',
  countered: 'OnGoing',
  accepted: 'Accepted',
  approved: { authorizer: 'Authorizer: Approved', approver: 'Approver: Approved' },
  rejected: { negotiator: 'Negotiator: Rejected', authorizer: 'Authorizer: Rejected', approver: 'Approver: Rejected' },
  lapsed: 'Lapsed',
} as const;

/**
 * Why an action is refused: a stable dotted code, its HTTP status and the message a user reads (the spec's words
 * where it has them). The state machine answers the codes down to `bid.inconsistent`; the service the others.
 */
export const BID_REFUSALS = {
  'bid.not_found': { status: 404, message: 'Bid not found' },
  'bid.already_placed': { status: 409, message: 'This bid has already been placed' },
  'bid.closed': { status: 409, message: 'This bid is closed and can no longer change' },
  'bid.lapsed': { status: 409, message: 'This bid has lapsed and can no longer change' },
  'bid.not_lapsed': { status: 409, message: 'This bid is still valid' },
  'bid.not_a_party': { status: 404, message: 'Bid not found' },
  'bid.wrong_tier': { status: 403, message: 'Your role cannot do this on a bid' },
  'bid.wrong_side': { status: 409, message: 'These are your own terms: the other side accepts or counters them' },
  'bid.locked': { status: 409, message: 'The deal is locked: its terms can no longer change' },
  'bid.not_locked': { status: 409, message: 'Approvals start once both Negotiators have agreed the terms' },
  'bid.not_your_turn': { status: 409, message: 'It is not your turn to act on this bid' },
  'bid.inconsistent': { status: 409, message: 'This bid is in an inconsistent state. Please contact support.' },
  // Answered by the service around the state machine.
  'bid.stale': { status: 409, message: 'This bid changed since you opened it' },
  'bid.quantity_unavailable': { status: 409, message: 'Insufficient quantity available' },
  'bid.both_sides': { status: 409, message: 'You act for both companies of this bid' },
  'bid.own_company': { status: 409, message: 'A company cannot bid on its own listing' },
  'bid.validity_past': { status: 400, message: 'Negotiation Valid Upto must be in the future' },
  'bid.validity_too_far': {
    status: 400,
    message: `Negotiation Valid Upto can be at most ${MAX_VALIDITY_HOURS} hours ahead`,
  },
  'bid.validity_not_offered': {
    status: 400,
    message: `Negotiation Valid Upto must be one of the offered choices: ${VALIDITY_HOURS[0]} to ${MAX_VALIDITY_HOURS} hours from now, in steps of ${VALIDITY_HOURS[1] - VALIDITY_HOURS[0]}`,
  },
  'bid.step_up_required': { status: 403, message: 'Please verify the one-time code before approving or rejecting' },
  'bid.otp_invalid': { status: 400, message: AUTH_MESSAGES.invalidOtp },
  'bid.otp_too_soon': { status: 429, message: AUTH_MESSAGES.otpTooSoon },
  'bid.not_mapped': { status: 403, message: 'You are not mapped to the distillery of this bid' },
  'bid.not_counterparty': { status: 409, message: 'These two listings cannot trade with each other' },
  'bid.duplicate': { status: 409, message: 'An open bid already joins these two listings' },
  'bid.company_not_trading': { status: 409, message: 'One of the companies of this bid can no longer trade' },
  'bid.terms_changed': {
    status: 409,
    message: 'The listing changed since this bid was placed; the deal can no longer be approved.',
  },
  // After the trade (issue 22).
  'bid.approved_only': { status: 403, message: 'The platform reads approved trades only' },
  'bid.not_approved': { status: 409, message: 'A sale order can be uploaded once the trade is approved' },
  'bid.sale_order_seller_only': { status: 403, message: 'Only the seller uploads the sale order' },
  'bid.sale_order_not_allowed': {
    status: 403,
    message: 'Only the seller company’s Admin or a user mapped to the seller distillery may upload the sale order',
  },
  'bid.confidential_not_allowed': {
    status: 403,
    message: 'Only Premium Client companies may place confidential bids',
  },
} as const satisfies Record<string, { status: number; message: string }>;
export type BidRefusalCode = keyof typeof BID_REFUSALS;

export const BID_MESSAGES = {
  placed: 'Bid placed successfully.',
  placeFailed: 'Bid placed unsuccessful',
  approved: 'Bid approved successfully.',
  countered: 'Bid negotiated successfully.',
  accepted: 'Bid accepted successfully.',
  rejected: 'Bid rejected successfully.',
  otpSent: AUTH_MESSAGES.otpSent,
  otpVerified: 'OTP verified',
  otpFormat: `Please enter the ${OTP_LENGTH}-digit code`,
  commentRequired: 'Please enter a rejection comment',
  chooseListing: 'Choose the listing to bid on',
  validityFormat: 'Negotiation Valid Upto must be a date and time',
  awaitingTier: 'awaiting_tier must be negotiator, authorizer or approver',
  awaitingTierAlone: 'awaiting_tier narrows awaiting_me: send awaiting_me: true with it',
  approvalPending: 'Pending',
  approvalDone: 'Approved',
  saleOrderSaved: 'Sale order uploaded successfully.',
  /** The sale order URL is not a sale order the caller's company uploaded. */
  saleOrderFile: 'Please upload the sale order file first',
} as const;
