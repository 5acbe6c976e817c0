// Who acts next on an open bid, as the dashboard's "Pending" column says it: the state machine's `whoseTurn`
// (bids.rules.ts), named for a reader — "Buyer Negotiator", "Seller Authorizer, Buyer Approver".
import { TIER_LABELS, companyTypeOfSide } from '../bids/bids.constants.js';
import { whoseTurn, type BidState } from '../bids/bids.rules.js';

/** Each side due to act and its tier, buyer first; null when nobody acts (a closed or lapsed bid). */
export function nextLevelPending(bid: BidState, now: Date): string | null {
  const due = whoseTurn(bid, now);
  if (!due.length) return null;
  return due.map((a) => `${companyTypeOfSide(a.side)} ${TIER_LABELS[a.tier]}`).join(', ');
}
