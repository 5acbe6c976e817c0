import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { currentEpoch, epochTable } from '../../db/epoch-table.js';
import { bids } from '../bids/bids.table.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { users } from '../users/users.table.js';

/**
 * A company's rating of another company's distillery (DESIGN.md §4 "Ratings and source"): 1–5 stars and the
 * rater's supplier-qualification source. Rows are never changed: a new review is a new row and the latest row of a
 * (rating company, distillery) wins (your rating = your company's latest, industry rating = mean of every company's
 * latest), read by every list that shows them.
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
    /** The approved trade rated, when the rating comes from one. */
    bid_id: integer('bid_id').references(() => bids.id),
    /** Who entered the row: a user of the rating company, or the SuperAdmin entering it for that company. */
    entered_by_user_id: integer('entered_by_user_id').references(() => users.id),
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
    // A side's latest review of a trade (getBidRating).
    index('ratings_bid_idx')
      .on(t.bid_id, t.from_company_id, t.id.desc().nullsFirst())
      .where(sql`${t.bid_id} is not null`),
    // A company's ratings for its export, newest first.
    index('ratings_from_company_idx').on(t.from_company_id, t.id),
  ],
);

/**
 * A distillery's industry rating (the mean of every rating company's latest rating), kept by the trigger
 * `ratings_industry_kept` (migration 0031) in the rating's own statement: every list row shows it, and working it out
 * per row walked the distillery's ratings once per rating company (half of a page's database time, issue 24).
 */
export const distilleryRatings = pgTable('distillery_ratings', {
  to_distillery_id: integer('to_distillery_id')
    .primaryKey()
    .references(() => distilleries.id),
  /** The exact mean; lists show it rounded to one decimal. */
  rating: numeric('rating').notNull(),
});

/**
 * One row: a number raised, in the same statement, by every change of `ratings` (migration 0041's trigger), and so of
 * `distillery_ratings`, which the ratings' own trigger keeps. A list reads this number with its page and takes each
 * row's ratings from the process's memo under it (ratings/rating-memo.ts), where it probed both rating indexes a row.
 */
export const ratingsEpoch = epochTable('ratings_epoch');

/** The ratings epoch now, as a statement's column. */
export const currentRatingsEpoch = currentEpoch(ratingsEpoch);
