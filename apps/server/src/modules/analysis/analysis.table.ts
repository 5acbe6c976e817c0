import { boolean, date, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { tradeSums } from '../bids/trade-days.table.js';

// The analysis' and the trend's summaries (issue 23 "Budgets"), kept by the database in the statement that changes
// what they count — the statement-level triggers of migration 0030 — so they are never behind it; written only
// there. Each trigger sums its statement's changes per key and applies them in key order (two writers of the same
// rows take their locks in one order). No CHECK on the sums: an upsert's proposed row (a change's −1) is checked
// before it merges.
//
// The funnel, which every bid placed, countered, accepted or traded moves, is split into slots, the counted bid's id
// modulo 8 (migration 0032): a summary row is locked from the statement that moves it until its transaction commits,
// and with one row per key every bid placed on the platform at once queued behind the others (issue 24, trades side
// by side). A slot row sums its own bids, so each is a true sum of part of them; readers sum the slots. The trades by
// day and the open listings move only when a trade is approved, and those approvals already queue on the invoice
// counter: they have no slots (migration 0033), so the trend and the analysis read a row per key.

/** The slot of a summary row: the counted bid's id modulo 8, written only by the triggers. */
export const summarySlot = () => smallint('slot').notNull().default(0);

/**
 * Non-confidential bids per India Standard Time day of creation, stored status and whether the deal was accepted
 * (`locked`): the bid funnel of a range reads its days, a few rows each, instead of every bid created in it.
 */
export const bidFunnelDays = pgTable(
  'bid_funnel_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    locked: boolean('locked').notNull(),
    bids: integer('bids').notNull().default(0),
    slot: summarySlot(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.locked, t.slot] })],
);

/** A company's trades of a period and product: the columns the top companies sum, in every period's summary. */
const companyTradeSums = () => ({
  company_id: integer('company_id').notNull(),
  product: text('product').notNull(),
  ...tradeSums(),
});

/**
 * Non-confidential approved trades per IST day of approval, party (each trade counts once for its seller and once
 * for its buyer) and product: the top companies of a range read its days instead of every trade of it.
 */
export const companyTradeDays = pgTable(
  'company_trade_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...companyTradeSums(),
  },
  // Also `company_trade_days_sums_idx (day) include (company_id, trades, volume, value)` (migration 0030, by hand:
  // Drizzle's index has no INCLUDE): a range's rows read from the index alone.
  (t) => [primaryKey({ columns: [t.day, t.company_id, t.product] })],
);

/**
 * The same per IST month of approval (`month` its first day), and again for all products as product '' (migration
 * 0038): a range's whole months read a month's rows (~830 companies of all products at market scale) instead of ~30
 * days of `company_trade_days` (~11,000); only the days at its ends are read by day (`topCompaniesSpans`).
 */
export const companyTradeMonths = pgTable(
  'company_trade_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...companyTradeSums(),
  },
  // Also `company_trade_months_sums_idx (product, month) include (…)` (migration 0038): one product's or all
  // products' ('') months of a range from the index alone.
  (t) => [primaryKey({ columns: [t.month, t.company_id, t.product] })],
);

/**
 * The same per IST quarter of approval (`quarter` its first day: January, April, July, October), product '' again
 * all products (migration 0039): a year's ranking reads three or four quarters' rows (~900 companies each) and the
 * months at its ends, where by month it read twelve (~10,400 rows at market scale).
 */
export const companyTradeQuarters = pgTable(
  'company_trade_quarters',
  {
    quarter: date('quarter', { mode: 'string' }).notNull(),
    ...companyTradeSums(),
  },
  // Also `company_trade_quarters_sums_idx (product, quarter) include (…)` (migration 0039).
  (t) => [primaryKey({ columns: [t.quarter, t.company_id, t.product] })],
);

/**
 * What is open to trade per state, product, side and last period: the listings with status Open, quantity left and
 * an Approved company (as `openWhere` reads them), summed. The trend reads the rows of periods not yet ended — a few
 * hundred — instead of every open listing (170,000 at market scale); a company's approval or suspension moves its
 * listings in or out (migration 0030's trigger on companies).
 */
export const openListingSums = pgTable(
  'open_listing_sums',
  {
    state: text('state').notNull(),
    product: text('product').notNull(),
    side: text('side').notNull(),
    to_period: text('to_period').notNull(),
    listings: integer('listings').notNull().default(0),
    /** Σ available quantity (litres). */
    quantity: numeric('quantity', { precision: 20, scale: 1 }).notNull().default('0'),
    /** Σ available quantity × price. */
    value: numeric('value', { precision: 26, scale: 3 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.to_period, t.product, t.state, t.side] })],
);
