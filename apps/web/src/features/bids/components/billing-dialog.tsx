// "Price Breakup Details" (spec 001 §2 billing details modal: Invoice No, Amount, Billing Date, Close). Invoice No and
// Billing Date are the caller's side's service fee invoice of an Approved trade (its live one: a fee correction
// replaces it), with its PDF; before the trade "Not issued yet". The breakup is the final-price rule's lines, the
// quantity and quantity × final price.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { InvoiceSummary } from '@spirit/domain/invoices/invoices.schemas';
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { Dialog } from 'primereact/dialog';
import { Button } from '../../../ui/button';
import { formatDateTime, formatMoney, formatQuantity } from '../../../ui/format';
import { useInvoiceDownload } from '../../../ui/invoice-downloads';
import { Facts } from '../../../ui/item-facts';
import { breakdownLines } from '../../../ui/price-breakdown';
import { useTradeInvoices } from '../api/get-trade-invoices';
import { billAmount } from './bid-price';

export const NOT_ISSUED = 'Not issued yet';

type Billed = Pick<BidDetail, 'id' | 'status' | 'quantity'>;

/** The side's current invoice: the newest that no credit note cancelled. */
export function liveInvoice(invoices: readonly InvoiceSummary[] | undefined): InvoiceSummary | null {
  return invoices?.findLast((i) => i.kind === 'invoice' && !i.cancelled) ?? null;
}

/** Invoice No and Billing Date of the caller's side's current invoice. */
export function billingOf(invoice: InvoiceSummary | null, loading = false) {
  if (!invoice) {
    const text = loading ? 'Loading…' : NOT_ISSUED;
    return { invoiceNumber: text, billingDate: text };
  }
  return { invoiceNumber: invoice.number, billingDate: formatDateTime(invoice.issued_on) };
}

type Props = { bid: Billed; breakdown: LandedBreakdown | null; visible: boolean; onClose: () => void };

export function BillingDialog({ bid, breakdown, visible, onClose }: Props) {
  const approved = bid.status === 'Approved';
  const invoices = useTradeInvoices(bid.id, visible && approved);
  const invoice = approved ? liveInvoice(invoices.data) : null;
  const billing = billingOf(invoice, approved && invoices.isPending);
  const { download, busy } = useInvoiceDownload();
  const lines = breakdown ? breakdownLines(breakdown, { keepZero: true, totalLabel: 'Final price per litre' }) : [];
  return (
    <Dialog header="Price Breakup Details" visible={visible} onHide={onClose} className="bid-dialog" draggable={false}>
      <Facts
        facts={[
          { label: 'Invoice No', value: billing.invoiceNumber },
          { label: 'Billing Date', value: billing.billingDate },
          ...lines,
          { label: 'Quantity', value: formatQuantity(bid.quantity, 1) },
          { label: 'Amount', value: breakdown ? formatMoney(billAmount(bid.quantity, breakdown.total)) : 'N/A' },
          ...(invoice ? [{ label: 'Service Fee (Inc Tax)', value: formatMoney(invoice.total) }] : []),
        ]}
        className="details price-breakup"
      />
      <div className="form-actions">
        {invoice ? (
          <Button
            label="Download Invoice"
            className="p-button-outlined"
            loading={busy === invoice.id}
            onClick={() => void download(invoice)}
          />
        ) : null}
        <Button label="Close" className="p-button-outlined" onClick={onClose} />
      </div>
    </Dialog>
  );
}
