import { describe, expect, it } from 'vitest';
import { NO_FLAGS, flagKey, type BidFlags } from '../bids/bids.constants.js';
import type { BidState } from '../bids/bids.rules.js';
import { bidEventTargets, channelsFor, notificationLink, notificationText } from './notifications.rules.js';

const now = new Date('2026-11-26T06:00:00Z');
const later = new Date(now.getTime() + 4 * 3_600_000);
const flags = (...set: Parameters<typeof flagKey>[]): BidFlags =>
  Object.assign({ ...NO_FLAGS }, ...set.map(([tier, side]) => ({ [flagKey(tier, side)]: true })));
const open = (f: BidFlags, locked = false): BidState => ({ status: 'OnGoing', locked, flags: f, valid_until: later });
const locked = (...more: Parameters<typeof flagKey>[]) =>
  open(flags(['negotiator', 'buyer'], ['negotiator', 'seller'], ...more), true);

describe('bidEventTargets', () => {
  it.each([
    ['bid.placed', 'buyer', open(flags(['negotiator', 'buyer'])), 'bid_placed', [['seller', 'negotiator']]],
    ['bid.countered', 'seller', open(flags(['negotiator', 'seller'])), 'bid_countered', [['buyer', 'negotiator']]],
    // Accepting locks the deal: both Authorizers are due.
    [
      'bid.accepted',
      'seller',
      locked(),
      'your_turn',
      [
        ['buyer', 'authorizer'],
        ['seller', 'authorizer'],
      ],
    ],
    // An approval announces the acting side's next tier only (the other side's turn was announced already).
    ['bid.approved', 'buyer', locked(['authorizer', 'buyer']), 'your_turn', [['buyer', 'approver']]],
    [
      'bid.approved',
      'buyer',
      locked(['authorizer', 'buyer'], ['approver', 'buyer']),
      'your_turn',
      [], // the buyer side is done; the seller's Authorizer heard at the lock
    ],
    [
      'bid.rejected',
      'buyer',
      { ...open(flags(['negotiator', 'buyer'])), status: 'Rejected' },
      'bid_rejected',
      [['seller', 'negotiator']],
    ],
    [
      'bid.rejected',
      'seller',
      { ...locked(), status: 'Rejected' },
      'bid_rejected',
      [
        ['buyer', 'negotiator'],
        ['buyer', 'authorizer'],
        ['buyer', 'approver'],
      ],
    ],
  ] as const)('%s by the %s', (type, side, bid, expected, targets) => {
    const got = bidEventTargets({ type, side, bid: bid as BidState, now });
    expect(got?.type).toBe(expected);
    expect(got?.targets.map((t) => [t.side, t.tier])).toEqual(targets);
  });

  it('a turn that passed is not announced: the bid moved on before the event was handled', () => {
    const moved = { ...locked(['authorizer', 'buyer'], ['approver', 'buyer']), status: 'Rejected' as const };
    expect(bidEventTargets({ type: 'bid.approved', side: 'buyer', bid: moved, now })?.targets).toEqual([]);
  });

  it('a trade tells every tier and the Admins of both sides; a lapse and listing events tell no one here', () => {
    const traded = bidEventTargets({ type: 'bid.traded', side: 'seller', bid: locked(), now })!;
    expect(traded.type).toBe('trade_approved');
    expect(traded.targets).toHaveLength(8);
    expect(bidEventTargets({ type: 'bid.lapsed', side: 'seller', bid: locked(), now })).toBeNull();
    expect(bidEventTargets({ type: 'listing.created', side: 'seller', bid: locked(), now })).toBeNull();
  });
});

describe('notificationText', () => {
  const facts = { product: 'Molasses ENA', quantity: '1000.0', price: '61.5', bid_id: 12 };
  it('says the figures and the bid, never a company', () => {
    expect(notificationText('bid_placed', facts)).toEqual({
      title: 'New bid on your listing',
      text: 'Bid #12: 1,000 L of Molasses ENA at ₹61.50 per litre.',
    });
    expect(notificationText('trade_approved', { ...facts, trade_reference: 'TR-2026-000001' }).title).toBe(
      'Trade approved: TR-2026-000001',
    );
    expect(notificationText('bid_lapsing', { ...facts, valid_until: '2026-11-26T06:30:00Z' }).text).toBe(
      '1,000 L of Molasses ENA at ₹61.50 per litre; valid until 12:00 IST.',
    );
    expect(
      notificationText('price_alert', {
        product: 'Grain ENA',
        price: 1234567,
        quantity: 250000,
        side: 'Ask',
        state: 'Goa',
      }),
    ).toEqual({
      title: 'An ask matches your price alert',
      text: '2,50,000 L of Grain ENA at ₹12,34,567.00 per litre in Goa.',
    });
  });
});

describe('notificationLink and channelsFor', () => {
  it('links a bid to its negotiation page, a trade to its page, an alert to the market item', () => {
    expect(notificationLink({ type: 'bid_countered', bid_id: 3, listing_id: 7 })).toBe('/biditem/7/3');
    expect(notificationLink({ type: 'trade_approved', bid_id: 3, listing_id: 7 })).toBe('/biddetail/3');
    expect(notificationLink({ type: 'price_alert', bid_id: null, listing_id: 7 })).toBe('/viewitem/7');
  });
  it('defaults to everything on; a saved setting wins', () => {
    expect(channelsFor('your_turn', {})).toEqual({ in_app: true, mail: true });
    expect(channelsFor('your_turn', { your_turn: { in_app: false, mail: true } })).toEqual({
      in_app: false,
      mail: true,
    });
  });
});
