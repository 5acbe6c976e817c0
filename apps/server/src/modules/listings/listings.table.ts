import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { trigramIndexes } from '../../db/trigram.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { files } from '../files/files.table.js';
import { users } from '../users/users.table.js';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * An offer's landed price before the buyer's own fees (DESIGN.md §4): its price, its sales tax on the price and its
 * export pass fee. One expression for the index below and for getAllPossibleOffer's order (a buyer's default), so
 * PostgreSQL matches them.
 */
export function offerLandedPrice(t: { price: PgColumn; sales_tax: PgColumn; export_pass_fee: PgColumn }): SQL {
  return sql`(${t.price} + round(${t.price} * coalesce(${t.sales_tax}, 0) / 100, 2) + coalesce(${t.export_pass_fee}, 0))`;
}

/**
 * Offers (side Offer, Seller companies) and asks (side Ask, Buyer companies) in one table (DESIGN.md §4). A
 * listing's state is its distillery's. Only the fees of its side are set; the other side's stay null.
 */
export const listings = pgTable(
  'listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    side: text('side', { enum: ['Offer', 'Ask'] }).notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    distillery_id: integer('distillery_id')
      .notNull()
      .references(() => distilleries.id),
    state: text('state').notNull(),
    product: text('product').notNull(),
    /** `YYYY-MM`; text compares in calendar order. */
    from_period: text('from_period').notNull(),
    to_period: text('to_period').notNull(),
    original_quantity: numeric('original_quantity', { precision: 14, scale: 1 }).notNull(),
    /** Original less what approved trades took; only the final approval of a bid lowers it. */
    available_quantity: numeric('available_quantity', { precision: 14, scale: 1 }).notNull(),
    price: money('price').notNull(),
    export_pass_fee: money('export_pass_fee'),
    sales_tax: numeric('sales_tax', { precision: 5, scale: 2 }),
    import_pass_fee: money('import_pass_fee'),
    transit_permit_fee: money('transit_permit_fee'),
    escort_fee: money('escort_fee'),
    corporation_fee: money('corporation_fee'),
    misc_handling: money('misc_handling'),
    transportation: money('transportation'),
    /** Closed once nothing is available. Whether a listing is open also depends on its period and company. */
    status: text('status', { enum: ['Open', 'Closed'] })
      .notNull()
      .default('Open'),
    /** Raised by every change; an edit naming an older version is refused. */
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('listings_period_check', sql`${t.from_period} <= ${t.to_period}`),
    check(
      'listings_quantity_check',
      sql`${t.available_quantity} >= 0 and ${t.available_quantity} <= ${t.original_quantity}`,
    ),
    check('listings_price_check', sql`${t.price} > 0`),
    // getAllOffers: a company's listings of its side, newest change first.
    index('listings_company_side_idx').on(t.company_id, t.side, t.updated_at.desc(), t.id.desc()),
    index('listings_distillery_idx').on(t.distillery_id),
    // getAllPossibleOffer and the product filter of getAllInventory: open listings of a side and product, by period.
    index('listings_open_product_idx')
      .on(t.side, t.product, t.to_period)
      .where(sql`${t.status} = 'Open'`),
    // getAllPossibleOffer's orders: a product's open listings by price (a seller's default, highest first) and, for
    // offers, by landed price (a buyer's default, cheapest first). A page walks its few rows in order instead of
    // sorting every open listing of the product (thousands at market scale).
    index('listings_open_product_price_idx')
      .on(t.side, t.product, t.price)
      .where(sql`${t.status} = 'Open'`),
    index('listings_open_product_landed_idx')
      .on(t.side, t.product, offerLandedPrice(t))
      .where(sql`${t.status} = 'Open'`),
    // Market statistics: open listings of a side and product, newest change first.
    index('listings_open_product_recent_idx')
      .on(t.side, t.product, t.updated_at.desc())
      .where(sql`${t.status} = 'Open'`),
    // getAllInventory: the market newest first, and by state.
    index('listings_open_recent_idx')
      .on(t.side, t.created_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'Open'`),
    index('listings_open_state_idx')
      .on(t.side, t.state, t.created_at.desc())
      .where(sql`${t.status} = 'Open'`),
    // The market's search spans every company's listings.
    ...trigramIndexes('listings', [t.product, t.state]),
  ],
);

/**
 * A bulk upload's rows between their check and their listings (issue 20 item 6), a part per row. A request stages
 * its parts one transaction each, then marks them ready in the transaction that consumes the file; each part is then
 * written as listings in a transaction of its own, which deletes its row. Ready parts a crash left here are written at
 * the next start (listings.bulk-write.ts), so an upload ends whole; parts never marked ready are removed.
 */
export const bulkUploadParts = pgTable(
  'bulk_upload_parts',
  {
    /** One request's upload: two calls with one file stage apart, and only the one that consumes it goes on. */
    upload_id: uuid('upload_id').notNull(),
    part: integer('part').notNull(),
    parts: integer('parts').notNull(),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    actor_user_id: integer('actor_user_id').references(() => users.id),
    side: text('side', { enum: ['Offer', 'Ask'] }).notNull(),
    /** The listings' column names, as the rows' keys. */
    columns: text('columns').array().notNull(),
    rows: json('rows').notNull(),
    /** Set with the file's consumption: from then on the upload is owed in full. */
    ready: boolean('ready').notNull().default(false),
    staged_at: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.upload_id, t.part] })],
);
