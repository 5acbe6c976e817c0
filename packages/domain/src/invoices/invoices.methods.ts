// Service fee tax invoices (issue 22 part 6): listed with a trade's fee (getBidCommissionById), downloaded here.
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import { getInvoicePdfSchema } from './invoices.schemas.js';

export const INVOICE_METHODS = {
  getInvoicePdf: {
    body: getInvoicePdfSchema,
    data: nothing,
    access: METHOD_ACCESS.getInvoicePdf,
    binary: true,
    summary:
      'An invoice or credit note as a PDF (the same bytes on every download): the caller’s company’s own, any for ' +
      'the SuperAdmin; another company’s is not found',
  },
} as const satisfies Record<string, MethodSpec>;
