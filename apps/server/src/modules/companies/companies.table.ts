import { getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { searchTextIndex, searchTextOf, trigramIndexes } from '../../db/trigram.js';

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
    /** What the list's search matches (db/trigram.ts): never selected for an answer (`companyColumns`). */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        searchTextOf((): PgColumn[] => [
          companies.name,
          companies.registered_name,
          companies.email,
          companies.gst_number,
          companies.pan_no,
        ]),
      ),
  },
  (t) => [
    index('companies_status_idx').on(t.status, t.created_at),
    // The list's name order (`coalesce(nullif(name, ''), registered_name)`, case-insensitive). The name columns close
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
    // The search; and an admin email's uniqueness (`lower(email) = …`), which the email's trigram index serves.
    searchTextIndex('companies', t.search_text),
    ...trigramIndexes('companies', [t.email]),
    uniqueIndex('companies_pan_live_idx')
      .on(t.pan_no)
      .where(sql`${t.status} <> 'Rejected' and ${t.status} <> 'Deleted'`),
  ],
);

/** Every column but `search_text`: what a company row read for a service or an answer holds. */
const { search_text: _searchText, ...companyColumns } = getTableColumns(companies);
export { companyColumns };

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

/** A company's shown name: its name, or its registered name when it has none (a company table or an alias of it). */
export const shownName = (c: { name: SQLWrapper; registered_name: SQLWrapper }) =>
  sql<string>`coalesce(nullif(${c.name}, ''), ${c.registered_name})`;
