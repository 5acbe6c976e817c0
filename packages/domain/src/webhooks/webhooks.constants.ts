// Webhooks (issue 25 part 5): a company's ERP hears of market events by signed HTTPS POSTs. No imports beyond the
// event types, so the web bundle takes it whole.
import { EVENT_TYPES, type EventType } from '../events/events.constants.js';

export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;

export const WEBHOOK_EVENT_LABELS: Record<EventType, string> = {
  'bid.placed': 'Bid placed',
  'bid.countered': 'Bid countered',
  'bid.accepted': 'Bid accepted',
  'bid.approved': 'Bid approved at a tier',
  'bid.rejected': 'Bid rejected',
  'bid.lapsed': 'Bid lapsed',
  'bid.traded': 'Trade approved',
  'listing.created': 'Listing created',
  'listing.changed': 'Listing changed',
  'listing.closed': 'Listing closed',
  'sale_order.uploaded': 'Sale order uploaded',
  'rating.given': 'Rating given',
};

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Deliveries are retried with exponential back-off (30 s doubling, at most an hour apart) for this long. */
export const DELIVERY_RETRY_HOURS = 24;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A receiver's answer is read up to this many bytes, then dropped. */
export const DELIVERY_BODY_CAP = 64 * 1024;

/** When attempt `attempts` (1-based) has failed: the wait before the next, in ms. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export const WEBHOOK_MESSAGES = {
  created: 'Webhook created. Copy its signing secret now: it will not be shown again.',
  updated: 'Webhook updated',
  deleted: 'Webhook deleted',
  replayed: 'Delivery queued again',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  httpsOnly: 'The URL must start with https://',
  invalidUrl: 'Please enter a valid URL',
  credentials: 'The URL must not contain a user name or password',
  privateAddress: 'The URL must point to a public internet address',
  unresolvable: 'The URL’s host name cannot be resolved',
  pickEvent: 'Please choose at least one event type',
} as const;
