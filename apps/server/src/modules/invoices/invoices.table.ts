import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bids } from '../bids/bids.table.js';
import { companies } from '../companies/companies.table.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

/**
 * The last number issued per series and financial year. The row is taken with an upsert that holds its lock until
 * the issuing transaction ends, so numbers are gap-free: a rolled-back approval gives its numbers back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    financial_year: text('financial_year').notNull(),
    last_number: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financial_year] })],
);

/**
 * A service fee tax invoice, or a credit note cancelling one, for one side of an approved trade. Everything printed
 * is copied onto the row at issue (the billed company, the platform, the trade, the rates and amounts), so the PDF
 * renders from the row alone and never changes.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    financial_year: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    side: text('side', { enum: ['buyer', 'seller'] }).notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** A credit note: the invoice it cancels. */
    credits_invoice_id: integer('credits_invoice_id'),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull(),
    billed_name: text('billed_name').notNull(),
    billed_address: text('billed_address').notNull(),
    billed_state: text('billed_state').notNull(),
    billed_gstin: text('billed_gstin').notNull(),
    platform_name: text('platform_name').notNull(),
    platform_address: text('platform_address').notNull(),
    platform_state: text('platform_state').notNull(),
    platform_gstin: text('platform_gstin').notNull(),
    trade_reference: text('trade_reference').notNull(),
    product: text('product').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 1 }).notNull(),
    rate: money('rate').notNull(),
    taxable: money('taxable').notNull(),
    cgst_rate: percent('cgst_rate').notNull(),
    sgst_rate: percent('sgst_rate').notNull(),
    igst_rate: percent('igst_rate').notNull(),
    cgst: money('cgst').notNull(),
    sgst: money('sgst').notNull(),
    igst: money('igst').notNull(),
    total: money('total').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_serial_idx').on(t.series, t.financial_year, t.serial),
    // One credit note per invoice (a side's issues are serialised by the trade's bid row lock).
    uniqueIndex('invoices_credits_idx').on(t.credits_invoice_id),
    index('invoices_bid_idx').on(t.bid_id, t.id),
    check('invoices_credit_check', sql`(${t.kind} = 'credit_note') = (${t.credits_invoice_id} is not null)`),
  ],
);
