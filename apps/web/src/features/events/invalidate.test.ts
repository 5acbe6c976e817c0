import { describe, expect, it } from 'vitest';
import { isConcerned } from './invalidate';

const bid = {
  type: 'bid.countered' as const,
  bid_id: 7,
  listing_id: null,
  data: { offer_id: 3, ask_id: 4, product: 'ENA' },
};
const listing = {
  type: 'listing.changed' as const,
  bid_id: null,
  listing_id: 3,
  data: { side: 'Offer', product: 'ENA' },
};

describe('which queries an event makes stale', () => {
  it.each([
    [bid, ['getBidById', 7], true],
    [bid, ['getBidById', 8], false],
    [bid, ['getAllBids', { page: 1 }], true],
    [bid, ['getAwaitingBidCount'], true],
    [bid, ['getOfferById', 3], true],
    [bid, ['getOfferById', 4], true],
    [bid, ['getOfferById', 5], false],
    [bid, ['getAllOffers', {}], false],
    [{ ...bid, type: 'bid.traded' as const }, ['getAllOffers', { product: 'ENA' }], true],
    [{ ...bid, type: 'bid.traded' as const }, ['getAllOffers', { product: 'Malt' }], false],
    [bid, ['getAllUsers', {}], false],
    [listing, ['getAllOffers', { page: 1 }], true],
    [listing, ['getAllOffers', { product: 'ena' }], true],
    [listing, ['getAllOffers', { product: 'Malt' }], false],
    [listing, ['getMarketStats', 'ENA'], true],
    [listing, ['getMarketStats', 'Malt'], false],
    [listing, ['getOfferById', 3], true],
    [listing, ['getOfferById', 9], false],
    [listing, ['getAllBids', {}], false],
    [listing, ['getBidById', 7], false],
    [bid, ['getUnreadNotificationCount'], true],
    [bid, ['getNotifications', { page: 1 }], true],
    [listing, ['getUnreadNotificationCount'], true],
    [{ ...bid, type: 'rating.given' as const }, ['getUnreadNotificationCount'], false],
  ] as const)('%#: %j', (event, key, stale) => {
    expect(isConcerned(event, key as unknown as readonly unknown[])).toBe(stale);
  });
});
