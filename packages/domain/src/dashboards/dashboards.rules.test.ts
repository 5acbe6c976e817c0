import { describe, expect, it } from 'vitest';
import { NO_FLAGS, type BidFlags } from '../bids/bids.constants.js';
import type { BidState } from '../bids/bids.rules.js';
import { nextLevelPending } from './dashboards.rules.js';

const now = new Date('2026-05-01T10:00:00Z');
const later = new Date('2026-05-02T10:00:00Z');
const bid = (over: Partial<Omit<BidState, 'flags'>> & { flags?: Partial<BidFlags> }): BidState => ({
  status: 'OnGoing',
  locked: false,
  valid_until: later,
  ...over,
  flags: { ...NO_FLAGS, ...over.flags },
});

describe('nextLevelPending', () => {
  it.each([
    [
      'the buyer placed: the seller negotiator answers',
      bid({ status: 'New', flags: { is_negotiator_buyer_approved: true } }),
      'Seller Negotiator',
    ],
    [
      'locked: both authorizers',
      bid({ locked: true, flags: { is_negotiator_buyer_approved: true, is_negotiator_seller_approved: true } }),
      'Buyer Authorizer, Seller Authorizer',
    ],
    [
      'the buyer authorized: buyer approver and seller authorizer',
      bid({
        locked: true,
        flags: {
          is_negotiator_buyer_approved: true,
          is_negotiator_seller_approved: true,
          is_authenticator_buyer_approved: true,
        },
      }),
      'Buyer Approver, Seller Authorizer',
    ],
    ['lapsed by the clock: nobody', bid({ valid_until: new Date('2026-05-01T09:00:00Z') }), null],
    ['approved: nobody', bid({ status: 'Approved', locked: true }), null],
  ])('%s', (_, state, expected) => {
    expect(nextLevelPending(state, now)).toBe(expected);
  });
});
