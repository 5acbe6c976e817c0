// Service fee tax invoices and credit notes (DESIGN.md §4 "Invoices"; issue 22 part 6).
import { z } from 'zod';
import { BID_SIDES } from '../bids/bids.constants.js';
import { idField } from '../common/numbers.js';

export const INVOICE_MESSAGES = { notFound: 'Invoice not found' } as const;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

/** An invoice as the fee screens list it; the PDF is `getInvoicePdf`. */
export const invoiceSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  side: z.enum(BID_SIDES),
  /** The moment of issue (ISO); its day in India is the invoice date. */
  issued_on: z.string(),
  taxable: z.string(),
  total: z.string(),
  /** An invoice a later credit note cancelled (after a fee correction). */
  cancelled: z.boolean(),
  /** A credit note: the number of the invoice it cancels. */
  credits_number: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const getInvoicePdfSchema = z.object({ id: idField() });
export type GetInvoicePdfInput = z.input<typeof getInvoicePdfSchema>;
