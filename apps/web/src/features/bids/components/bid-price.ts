// The bid page's final price (spec 001 §5): the bid price increased by the offer's sales tax percent, plus the bid
// form's fees, plus the offer's export pass fee: the domain's `landedPrice` with the form's fees as the ask's. And
// what a bill of it comes to (quantity × final price).
import type { FeeField } from '@spirit/domain/listings/listings.constants';
import { amountOf, landedPrice } from '@spirit/domain/listings/listings.rules';
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { BID_FEE_FIELDS } from './bid-terms';

type Amount = string | number | null | undefined;
export type FeeValues = Partial<Record<FeeField, Amount>>;

const DECIMAL = /^\s*[0-9]{1,15}(\.[0-9]+)?\s*$/;
/** A figure the rule can read: blank (zero) or a plain decimal. */
const readable = (v: Amount) => v === null || v === undefined || typeof v === 'number' || v === '' || DECIMAL.test(v);

/**
 * The final price per litre at `price` with the bid's `fees` and the offer listing's sales tax and export pass fee;
 * null while the price is missing or a figure is not a number yet (a form being typed).
 */
export function bidFinalPrice(opts: { price: Amount; fees: FeeValues; offer: FeeValues }): LandedBreakdown | null {
  const { price, fees, offer } = opts;
  const parts = [price, offer.sales_tax, offer.export_pass_fee, ...BID_FEE_FIELDS.map((f) => fees[f])];
  if (price === null || price === undefined || price === '' || !parts.every(readable)) return null;
  const trimmed = (v: Amount) => (typeof v === 'string' ? v.trim() : v);
  const ask = Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, trimmed(fees[f])]));
  return landedPrice({
    price: trimmed(price),
    offer: { sales_tax: trimmed(offer.sales_tax), export_pass_fee: trimmed(offer.export_pass_fee) },
    ask,
  });
}

/** Quantity × final price per litre, to the paisa. */
export const billAmount = (quantity: Amount, perLitre: Amount) => amountOf({ quantity, perLitre });
