import { boolean, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The trades of a summary's row, their litres and their value (fresh columns for each table). */
export const tradeSums = () => ({
  trades: integer('trades').notNull().default(0),
  /** Σ quantity (litres). */
  volume: numeric('volume', { precision: 18, scale: 1 }).notNull().default('0'),
  /** Σ quantity × price: the quantity-weighted average price is value ÷ volume. */
  value: numeric('value', { precision: 24, scale: 3 }).notNull().default('0'),
});

/**
 * The approved trades summed per India Standard Time day of approval, product, state (the offer's: where the spirit
 * is sold from) and confidentiality (issue 23 "Budgets"): commission over time and the traded volume charts read a
 * few hundred of these rows instead of every trade of their range. Kept by the database in the transaction that
 * approves (or changes, or deletes) a trade — the `bids_trade_days_*` triggers of migration 0024 — so it is never
 * behind the bids it sums; written only there.
 */
export const tradeDays = pgTable(
  'trade_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    state: text('state').notNull(),
    is_confidential: boolean('is_confidential').notNull(),
    ...tradeSums(),
    /** Σ each side's fee on the trade as the dashboard computes it (NA fees count as nothing). */
    buyer_commission: numeric('buyer_commission', { precision: 18, scale: 2 }).notNull().default('0'),
    seller_commission: numeric('seller_commission', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  // No CHECK on the sums: PostgreSQL checks an upsert's proposed row (a change's −1) before it merges it.
  (t) => [primaryKey({ columns: [t.day, t.product, t.state, t.is_confidential] })],
);

/**
 * The same trades summed per IST week (its Monday) and per IST month (its first day), without the fees (migration
 * 0040): the traded volume chart's weekly and monthly buckets read a range's whole weeks or months here and only the
 * days at its ends from `trade_days` — 90 days by state ~1,300 rows where by day they were ~6,700. Written by the
 * same function as the days, in the same statement.
 */
export const tradePeriods = pgTable(
  'trade_periods',
  {
    /** 'week' or 'month', as the chart's buckets (`date_trunc`'s units). */
    unit: text('unit').notNull(),
    /** The period's first day. */
    start: date('start', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    state: text('state').notNull(),
    is_confidential: boolean('is_confidential').notNull(),
    ...tradeSums(),
  },
  // Also `trade_periods_sums_idx (unit, start) include (…)` (migration 0040).
  (t) => [primaryKey({ columns: [t.unit, t.start, t.product, t.state, t.is_confidential] })],
);
