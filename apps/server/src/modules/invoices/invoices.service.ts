// Service fee tax invoices (DESIGN.md §4 "Invoices"): one per side of an approved trade, issued inside the final
// approval's transaction; a fee correction cancels a side's invoice with a credit note and issues a new one. Numbers
// come from a counter row locked until the issuing transaction ends, so they are gap-free per series and
// financial year: a rolled-back approval gives its numbers back, and two approvals never share one.
import type { BidSide } from '@spirit/domain/bids/bids.constants';
import {
  INVOICE_SERIES,
  completeRates,
  financialYearOf,
  invoiceNumber,
  invoiceTaxes,
  isIntraState,
  type FeeRates,
  type InvoiceKind,
} from '@spirit/domain/invoices/invoices.rules';
import { INVOICE_MESSAGES, type InvoiceSummary } from '@spirit/domain/invoices/invoices.schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { fixedStatement, slots } from '../../db/statements.js';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { insertTogether } from '../../db/together.js';
import { auditRows } from '../audit/audit.service.js';
import { companies } from '../companies/companies.table.js';
import { renderInvoicePdf } from './invoices.pdf.js';
import { invoiceCounters, invoices } from './invoices.table.js';

export type InvoiceRow = typeof invoices.$inferSelect;

/** What an invoice needs of a trade: the approved bid's terms and its fee snapshot. */
export type TradeForInvoice = {
  id: number;
  trade_reference: string | null;
  product: string;
  quantity: string;
  buyer_company_id: number;
  seller_company_id: number;
} & TradeRates;

/** A trade's fee snapshot: each side's rate and its two GST rates. */
export type TradeRates = Record<`${BidSide}_${'commission_amount' | 'state_gst' | 'central_gst'}`, string | null>;

export const ratesOf = (trade: TradeRates, side: BidSide): FeeRates => ({
  commission_amount: trade[`${side}_commission_amount`],
  state_gst: trade[`${side}_state_gst`],
  central_gst: trade[`${side}_central_gst`],
});

const invoiceNotFound = () => notFound('invoice.not_found', INVOICE_MESSAGES.notFound);

// Statements built once (db/statements.ts): the final approval, which every trade on the platform queues behind
// while it holds the counter row, runs these.
const takeSerialsStatement = fixedStatement((tx) =>
  tx
    .insert(invoiceCounters)
    .values(slots(invoiceCounters, ['series', 'financial_year', 'last_number']))
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financial_year],
      set: { last_number: sql`${invoiceCounters.last_number} + excluded.last_number` },
    })
    .returning({ last: invoiceCounters.last_number }),
);

