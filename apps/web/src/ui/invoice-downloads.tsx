// A trade's invoices and credit notes as download buttons (the fee screens and the bid page's Price Breakup). The PDF
// is made by the server (`getInvoicePdf`); PDF code never reaches the browser.
import type { InvoiceSummary } from '@spirit/domain/invoices/invoices.schemas';
import { useState } from 'react';
import { errorText, fetchBinary } from '../app/api-client';
import { formatDate, formatMoney } from './format';
import { saveBlob } from './save-file';
import { useToast } from './toast';

export function useInvoiceDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (invoice: Pick<InvoiceSummary, 'id' | 'number'>) => {
    setBusy(invoice.id);
    try {
      const { blob, filename } = await fetchBinary('getInvoicePdf', { id: invoice.id });
      saveBlob(blob, filename ?? `${invoice.number.replaceAll('/', '-')}.pdf`);
    } catch (error) {
      toast.failure(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}

const KIND = { invoice: 'Tax invoice', credit_note: 'Credit note' } as const;
const SIDE = { buyer: 'Buyer', seller: 'Seller' } as const;

/** Oldest first, each with its download button; an invoice a credit note cancelled says so. */
export function InvoiceDownloads({ invoices, showSide }: { invoices: readonly InvoiceSummary[]; showSide: boolean }) {
  const { download, busy } = useInvoiceDownload();
  if (!invoices.length) return <p className="muted">No invoice issued yet.</p>;
  return (
    <ul className="invoice-list">
      {invoices.map((inv) => (
        <li key={inv.id}>
          <span>
            {KIND[inv.kind]} <strong>{inv.number}</strong>
            {showSide ? ` (${SIDE[inv.side]})` : ''}, {formatDate(inv.issued_on)}, {formatMoney(inv.total)}
            {inv.cancelled ? ' (cancelled by a credit note)' : ''}
            {inv.credits_number ? ` against ${inv.credits_number}` : ''}
          </span>
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-sm"
            disabled={busy === inv.id}
            aria-label={`Download ${KIND[inv.kind].toLowerCase()} ${inv.number} (PDF)`}
            onClick={() => void download(inv)}
          >
            <i className="pi pi-download" aria-hidden="true" />
            <span>PDF</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
