// A bid's landed price per litre at its terms (spec 001 §5; the bid page's "Final Price at these terms"), one
// definition for every screen and list: the domain's `landedPrice` at the bid's price, with the offer's sales tax and
// export pass fee (the bid's own copies when it has them, else the offer listing's) and the bid's six delivery fees.
import type { OFFER_FEE_FIELDS } from '../listings/listings.constants.js';
import { type ASK_FEE_FIELDS } from '../listings/listings.constants.js';
import { landedPrice, landedTotal, type PriceParts } from '../listings/listings.rules.js';

type Decimal = PriceParts['price'];
type Fees<F extends string> = Partial<Record<F, Decimal>>;
export type OfferFees = Fees<(typeof OFFER_FEE_FIELDS)[number]>;

/** The offer's sales tax and export pass fee a bid is priced with: the bid's own copies, else the offer listing's. */
export function bidOfferFees(bid: OfferFees, offer: OfferFees | null | undefined): OfferFees {
  return {
    export_pass_fee: bid.export_pass_fee ?? offer?.export_pass_fee,
    sales_tax: bid.sales_tax ?? offer?.sales_tax,
  } satisfies Record<(typeof OFFER_FEE_FIELDS)[number], unknown>;
}

/** The landed breakdown of a bid's terms (`total` is the landed ₹/L). */
export function bidLandedPrice(opts: {
  bid: { price: Decimal } & OfferFees & Fees<(typeof ASK_FEE_FIELDS)[number]>;
  offer: OfferFees | null | undefined;
}) {
  const { bid } = opts;
  return landedPrice({ price: bid.price, offer: bidOfferFees(bid, opts.offer), ask: bid });
}

/** A bid's landed ₹/L alone (`bidLandedPrice(opts).total`): what a list's priced rows show. */
export function bidLandedTotal(opts: Parameters<typeof bidLandedPrice>[0]) {
  const { bid } = opts;
  return landedTotal({ price: bid.price, offer: bidOfferFees(bid, opts.offer), ask: bid });
}