/** The next `count` serials of a series in a financial year; the counter row stays locked until commit. */
async function takeSerials(tx: Tx, kind: InvoiceKind, financialYear: string, count: number): Promise<number[]> {
  const [row] = await takeSerialsStatement(tx).execute({
    series: INVOICE_SERIES[kind],
    financial_year: financialYear,
    last_number: count,
  });
  const last = row!.last;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

const billedCompaniesStatement = fixedStatement((tx) =>
  tx
    .select({
      id: companies.id,
      name: sql<string>`coalesce(nullif(${companies.registered_name}, ''), ${companies.name})`,
      address: companies.address,
      city: companies.city,
      pin_code: companies.pin_code,
      state: companies.state,
      gstin: companies.gst_number,
    })
    .from(companies)
    .where(sql`${companies.id} = any(${sql.placeholder('ids')}::int[])`),
);

async function billedCompanies(tx: Tx, ids: number[]) {
  const rows = await billedCompaniesStatement(tx).execute({ ids });
  return new Map(rows.map((r) => [r.id, r]));
}

const addressOf = (c: { address: string; city: string; pin_code: string }) =>
  [c.address, [c.city, c.pin_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * Issues an invoice for each of `sides` of an approved trade whose fee rates are complete (a side without a rate
 * owes nothing the platform can bill: its fee is "NA" until the SuperAdmin sets one). Returns the rows issued.
 */
export async function issueInvoices(
  tx: Tx,
  platform: Config['platform'],
  trade: TradeForInvoice,
  sides: readonly BidSide[],
  now: Date,
): Promise<InvoiceRow[]> {
  const billable = sides.flatMap((side) => {
    const rates = completeRates(ratesOf(trade, side));
    return rates ? [{ side, rates }] : [];
  });
  if (!billable.length || !trade.trade_reference) return [];
  const companyIds = billable.map((b) => (b.side === 'buyer' ? trade.buyer_company_id : trade.seller_company_id));
  const billed = await billedCompanies(tx, companyIds);
  const financialYear = financialYearOf(now);
  const serials = await takeSerials(tx, 'invoice', financialYear, billable.length);
  const values = billable.map(({ side, rates }, i) => {
    const company = billed.get(companyIds[i]!)!;
    const taxes = invoiceTaxes(trade.quantity, rates, isIntraState(company.state, platform.state));
    return {
      number: invoiceNumber('invoice', financialYear, serials[i]!),
      kind: 'invoice' as const,
      series: INVOICE_SERIES.invoice,
      financial_year: financialYear,
      serial: serials[i]!,
      bid_id: trade.id,
      side,
      company_id: company.id,
      credits_invoice_id: null,
      issued_at: now,
      billed_name: company.name,
      billed_address: addressOf(company),
      billed_state: company.state,
      billed_gstin: company.gstin,
      platform_name: platform.name,
      platform_address: platform.address,
      platform_state: platform.state,
      platform_gstin: platform.gstin,
      trade_reference: trade.trade_reference!,
      product: trade.product,
      quantity: trade.quantity,
      rate: rates.commission_amount,
      ...taxes,
    };
  });
  return tx.insert(invoices).values(values).returning();
}

/** The side's live invoice (issued, not cancelled by a credit note), if any. */
async function liveInvoice(tx: Tx, bidId: number, side: BidSide) {
  const credit = alias(invoices, 'credit');
  const [row] = await tx
    .select({ invoice: invoices })
    .from(invoices)
    .leftJoin(credit, eq(credit.credits_invoice_id, invoices.id))
    .where(
      and(eq(invoices.bid_id, bidId), eq(invoices.side, side), eq(invoices.kind, 'invoice'), sql`${credit.id} is null`),
    )
    .orderBy(asc(invoices.id));
  return row?.invoice ?? null;
}

/**
 * After a SuperAdmin fee correction (the bid row is locked by the caller): each changed side's live invoice is
 * cancelled by a credit note for its full amounts, then a new invoice is issued at the new rates. Issued rows are
 * never edited.
 */
export async function reissueInvoices(
  tx: Tx,
  platform: Config['platform'],
  opts: { trade: TradeForInvoice; sides: readonly BidSide[]; actorUserId: number; now: Date },
) {
  const { trade, now } = opts;
  const credited: InvoiceRow[] = [];
  for (const side of opts.sides) {
    const live = await liveInvoice(tx, trade.id, side);
    if (live) credited.push(live);
  }
  const financialYear = financialYearOf(now);
  const serials = credited.length ? await takeSerials(tx, 'credit_note', financialYear, credited.length) : [];
  const notes = credited.length
    ? await tx
        .insert(invoices)
        .values(
          credited.map(({ id, ...original }, i) => ({
            ...original,
            number: invoiceNumber('credit_note', financialYear, serials[i]!),
            kind: 'credit_note' as const,
            series: INVOICE_SERIES.credit_note,
            financial_year: financialYear,
            serial: serials[i]!,
            credits_invoice_id: id,
            issued_at: now,
          })),
        )
        .returning()
    : [];
  const issued = await issueInvoices(tx, platform, trade, opts.sides, now);
  await auditIssued(tx, [...notes, ...issued], opts.actorUserId);
  return { notes, issued };
}

/** The issued rows' audit entries, in one statement. */
async function auditIssued(tx: Tx, rows: InvoiceRow[], actorUserId: number) {
  if (!rows.length) return;
  await insertTogether(tx, [
    auditRows(
      rows.map((row) => ({
        actorUserId,
        companyId: row.company_id,
        action: row.kind === 'credit_note' ? 'invoice.credited' : 'invoice.issued',
        objectType: 'invoice',
        objectId: row.id,
        after: { number: row.number, bid_id: row.bid_id, side: row.side, total: row.total },
      })),
    ),
  ]);
}

/** The final approval's invoices: both sides of the trade, in its transaction, audited. */
export async function issueTradeInvoices(
  deps: Deps,
  tx: Tx,
  opts: { trade: TradeForInvoice; actorUserId: number; now: Date },
) {
  const rows = await issueInvoices(tx, deps.config.platform, opts.trade, ['buyer', 'seller'], opts.now);
  await auditIssued(tx, rows, opts.actorUserId);
  return rows;
}

/** The invoices and credit notes of a trade's `sides`, oldest first, as the fee screens list them. */
export async function invoicesOf(tx: Tx, bidId: number, sides: readonly BidSide[]): Promise<InvoiceSummary[]> {
  if (!sides.length) return [];
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.bid_id, bidId), inArray(invoices.side, [...sides])))
    .orderBy(asc(invoices.id));
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  const cancelled = new Set(rows.flatMap((r) => (r.credits_invoice_id ? [r.credits_invoice_id] : [])));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    side: r.side,
    issued_on: r.issued_at.toISOString(),
    taxable: r.taxable,
    total: r.total,
    cancelled: cancelled.has(r.id),
    credits_number: r.credits_invoice_id ? (numberOf.get(r.credits_invoice_id) ?? null) : null,
  }));
}

/** An invoice's PDF for a caller who may see it: their company's own, any for the SuperAdmin; else not found. */
export async function invoicePdf(deps: Deps, actor: Actor, id: number) {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row || (!isSuperAdmin(actor) && row.company_id !== actor.companyId)) throw invoiceNotFound();
  let credits: string | null = null;
  if (row.credits_invoice_id) {
    const [original] = await deps.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, row.credits_invoice_id));
    credits = original?.number ?? null;
  }
  return { name: `${row.number.replaceAll('/', '-')}.pdf`, bytes: await renderInvoicePdf(row, credits) };
}
