// Open Bids (dashboard) (/dashopenbid; spec 001 §2): the open, still valid bids of the caller's company (every
// company's for the SuperAdmin), searchable and paged: Product, Trade Ref. (none until a trade), Quantity, Price,
// with when each lapses and who acts next.
import { useSession } from '../../../app/session';
import { DataList } from '../../../ui/data-list';
import { useListState } from '../../../ui/use-list-state';
import { useDashboardOpenBids } from '../api/get-dashboard-open-bids';
import { COLUMN, withBidAction } from '../components/bid-columns';

const COLUMNS = [COLUMN.product, COLUMN.tradeRef, COLUMN.quantity, COLUMN.price, COLUMN.validUntil, COLUMN.pending];

export function DashOpenBidsPage() {
  const columns = withBidAction(COLUMNS, useSession()?.user.company_type);
  const list = useListState();
  const { page, page_size, item_search } = list.query;
  const result = useDashboardOpenBids({ page, page_size, ...(item_search ? { item_search } : {}) });
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Open Bids</h1>
      <div className="card">
        <DataList
          label="Open bids"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search open bids', placeholder: 'Search by product or state', clearable: true }}
        />
      </div>
    </section>
  );
}
