// A bid's landed price per litre at its terms (spec 001 §5; the bid page's "Final Price at these terms"), one
// definition for every screen and list: the domain's `landedPrice` at the bid's price, with the offer's sales tax and
// export pass fee (the bid's own copies when it has them, else the offer listing's) and the bid's six delivery fees.
import { OFFER_FEE_FIELDS, type ASK_FEE_FIELDS } from '../listings/listings.constants.js';
import { landedPrice, type PriceParts } from '../listings/listings.rules.js';

type Decimal = PriceParts['price'];
type Fees<F extends string> = Partial<Record<F, Decimal>>;
export type OfferFees = Fees<(typeof OFFER_FEE_FIELDS)[number]>;

/** The offer's sales tax and export pass fee a bid is priced with: the bid's own copies, else the offer listing's. */
export function bidOfferFees(bid: OfferFees, offer: OfferFees | null | undefined): OfferFees {
  return Object.fromEntries(OFFER_FEE_FIELDS.map((f) => [f, bid[f] ?? offer?.[f]])) as OfferFees;
}

/** The landed breakdown of a bid's terms (`total` is the landed ₹/L). */
export function bidLandedPrice(opts: {
  bid: { price: Decimal } & OfferFees & Fees<(typeof ASK_FEE_FIELDS)[number]>;
  offer: OfferFees | null | undefined;
}) {
  const { bid } = opts;
  return landedPrice({ price: bid.price, offer: bidOfferFees(bid, opts.offer), ask: bid });
}
