// The terms a Negotiator sends when placing or countering a bid: quantity, price and the validity in hours, checked
// with the contract's own fields and rules before anything is sent (spec 001 §5 "Place bid dialog").
import { captchaField } from '@spirit/domain/auth/auth.schemas';
import { BID_REFUSALS, DEFAULT_VALIDITY_HOURS, VALIDITY_HOURS } from '@spirit/domain/bids/bids.constants';
import { quantityRefusal, validUntilOf } from '@spirit/domain/bids/bids.rules';
import { priceField, quantityField } from '@spirit/domain/listings/listings.schemas';
import { z } from 'zod';

export const VALIDITY_MESSAGE = 'Choose a validity from the list';

/** What the terms inputs hold. */
export type TermsValues = {
  quantity: string;
  price: string;
  hours: string;
  is_bid_confidential: boolean;
  captcha: string;
};

export const emptyTerms = (init: Partial<TermsValues> = {}): TermsValues => ({
  quantity: '',
  price: '',
  hours: String(DEFAULT_VALIDITY_HOURS),
  is_bid_confidential: false,
  captcha: '',
  ...init,
});

const hoursField = z.coerce.number().refine((h) => (VALIDITY_HOURS as readonly number[]).includes(h), VALIDITY_MESSAGE);

/**
 * The terms form's schema: the contract's quantity and price fields, a validity from the spec's list, the captcha,
 * and the quantity no more than any listing's available quantity (`quantityRefusal`; the server checks it again).
 */
export function termsSchema(available: readonly string[]) {
  return z.object({
    // On the field, so the message shows while other fields (the captcha) are still missing.
    quantity: quantityField().refine(
      (q) => !quantityRefusal(q, available),
      BID_REFUSALS['bid.quantity_unavailable'].message,
    ),
    price: priceField(),
    hours: hoursField,
    is_bid_confidential: z.boolean(),
    captcha: captchaField,
  });
}
export type Terms = z.output<ReturnType<typeof termsSchema>>;

/** The body fields of the terms: `valid_until` is now plus the hours, as a date-time (spec 001 §4). */
export function termsBody(terms: Terms, now: number, premium: boolean) {
  return {
    quantity: terms.quantity,
    price: terms.price,
    valid_until: validUntilOf(terms.hours, now).toISOString(),
    ...(premium ? { is_bid_confidential: terms.is_bid_confidential } : {}),
    comment: '',
    captcha: terms.captcha,
  };
}
