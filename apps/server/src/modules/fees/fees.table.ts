import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';

/** Service fee rates; the most specific one applies (packages/domain/src/fees/fees.rules.ts). */
export const feeRates = pgTable(
  'fee_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_type: text('company_type', { enum: ['Seller', 'Buyer'] }).notNull(),
    company_id: integer('company_id').references(() => companies.id),
    product: text('product'),
    commission_amount: numeric('commission_amount', { precision: 12, scale: 2 }).notNull(),
    state_gst: numeric('state_gst', { precision: 5, scale: 2 }).notNull(),
    central_gst: numeric('central_gst', { precision: 5, scale: 2 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modified_on: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One rate per (type, company, product); NULLs compared as equal through coalesce.
    uniqueIndex('fee_rates_scope_idx').on(
      t.company_type,
      sql`coalesce(${t.company_id}, 0)`,
      sql`coalesce(${t.product}, '')`,
    ),
  ],
);
