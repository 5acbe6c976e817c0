import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * What a user is told (issue 25 part 3). A row is written by the notifications consumer in the transaction that moves
 * its place in the event stream, so each event is told once. `in_app` and `mail` are the user's settings when it was
 * written: the bell shows `in_app` rows, the digest mails `mail` rows (a row with neither is never written).
 * `listing_id` is the recipient's counterparty listing for a bid (the bid page's `/biditem/{listing}/{bid}`), the
 * matching listing for a price alert.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    bid_id: integer('bid_id'),
    listing_id: integer('listing_id'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    in_app: boolean('in_app').notNull().default(true),
    mail: boolean('mail').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    // The bell's list, newest first, and its unread count.
    index('notifications_user_idx')
      .on(t.user_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.in_app}`),
    index('notifications_unread_idx')
      .on(t.user_id)
      .where(sql`${t.in_app} and ${t.read_at} is null`),
    // The digest's queue.
    index('notifications_mail_due_idx')
      .on(t.user_id, t.id)
      .where(sql`${t.mail} and ${t.mailed_at} is null`),
  ],
);

/** A user's saved setting for one type; a type without a row has the defaults (`DEFAULT_CHANNELS`). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    in_app: boolean('in_app').notNull(),
    mail: boolean('mail').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.type] })],
);

/** The open bids whose parties were told they lapse within the hour: each is told once. */
export const bidLapseWarnings = pgTable('bid_lapse_warnings', {
  bid_id: integer('bid_id').primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
