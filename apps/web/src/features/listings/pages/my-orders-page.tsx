// My Orders (/myorder; spec 001 §2, §3 "My order record"): the company's listings, offers or asks, with where
// they come from and what is left. Page sizes 10, 20, 30 (spec 001 §9).
import type { Listing } from '@spirit/domain/listings/listings.schemas';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatDateTime, formatMoney } from '../../../ui/format';
import { useListState } from '../../../ui/use-list-state';
import { LISTING_SORT_KEYS, offerListBody, useAllOffers } from '../api/get-all-offers';
import { formatLitres, formatPeriodRange } from '../components/listing-format';

const PAGE_SIZES = [10, 20, 30] as const;
const NEWEST_FIRST = { key: 'modified_on', order: 'desc' } as const;

const columns: DataColumn<Listing>[] = [
  {
    key: 'period',
    header: 'Period',
    sortKey: 'from_period',
    body: (l) => formatPeriodRange(l.from_period, l.to_period),
  },
  { key: 'state', header: 'State', sortKey: 'state', body: (l) => l.state },
  { key: 'quantity', header: 'Quantity', body: (l) => formatLitres(l.offer_quantity) },
  { key: 'distillery', header: 'Distillery', body: (l) => l.distillery_name },
  { key: 'product', header: 'Product', sortKey: 'product', body: (l) => l.product },
  { key: 'available', header: 'Available Quantity', body: (l) => formatLitres(l.available_quantity) },
  { key: 'price', header: 'Price', sortKey: 'offer_price', body: (l) => formatMoney(l.offer_price) },
  { key: 'created', header: 'Created On', body: (l) => formatDateTime(l.created_on) },
];

export function MyOrdersPage() {
  const list = useListState({ pageSizes: PAGE_SIZES, sortKeys: LISTING_SORT_KEYS, defaultSort: NEWEST_FIRST });
  const result = useAllOffers(offerListBody(list.query));
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">My Orders</h1>
      <div className="card">
        <DataList
          label="My Orders"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search my orders', placeholder: 'Search by state, product or distillery', clearable: true }}
        />
      </div>
    </section>
  );
}
