// The market's events (issue 25, DESIGN.md §4 "Live market"): every change another user should hear of is written
// as one event in the transaction that made it. Consumers (open screens, notifications, webhooks) read them in the
// order the outbox's sequencer gave them.

export const BID_EVENT_TYPES = [
  'bid.placed',
  'bid.countered',
  'bid.accepted',
  'bid.approved',
  'bid.rejected',
  'bid.lapsed',
  'bid.traded',
] as const;

export const LISTING_EVENT_TYPES = ['listing.created', 'listing.changed', 'listing.closed'] as const;

export const TRADE_EVENT_TYPES = ['sale_order.uploaded', 'rating.given'] as const;

export const EVENT_TYPES = [...BID_EVENT_TYPES, ...LISTING_EVENT_TYPES, ...TRADE_EVENT_TYPES] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * An event as a consumer sees it. `seq` is its place in the stream (an SSE `id`, a webhook delivery's order);
 * `data` holds ids and states only — never a company's name or id — so what reaches a watcher is what the read
 * it invalidates would show them.
 */
export type MarketEvent = {
  seq: number;
  type: EventType;
  bid_id: number | null;
  listing_id: number | null;
  data: Record<string, unknown>;
  at: string;
};

/** The stream's own events besides the market's: `reset` tells the client to refetch everything (a gap too large). */
export const STREAM_RESET = 'reset';
/** A comment line this often keeps proxies from closing an idle stream (ms). */
export const STREAM_HEARTBEAT_MS = 20_000;
/** A ticket opens a stream within this long (s). */
export const STREAM_TICKET_SECONDS = 60;
