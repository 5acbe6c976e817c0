// The cached reads a bid call changes: a bid's lists, its detail, the listing's figures and open-bid counts.
import type { QueryClient } from '@tanstack/react-query';

const BID_READS = [
  'getAllBids',
  'getAwaitingBidCount',
  'getBidById',
  'getOfferById',
  'getAllOffers',
  'getAllPossibleOffer',
  'getMarketStats',
];

/** After any bid call the screens show the new state at once, not at their next poll. */
export function refreshBidReads(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => BID_READS.includes(String(q.queryKey[0])) });
}
