import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { trigramIndexes } from '../../db/trigram.js';

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: ['Seller', 'Buyer'] }).notNull(),
    name: text('name').notNull().default(''),
    registered_name: text('registered_name').notNull(),
    license_number: text('license_number').notNull().default(''),
    pan_no: text('pan_no').notNull(),
    gst_number: text('gst_number').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pin_code: text('pin_code').notNull().default(''),
    distillery_address: text('distillery_address').notNull().default(''),
    email: text('email').notNull(),
    /** The person registering: approval names the company's admin account after them (empty: the company). */
    admin_name: text('admin_name').notNull().default(''),
    mobile_number: text('mobile_number').notNull(),
    is_bid_confidential: boolean('is_bid_confidential').notNull().default(false),
    license_file_id: uuid('license_file_id'),
    status: text('status', { enum: ['Pending', 'Approved', 'Rejected', 'Deleted'] })
      .notNull()
      .default('Pending'),
    /** The status a Deleted company returns to on restore. */
    status_before_delete: text('status_before_delete', { enum: ['Pending', 'Approved', 'Rejected'] }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_status_idx').on(t.status, t.created_at),
    // The list's name order (`coalesce(nullif(name, ''), registered_name)`, case-insensitive) and its search: a
    // trigram index per searched column serves `lower(column) like '%term%'` at any size. The name columns close
    // the key (they never change its order, id is unique) so that a page's ids are an index-only scan: PostgreSQL
    // reads an expression's value from an index only when the columns it is made of are in the index too.
    index('companies_display_name_idx').on(
      sql`lower(coalesce(nullif(${t.name}, ''), ${t.registered_name}))`,
      t.id,
      t.name,
      t.registered_name,
    ),
    index('companies_type_display_name_idx').on(
      t.type,
      sql`lower(coalesce(nullif(${t.name}, ''), ${t.registered_name}))`,
      t.id,
    ),
    ...trigramIndexes('companies', [t.name, t.registered_name, t.email, t.gst_number, t.pan_no]),
    uniqueIndex('companies_pan_live_idx')
      .on(t.pan_no)
      .where(sql`${t.status} <> 'Rejected' and ${t.status} <> 'Deleted'`),
  ],
);

export const companySpirits = pgTable(
  'company_spirits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type_of_spirit: text('type_of_spirit').notNull(),
  },
  (t) => [uniqueIndex('company_spirits_unique_idx').on(t.company_id, t.type_of_spirit)],
);
