// "Price Breakup Details" (spec 001 §2 billing details modal: Invoice No, Amount, Billing Date, Close). Invoices come
// with the next issue: until then an Approved bid shows its trade reference and approval time in their place, any
// other "Not issued yet"; the breakup is the final-price rule's lines, the quantity and quantity × final price.
import { HISTORY_STATUS } from '@spirit/domain/bids/bids.constants';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { Dialog } from 'primereact/dialog';
import { Button } from '../../../ui/button';
import { formatDateTime, formatMoney, formatQuantity } from '../../../ui/format';
import { Facts } from '../../../ui/item-facts';
import { breakdownLines } from '../../../ui/price-breakdown';
import { billAmount } from './bid-price';

export const NOT_ISSUED = 'Not issued yet';

type Billed = Pick<BidDetail, 'status' | 'trade_reference_number' | 'negotiations' | 'modified_on' | 'quantity'>;

/** Invoice No and Billing Date: an Approved bid's trade reference and the time of its last approval. */
export function billingOf(bid: Billed): { invoiceNumber: string; billingDate: string } {
  if (bid.status !== 'Approved' || !bid.trade_reference_number)
    return { invoiceNumber: NOT_ISSUED, billingDate: NOT_ISSUED };
  const last = bid.negotiations.findLast((e) => e.status === HISTORY_STATUS.approved.approver);
  return {
    invoiceNumber: bid.trade_reference_number,
    billingDate: formatDateTime(last?.created_on ?? bid.modified_on),
  };
}

type Props = { bid: Billed; breakdown: LandedBreakdown | null; visible: boolean; onClose: () => void };

export function BillingDialog({ bid, breakdown, visible, onClose }: Props) {
  const billing = billingOf(bid);
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
        ]}
        className="details price-breakup"
      />
      <div className="form-actions">
        <Button label="Close" className="p-button-outlined" onClick={onClose} />
      </div>
    </Dialog>
  );
}
