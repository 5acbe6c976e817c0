// The Action column of an approved trade's row, in every list of trades (Approved Bids, the dashboards'): the
// trade's detail page, named by its trade reference.
import type { DataColumn } from './data-list';
import { RowActionLink } from './row-action';

export function tradeDetailColumn<T extends { id: number; trade_reference_number: string | null }>(): DataColumn<T> {
  return {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (r) => (
      <RowActionLink
        to={`/biddetail/${r.id}`}
        icon="pi-eye"
        label={`View Bid Detail ${r.trade_reference_number ?? r.id}`}
      />
    ),
  };
}
