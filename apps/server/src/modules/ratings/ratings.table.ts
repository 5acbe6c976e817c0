import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';

/**
 * A company's rating of another company's distillery (DESIGN.md §4 "Ratings and source"): 1–5 stars and the
 * rater's supplier-qualification source. Written by the after-trade issue; read by the listings' possible
 * counterparties (your rating = your company's latest, industry rating = mean of every company's latest).
 */
export const ratings = pgTable(
  'ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    from_company_id: integer('from_company_id')
      .notNull()
      .references(() => companies.id),
    from_distillery_id: integer('from_distillery_id').references(() => distilleries.id),
    to_company_id: integer('to_company_id')
      .notNull()
      .references(() => companies.id),
    to_distillery_id: integer('to_distillery_id')
      .notNull()
      .references(() => distilleries.id),
    rating: smallint('rating').notNull(),
    source: text('source', { enum: ['New', 'Approved', 'Rejected'] })
      .notNull()
      .default('New'),
    /** The approved trade rated, when the rating comes from one (bids arrive with the next issue). */
    bid_id: integer('bid_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
    // Latest rating of a distillery per rating company.
    index('ratings_to_from_idx').on(
      t.to_distillery_id,
      t.from_company_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
