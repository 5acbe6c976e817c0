// Notifications (issue 25 part 3): what a user is told, in the app (the bell) and by mail (a digest each minute at
// most). Each type has a default preference a user may change on the settings page.

export const NOTIFICATION_TYPES = [
  'bid_placed',
  'bid_countered',
  'your_turn',
  'trade_approved',
  'bid_rejected',
  'bid_lapsing',
  'price_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How the settings page names each type. */
export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  bid_placed: 'A bid on my listing',
  bid_countered: 'A counter to my bid',
  your_turn: 'My turn to accept or approve',
  trade_approved: 'Trade approved',
  bid_rejected: 'Bid rejected',
  bid_lapsing: 'Bid lapsing within an hour',
  price_alert: 'A listing matches my price alert',
};

export type NotificationChannels = { in_app: boolean; mail: boolean };

/**
 * Everything is on by default: the bell is the point of the feature, and mail is one digest a minute at most, so
 * a busy negotiator is not flooded (docs/decisions.md "Notifications").
 */
export const DEFAULT_CHANNELS: Readonly<NotificationChannels> = Object.freeze({ in_app: true, mail: true });

/** The bell shows this many unread at most, then "99+". */
export const UNREAD_COUNT_CAP = 99;
/** How soon before `valid_until` the parties hear that an open bid is about to lapse. */
export const LAPSING_WITHIN_MS = 60 * 60_000;
/** How often the digest mail goes out: at most one mail per user per this period. */
export const DIGEST_EVERY_MS = 60_000;
/** A digest lists this many notifications at most, then "and N more". */
export const DIGEST_MAX_LINES = 20;

export const NOTIFICATION_MESSAGES = {
  marked: 'Notifications marked as read',
  saved: 'Notification settings saved',
  notFound: 'Notification not found',
} as const;
