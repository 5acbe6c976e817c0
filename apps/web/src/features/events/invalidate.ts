// Which cached reads an event from the live stream makes stale (issue 25 part 2): exactly the queries whose answer
// it may change, by their keys (`[method, …args]`, see each feature's api/ folder). Everything else stays cached.
import type { MarketEvent } from '@spirit/domain/events/events.constants';
import type { QueryKey } from '@tanstack/react-query';

/** Lists and counts a bid's change moves: the company's bids, the menu's count, the dashboards. */
const BID_LISTS = new Set([
  'getAllBids',
  'getAllOrderDetails',
  'getAwaitingBidCount',
  'getDashboardData',
  'getDashboardAllOpenBids',
  'getDashboardAllApprovedBids',
  'getDashboardAllLapsedBids',
  'getDashboardAllPendingAprrovedBids',
]);
/** A listing's own pages (detail, the owner's inventory row, its map), keyed by the listing's id. */
const LISTING_PAGES = new Set(['getOfferById', 'getInventorybyId', 'getOfferMap']);
/** The owner's listings with their open-bid counts, and the lists of listings to bid on. */
const LISTING_LISTS = new Set(['getAllInventory', 'getAllPossibleOffer']);
/** What a trade moves besides: the market's quantities, figures and trends, the fees. */
const TRADE_READS = new Set(['getAllOffers', 'getMarketStats', 'getPriceTrend', 'getAllBidCommission']);

/** The bell: a bid's event may have told the user something, a new listing may have met a price alert. */
const NOTIFICATION_READS = new Set(['getNotifications', 'getUnreadNotificationCount']);

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A query's body (its second key part) names this product, or names none (then any product's change may move it). */
function productMatches(arg: unknown, product: string | null): boolean {
  if (!product) return true;
  if (typeof arg === 'string') return arg.toLowerCase() === product.toLowerCase();
  const named = arg && typeof arg === 'object' ? str((arg as Record<string, unknown>).product) : null;
  return !named || named.toLowerCase() === product.toLowerCase();
}

export function isConcerned(event: Pick<MarketEvent, 'type' | 'bid_id' | 'listing_id' | 'data'>, key: QueryKey) {
  const [method, arg] = [String(key[0]), key[1]];
  const product = str(event.data.product);
  if (NOTIFICATION_READS.has(method)) return event.type.startsWith('bid.') || event.type.startsWith('listing.');
  if (event.type.startsWith('listing.')) {
    if (LISTING_PAGES.has(method)) return arg === event.listing_id;
    if (LISTING_LISTS.has(method)) return true;
    return (method === 'getAllOffers' || method === 'getMarketStats') && productMatches(arg, product);
  }
  // A bid's events, its sale order's and its rating's.
  const listings = [num(event.data.offer_id), num(event.data.ask_id)].filter((id) => id !== null);
  if (method === 'getBidById' || method === 'getOrderById' || method === 'getBidRating')
    return event.bid_id !== null && arg === event.bid_id;
  if (BID_LISTS.has(method)) return true;
  if (LISTING_PAGES.has(method)) return listings.includes(num(arg) ?? -1);
  if (LISTING_LISTS.has(method)) return true;
  if (event.type === 'bid.traded' && TRADE_READS.has(method)) return productMatches(arg, product);
  return false;
}
