// The columns of the dashboard's bid tables and lists (spec 001 §2, §9: dashboard dates yyyy-MM-dd HH:mm).
import type { DashboardBid } from '@spirit/domain/dashboards/dashboards.schemas';
import type { DataColumn } from '../../../ui/data-list';
import { formatIsoDateTime, formatMoney, formatNumber } from '../../../ui/format';
import { RowActionLink } from '../../../ui/row-action';
import { bidPagePath, tradeDetailColumn } from '../../../ui/bid-links';

type Column = DataColumn<DashboardBid>;
const numeric = 'numeric-cell';

export const COLUMN = {
  product: { key: 'product', header: 'Product', body: (r) => r.product },
  tradeRef: { key: 'trade_ref', header: 'Trade Ref.', body: (r) => r.trade_reference_number ?? '—' },
  quantity: {
    key: 'quantity',
    header: 'Quantity',
    body: (r) => formatNumber(r.quantity, { maxDecimals: 0 }),
    className: numeric,
  },
  price: { key: 'price', header: 'Price', body: (r) => formatMoney(r.price), className: numeric },
  validUntil: { key: 'valid_until', header: 'Valid Until', body: (r) => formatIsoDateTime(r.valid_until) },
  validUpto: { key: 'valid_upto', header: 'Valid Upto', body: (r) => formatIsoDateTime(r.valid_until) },
  state: { key: 'state', header: 'State', body: (r) => r.state },
  pending: { key: 'pending', header: 'Pending', body: (r) => r.next_level_pending ?? '—' },
  buyer: { key: 'buyer', header: 'Buyer Company', body: (r) => r.buyer_company },
  seller: { key: 'seller', header: 'Seller Company', body: (r) => r.seller_company },
  createdOn: { key: 'created_on', header: 'Created On', body: (r) => formatIsoDateTime(r.created_on) },
  status: { key: 'status', header: 'Status', body: (r) => r.status },
  saleOrder: {
    key: 'sale_order',
    header: 'Sale Order',
    body: (r) => (r.sellOrderGenerated ? 'Generated' : 'Not yet'),
  },
} as const satisfies Record<string, Column>;

/** /bidlapsed and /mypendingapproval (spec 001 §2). */
export const PARTY_COLUMNS: Column[] = [
  COLUMN.buyer,
  COLUMN.seller,
  COLUMN.quantity,
  COLUMN.price,
  COLUMN.createdOn,
  COLUMN.validUpto,
  COLUMN.status,
];

/**
 * `columns` with an Action column opening each bid's page, where whoever is next acts, for a company user; the
 * SuperAdmin (no company type) reads no bid before it is a trade, so their rows open nothing.
 */
export function withBidAction(columns: Column[], companyType: string | null | undefined): Column[] {
  if (!companyType) return columns;
  const action: Column = {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (r) => <RowActionLink to={bidPagePath(r, companyType)} icon="pi-external-link" label={`Open bid ${r.id}`} />,
  };
  return [...columns, action];
}

/** The Action column of approved trades: the trade's detail (the parties' and the SuperAdmin's). */
export const tradeAction = tradeDetailColumn<DashboardBid>();
