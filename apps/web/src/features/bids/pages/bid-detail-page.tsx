// Bid Detail (/biddetail/{id}; spec 001 §2 "Bid Detail"): an approved trade as its two parties and the SuperAdmin
// read it — product, both distilleries, both companies and states, price, trade reference, quantity — and its sale
// order, previewed as an image or an embedded PDF, with "Upload Sale Order" for the seller users the server allows
// (`can_upload_sale_order`). The rating review is another feature's: the route table mounts it through `review`.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../ui/button';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { InvoiceDownloads } from '../../../ui/invoice-downloads';
import { Facts } from '../../../ui/item-facts';
import { PrivateFilePreview } from '../../../ui/private-file';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useBidById } from '../api/get-bid-by-id';
import { useTradeInvoices } from '../api/get-trade-invoices';
import { BidStatusTag } from '../components/bid-cells';
import { SaleOrderDialog } from '../components/sale-order-dialog';
import '../components/after-trade.css';

export const APPROVED_BACK = { to: '/approvedbids', label: 'Back to Approved Bids' };

/** The review a side gives the other side's distillery (the ratings feature's), shown under the trade. */
export type BidReview = ComponentType<{ bid: BidDetail }>;

export function bidDetailFacts(bid: BidDetail) {
  return [
    { label: 'Product', value: bid.product },
    { label: 'From Distillery', value: bid.from_distillery_name },
    { label: 'Buyer Name', value: bid.buyer_company_name },
    { label: 'Buyer State', value: bid.buyer_company_state },
    { label: 'Price', value: formatMoney(bid.price) },
    { label: 'Trade Ref No', value: bid.trade_reference_number ?? 'N/A' },
    { label: 'To Distillery', value: bid.to_distillery_name },
    { label: 'Seller Name', value: bid.seller_company_name },
    { label: 'Seller State', value: bid.seller_company_state },
    { label: 'Quantity', value: formatQuantity(bid.quantity, 1) },
    { label: 'Status', value: <BidStatusTag bid={bid} /> },
  ];
}

/** The service fee invoices of the trade a reader may see: a party its own side's, the SuperAdmin both sides'. */
function Invoices({ bid }: { bid: BidDetail }) {
  const invoices = useTradeInvoices(bid.id, bid.status === 'Approved');
  let body: ReactNode;
  if (invoices.isPending) body = <LoadingState label="Loading invoices…" />;
  else if (invoices.isError)
    body = <ErrorState message="The invoices could not be loaded." onRetry={() => void invoices.refetch()} />;
  else
    body = <InvoiceDownloads invoices={invoices.data} showSide={new Set(invoices.data.map((i) => i.side)).size > 1} />;
  return (
    <section className="card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Service Fee Invoices</h2>
      {body}
    </section>
  );
}

function SaleOrder({ bid }: { bid: BidDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="sale-order-title">
      <div className="card-heading">
        <h2 id="sale-order-title">Sale Order</h2>
        {bid.can_upload_sale_order ? (
          <Button label={bid.sell_order ? 'Replace Sale Order' : 'Upload Sale Order'} onClick={() => setOpen(true)} />
        ) : null}
      </div>
      {bid.sell_order ? (
        <PrivateFilePreview
          fileUrl={bid.sell_order}
          title={`sale order of ${bid.trade_reference_number ?? `bid ${bid.id}`}`}
          openLabel="Open the sale order in a new tab"
        />
      ) : (
        <p className="muted">No sale order uploaded yet.</p>
      )}
      {bid.can_upload_sale_order ? (
        <SaleOrderDialog
          bidId={bid.id}
          otherCompanyId={bid.buyer_company_id}
          visible={open}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}

export function BidDetailPage({ review: Review }: { review?: BidReview }) {
  const id = routeId(useParams().id);
  const valid = typeof id === 'number';
  const query = useBidById(valid ? id : null);
  let content: ReactNode;
  if (!valid) content = <ErrorState message="Bid not found" back={APPROVED_BACK} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={APPROVED_BACK} />;
  else
    content = (
      <>
        <section className="card" aria-labelledby="trade-title">
          <h2 id="trade-title">Trade</h2>
          <Facts facts={bidDetailFacts(query.data)} />
        </section>
        <SaleOrder bid={query.data} />
        {query.data.status === 'Approved' ? <Invoices bid={query.data} /> : null}
        {Review ? (
          <section className="card" aria-labelledby="review-title">
            <h2 id="review-title">Rating</h2>
            <Review bid={query.data} />
          </section>
        ) : null}
      </>
    );
  return (
    <section className="page after-trade" aria-labelledby="page-title">
      <h1 id="page-title">Bid Detail</h1>
      {content}
    </section>
  );
}
