import { index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { users } from '../users/users.table.js';

/**
 * A Negotiator's price alert (issue 25 part 4): the side of the market their company trades with, a product, a
 * state or any, a price bound (at most for an offer, at least for an ask) and a least quantity.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    side: text('side', { enum: ['Offer', 'Ask'] }).notNull(),
    product: text('product').notNull(),
    /** Null: any state. */
    state: text('state'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    min_quantity: numeric('min_quantity', { precision: 14, scale: 1 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_alerts_user_idx').on(t.user_id), index('price_alerts_match_idx').on(t.side, t.product)],
);

/** Which listing each alert has told its owner of: a listing is announced once per alert. */
export const priceAlertHits = pgTable(
  'price_alert_hits',
  {
    alert_id: integer('alert_id')
      .notNull()
      .references(() => priceAlerts.id, { onDelete: 'cascade' }),
    listing_id: integer('listing_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alert_id, t.listing_id] })],
);
