import { describe, expect, it } from 'vitest';
import { BID_MESSAGES, DEFAULT_VALIDITY_HOURS, VALIDITY_HOURS } from './bids.constants.js';
import {
  bidActionSchema,
  createBidSchema,
  getAllBidsSchema,
  negotiateBidSchema,
  validUntilField,
  verifyOTPSchema,
} from './bids.schemas.js';

const terms = { quantity: '1000.5', price: 62.25, valid_until: '2025-06-01T18:00:00Z', captcha: 'payload' };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)[0];

describe('valid_until', () => {
  it.each([
    ['2025-06-01T18:00:00Z', '2025-06-01T18:00:00.000Z'],
    ['2025-06-01T23:30:00+05:30', '2025-06-01T18:00:00.000Z'],
    // The spec's local date-time is India's time, never the server's.
    ['2025-06-01T23:30', '2025-06-01T18:00:00.000Z'],
    ['2025-06-01T23:30:00', '2025-06-01T18:00:00.000Z'],
  ])('%s is %s', (input, iso) => {
    expect(validUntilField().parse(input).toISOString()).toBe(iso);
  });
  it.each(['tomorrow', '2025-06-01', '2025-13-01T10:00:00Z', '2025-02-30T10:00:00Z', 1_748_800_000_000, ''])(
    '%j is refused',
    (input) => {
      expect(validUntilField().safeParse(input).success).toBe(false);
    },
  );
  it('offers 4…48 hours in steps of 4, default 4', () => {
    expect(VALIDITY_HOURS).toEqual(Array.from({ length: 12 }, (_, i) => 4 * (i + 1)));
    expect(DEFAULT_VALIDITY_HOURS).toBe(4);
  });
});

describe('createBid', () => {
  it('names the counterparty listing: the one of offer_id / ask_id that is not my_offer_id', () => {
    const body = createBidSchema.parse({ ...terms, my_offer_id: 7, offer_id: 9, ask_id: 7 });
    expect(body).toMatchObject({ counterparty_listing_id: 9, quantity: 1000.5, price: 62.25, comment: '' });
    expect(createBidSchema.parse({ ...terms, my_offer_id: 7, ask_id: '12' }).counterparty_listing_id).toBe(12);
  });
  it.each([
    [{ my_offer_id: 7 }, `offer_id: ${BID_MESSAGES.chooseListing}`],
    [{ my_offer_id: 7, offer_id: 7 }, `offer_id: ${BID_MESSAGES.chooseListing}`],
    [{ my_offer_id: 7, offer_id: 8, ask_id: 9 }, `offer_id: ${BID_MESSAGES.chooseListing}`],
  ])('%j is refused', (ids, message) => {
    expect(firstMessage(createBidSchema.safeParse({ ...terms, ...ids }))).toBe(message);
  });
  it.each([
    [{ quantity: '10.25' }, 'quantity'],
    [{ quantity: 0 }, 'quantity'],
    [{ price: '1.005' }, 'price'],
    [{ price: -1 }, 'price'],
    [{ captcha: '' }, 'captcha'],
    [{ escort_fee: 'x' }, 'escort_fee'],
    [{ sales_tax: 101 }, 'sales_tax'],
  ])('%j is refused on %s', (patch, field) => {
    const r = createBidSchema.safeParse({ ...terms, my_offer_id: 7, offer_id: 9, ...patch });
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('negotiateBid and bidAction carry the version the client saw', () => {
  it('requires it', () => {
    expect(negotiateBidSchema.safeParse({ ...terms, bid_id: 3 }).success).toBe(false);
    expect(negotiateBidSchema.parse({ ...terms, bid_id: 3, version: '4' }).version).toBe(4);
    expect(bidActionSchema.safeParse({ bid_id: 3, is_approved: true }).success).toBe(false);
  });
  it('a reject needs a comment; an approval does not', () => {
    expect(bidActionSchema.parse({ bid_id: 3, is_approved: true, version: 2 })).toMatchObject({ comment: '' });
    expect(firstMessage(bidActionSchema.safeParse({ bid_id: 3, is_approved: false, version: 2, comment: ' ' }))).toBe(
      `comment: ${BID_MESSAGES.commentRequired}`,
    );
    expect(bidActionSchema.parse({ bid_id: 3, is_approved: false, version: 2, comment: 'Too high' }).comment).toBe(
      'Too high',
    );
  });
  it('takes the spec’s role words, Authenticator included, and refuses others', () => {
    const body = { bid_id: 3, is_approved: true, version: 2, company_type: 'Buyer' };
    expect(bidActionSchema.safeParse({ ...body, user_role: 'Authenticator' }).success).toBe(true);
    expect(bidActionSchema.safeParse({ ...body, user_role: 'SuperAdmin' }).success).toBe(false);
    expect(bidActionSchema.safeParse({ ...body, is_approved: 'true' }).success).toBe(false);
  });
});

describe('getAllBids and the one-time code', () => {
  it('extends the list query', () => {
    expect(getAllBidsSchema.parse({ bid_status: 'Approved', is_tracked_bid: true })).toMatchObject({
      page: 1,
      page_size: 10,
      bid_status: 'Approved',
      is_tracked_bid: true,
    });
    expect(getAllBidsSchema.safeParse({ bid_status: 'approved' }).success).toBe(false);
  });
  it('narrows awaiting_me to one tier, and says what is wrong with a bad or lone awaiting_tier', () => {
    expect(getAllBidsSchema.parse({ awaiting_me: true, awaiting_tier: 'approver' })).toMatchObject({
      awaiting_me: true,
      awaiting_tier: 'approver',
    });
    const issue = (body: object) => getAllBidsSchema.safeParse(body).error?.issues[0];
    expect(issue({ awaiting_me: true, awaiting_tier: 'Approver' })).toMatchObject({
      path: ['awaiting_tier'],
      message: 'awaiting_tier must be negotiator, authorizer or approver',
    });
    expect(issue({ awaiting_tier: 'authorizer' })).toMatchObject({
      path: ['awaiting_tier'],
      message: 'awaiting_tier narrows awaiting_me: send awaiting_me: true with it',
    });
    expect(issue({ awaiting_me: false, awaiting_tier: 'authorizer' })?.path).toEqual(['awaiting_tier']);
  });
  it.each([
    ['123456', true],
    ['12345', false],
    ['12345a', false],
    ['', false],
  ])('otp %j: %s', (otp, ok) => {
    expect(verifyOTPSchema.safeParse({ otp }).success).toBe(ok);
  });
});
