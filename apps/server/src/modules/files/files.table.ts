import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('pan_card'),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    storage_key: text('storage_key').notNull(),
    /** Null while unclaimed: an upload made before its company exists. */
    company_id: integer('company_id').references(() => companies.id),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    /** A bulk sheet is read into listings once: when uploadCSV created them. */
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    uploaded_ip: text('uploaded_ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_unclaimed_idx').on(t.claimed_at, t.created_at)],
);
