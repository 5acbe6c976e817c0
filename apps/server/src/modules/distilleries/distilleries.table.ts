import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';

export const distilleries = pgTable(
  'distilleries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    license_number: text('license_number').notNull(),
    gst_number: text('gst_number').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('distilleries_company_idx').on(t.company_id, sql`lower(${t.name})`),
    uniqueIndex('distilleries_company_name_idx').on(t.company_id, sql`lower(${t.name})`),
  ],
);
