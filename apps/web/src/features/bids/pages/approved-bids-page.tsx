// Approved Bids (/approvedbids; spec 001 §2): the trades of the caller's company — every company's for the SuperAdmin
// — with both names (a trade is done): Product, Trade Reference No, Buyer, Buyer State, Seller, Seller State, Price,
// Quantity (B/L), and a link to its Bid Detail. Searched on Enter or the icon, paged and ordered by the server
// (approval time, newest first unless the column is turned), re-read every 30 s.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatMoney, formatNumber } from '../../../ui/format';
import { tradeDetailColumn } from '../../../ui/bid-links';
import { useListState } from '../../../ui/use-list-state';
import { useAllBids } from '../api/get-all-bids';
import { DateTimeCell } from '../components/bid-cells';
import '../components/bid-lists.css';

export const APPROVED_REFRESH_MS = 30_000;
const SORT_KEYS = ['modified_on'] as const;
const DEFAULT_SORT = { key: 'modified_on', order: 'desc' } as const;

export const approvedColumns: DataColumn<BidListRecord>[] = [
  { key: 'product', header: 'Product', body: (r) => r.product },
  { key: 'trade_reference', header: 'Trade Reference No', body: (r) => r.trade_reference_number ?? '' },
  { key: 'buyer', header: 'Buyer', body: (r) => r.buyer_company_name },
  { key: 'buyer_state', header: 'Buyer State', body: (r) => r.buyer_company_state },
  { key: 'seller', header: 'Seller', body: (r) => r.seller_company_name },
  { key: 'seller_state', header: 'Seller State', body: (r) => r.seller_company_state },
  { key: 'price', header: 'Price', body: (r) => formatMoney(r.price), className: 'numeric-cell' },
  {
    key: 'quantity',
    header: 'Quantity (B/L)',
    // The header says B/L: the figure alone keeps the list within 1366 px.
    body: (r) => formatNumber(r.quantity, { maxDecimals: 1 }),
    className: 'numeric-cell',
  },
  {
    key: 'approved',
    header: 'Approved On',
    sortKey: 'modified_on',
    body: (r) => <DateTimeCell value={r.modified_on} />,
  },
  tradeDetailColumn<BidListRecord>(),
];

export function ApprovedBidsPage() {
  const list = useListState({ sortKeys: SORT_KEYS, defaultSort: DEFAULT_SORT });
  const result = useAllBids({ ...list.query, bid_status: 'Approved', is_tracked_bid: true }, APPROVED_REFRESH_MS);
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Approved Bids</h1>
      <div className="card bid-list">
        <DataList
          label="Approved bids"
          list={list}
          result={result}
          columns={approvedColumns}
          rowKey="id"
          search={{
            label: 'Search approved bids',
            placeholder: 'Search by product, company, state or trade reference',
          }}
        />
      </div>
    </section>
  );
}
