// The terms a Negotiator sends when placing or countering a bid: quantity, price and the validity in hours, checked
// with the contract's own fields and rules before anything is sent (spec 001 §5 "Place bid dialog"); on the bid
// page also the bid form's fees and comment (spec 001 §3 "Bid form data").
import { captchaField } from '@spirit/domain/auth/auth.schemas';
import { BID_REFUSALS, DEFAULT_VALIDITY_HOURS, VALIDITY_HOURS } from '@spirit/domain/bids/bids.constants';
import { quantityRefusal, validUntilOf } from '@spirit/domain/bids/bids.rules';
import { amountField } from '@spirit/domain/common/numbers';
import { optionalText } from '@spirit/domain/common/validators';
import { ASK_FEE_FIELDS, LIMITS } from '@spirit/domain/listings/listings.constants';
import { priceField, quantityField } from '@spirit/domain/listings/listings.schemas';
import { z } from 'zod';

/** The bid form's fees (₹/L): the buyer's delivery fees; the offer's sales tax and export pass fee stay its own. */
export const BID_FEE_FIELDS = ASK_FEE_FIELDS;
export type BidFeeField = (typeof BID_FEE_FIELDS)[number];
export const COMMENT_MAX = 1000;

export const VALIDITY_MESSAGE = 'Choose a validity from the list';
/** A counter's validity choice that keeps the bid's current deadline (negotiateBid without `valid_until`). */
export const KEEP_DEADLINE = 'keep';

/** What the terms inputs hold. */
export type TermsValues = {
  quantity: string;
  price: string;
  hours: string;
  is_bid_confidential: boolean;
  captcha: string;
  comment: string;
} & Record<BidFeeField, string>;

export const emptyTerms = (init: Partial<TermsValues> = {}): TermsValues => ({
  quantity: '',
  price: '',
  hours: String(DEFAULT_VALIDITY_HOURS),
  is_bid_confidential: false,
  captcha: '',
  comment: '',
  ...(Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, ''])) as Record<BidFeeField, string>),
  ...init,
});

const hoursField = z.coerce.number().refine((h) => (VALIDITY_HOURS as readonly number[]).includes(h), VALIDITY_MESSAGE);
/** A counter may also keep the deadline it has. */
const counterHoursField = z.union([z.literal(KEEP_DEADLINE), hoursField]);

/** The fees, required on the bid page's form (spec 001 §5 "all fields required"), left out by the dialogs. */
function feeShape(required: boolean) {
  const fee = () => amountField({ max: LIMITS.fee, decimals: 2 });
  // Typed as optional either way: the output is a number when required, `undefined` only when not.
  // A blank input is a fee left out, not a missing one (`optional` alone lets only `undefined` through).
  const optionalFee = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), fee().optional());
  return Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, required ? fee() : optionalFee()])) as unknown as Record<
    BidFeeField,
    ReturnType<typeof optionalFee>
  >;
}

/**
 * The terms form's schema: the contract's quantity and price fields, a validity from the spec's list, the captcha,
 * and the quantity no more than any listing's available quantity (`quantityRefusal`; the server checks it again).
 * With `fees` the fees are required.
 */
export function termsSchema(available: readonly string[], opts: { fees?: boolean; keep?: boolean } = {}) {
  return z.object({
    // On the field, so the message shows while other fields (the captcha) are still missing.
    quantity: quantityField().refine(
      (q) => !quantityRefusal(q, available),
      BID_REFUSALS['bid.quantity_unavailable'].message,
    ),
    price: priceField(),
    hours: opts.keep ? counterHoursField : hoursField,
    is_bid_confidential: z.boolean(),
    captcha: captchaField,
    ...feeShape(!!opts.fees),
    comment: optionalText(COMMENT_MAX),
  });
}
export type Terms = z.output<ReturnType<typeof termsSchema>>;

/** The fees filled in, as numbers (a counter states the whole terms: a fee left out is cleared). */
export function feesOf(terms: Partial<Record<BidFeeField, number | undefined>>) {
  const filled = BID_FEE_FIELDS.flatMap((f) => (terms[f] === undefined ? [] : [[f, terms[f]] as const]));
  return Object.fromEntries(filled) as Partial<Record<BidFeeField, number>>;
}

/** When the bid would lapse with the `hours` chosen: now plus the hours, or the deadline it has (`current`). */
export function expiryOf(hours: string, now: number, current?: string): Date | null {
  if (hours === KEEP_DEADLINE) return current ? new Date(current) : null;
  const h = Number(hours);
  return (VALIDITY_HOURS as readonly number[]).includes(h) ? validUntilOf(h, now) : null;
}

/**
 * The body fields of the terms: `valid_until` is now plus the hours, as a date-time (spec 001 §4); left out when a
 * counter keeps the bid's deadline.
 */
export function termsBody(terms: Terms, now: number, premium: boolean) {
  return {
    quantity: terms.quantity,
    price: terms.price,
    ...(terms.hours === KEEP_DEADLINE ? {} : { valid_until: validUntilOf(terms.hours, now).toISOString() }),
    ...(premium ? { is_bid_confidential: terms.is_bid_confidential } : {}),
    ...feesOf(terms),
    comment: terms.comment,
    captcha: terms.captcha,
  };
}
