// When a listing matches a price alert (issue 25 part 4). Pure, so the rule is table-tested and the web app can show
// what an alert means in the same words.
//
// The price bound is the alert owner's limit as a trader: on an offer (they would buy) the listing's price must be at
// most the bound; on an ask (they would sell to it) at least the bound. The quantity is what is still available.
import { toMinor } from '../fees/fees.rules.js';
import type { ListingSide } from '../listings/listings.constants.js';

export type AlertTerms = {
  side: ListingSide;
  product: string;
  /** null: any state. */
  state: string | null;
  /** ₹ per litre, two decimals. */
  price: string | number;
  /** Litres, one decimal; null: any quantity. */
  min_quantity: string | number | null;
};

export type AlertListing = {
  side: ListingSide;
  product: string;
  state: string;
  price: string | number;
  available_quantity: string | number;
};

const minor = (v: string | number, decimals: number) =>
  toMinor(typeof v === 'number' ? v.toFixed(decimals) : v, decimals);

/** Whether `listing` is what `alert` looks for (its visibility to the alert's owner is the server's check). */
export function alertMatches(alert: AlertTerms, listing: AlertListing): boolean {
  if (alert.side !== listing.side || alert.product !== listing.product) return false;
  if (alert.state !== null && alert.state !== listing.state) return false;
  const price = minor(listing.price, 2);
  const bound = minor(alert.price, 2);
  if (alert.side === 'Offer' ? price > bound : price < bound) return false;
  return alert.min_quantity === null || minor(listing.available_quantity, 1) >= minor(alert.min_quantity, 1);
}

/** The alert in words: "Offers of Molasses ENA in any state at most ₹60.00 per litre, at least 1000 L". */
export function alertSummary(alert: AlertTerms): string {
  const what = alert.side === 'Offer' ? 'Offers' : 'Asks';
  const where = alert.state ? `in ${alert.state}` : 'in any state';
  const bound = `${alert.side === 'Offer' ? 'at most' : 'at least'} ₹${Number(alert.price).toFixed(2)} per litre`;
  const qty = alert.min_quantity !== null ? `, at least ${Number(alert.min_quantity).toFixed(1)} L` : '';
  return `${what} of ${alert.product} ${where} ${bound}${qty}`;
}
