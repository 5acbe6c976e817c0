import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The event outbox. A row is written in the transaction of the change it reports (`publish`), with no place in the
 * stream yet; the sequencer (events.outbox.ts) numbers committed rows one batch at a time, under a lock, so `seq`
 * grows in the order rows became visible and a consumer that read up to `seq` n never meets a later row below n.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    seq: bigint('seq', { mode: 'number' }),
    type: text('type').notNull(),
    bid_id: integer('bid_id'),
    listing_id: integer('listing_id'),
    /** The companies allowed to hear of it; null: every company trading in the market. */
    company_ids: integer('company_ids').array(),
    actor_user_id: integer('actor_user_id'),
    actor_company_id: integer('actor_company_id'),
    data: jsonb('data').notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_seq_idx').on(t.seq),
    index('events_unsequenced_idx')
      .on(t.id)
      .where(sql`${t.seq} is null`),
  ],
);

/** How far each durable consumer (notifications, webhooks) has read: it resumes there after any stop. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  last_seq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Event stream tickets (issue 25 part 2): a browser's EventSource sends no headers, so a signed-in call hands out a
 * random ticket, stored hashed, that opens one stream of its user's session within a minute. `used_at` makes it
 * single-use (an update that only one request can win) and lets a refusal say why. Rows are purged when old.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id').notNull(),
    session_id: integer('session_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expires_at)],
);
