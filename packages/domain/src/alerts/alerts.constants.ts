// Price alerts (issue 25 part 4): a trader saves what they look for and hears when a matching listing opens.
import type { CompanyType } from '../companies/companies.constants.js';
import type { ListingSide } from '../listings/listings.constants.js';

/** A user keeps this many alerts at most: an alert is a standing search, not a log. */
export const MAX_ALERTS_PER_USER = 20;

/** The side of the market a company sees, and so can watch: a Buyer buys from offers, a Seller sells to asks. */
export const alertSideFor = (type: CompanyType): ListingSide => (type === 'Buyer' ? 'Offer' : 'Ask');

export const ALERT_MESSAGES = {
  created: 'Price alert saved',
  deleted: 'Price alert removed',
  notFound: 'Price alert not found',
  tooMany: `You can keep at most ${MAX_ALERTS_PER_USER} price alerts. Remove one first.`,
  side: (side: ListingSide) =>
    side === 'Offer' ? 'Your company buys: watch offers' : 'Your company sells: watch asks',
  product: 'Please select a spirit your company trades',
  state: 'Please select a valid state',
} as const;
