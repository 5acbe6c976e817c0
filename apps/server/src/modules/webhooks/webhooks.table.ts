import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { users } from '../users/users.table.js';

/**
 * A company's webhook subscriptions (issue 25 part 5). The signing secret is stored as given (the server must sign
 * with it; docs/decisions.md) and shown once, at creation.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    event_types: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_company_idx').on(t.company_id, t.id)],
);

/**
 * One event to deliver to one subscription. `event` is the MarketEvent as sent; `next_attempt_at` is also the lease
 * of a worker that claimed the row (a worker that dies leaves it due again once the lease passes).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhook_id: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull(),
    event_seq: bigint('event_seq', { mode: 'number' }).notNull(),
    event_type: text('event_type').notNull(),
    event: jsonb('event').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_status_code: integer('last_status_code'),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    replay_of: bigint('replay_of', { mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhook_id, sql`${t.id} desc`),
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);
