// Approved Bids (dashboard) (/dashapprovebid; spec 001 §2): every approved trade of the caller's company (every
// company's for the SuperAdmin), searchable and paged: Product, Trade Ref., Quantity, Price, and whether its sale
// order is uploaded. `?sale_order=1` (the Sale Order Generated card) keeps those whose sale order is.
import { DataList } from '../../../ui/data-list';
import { ToggleGroup } from '../../../ui/toggle-group';
import { useListState } from '../../../ui/use-list-state';
import { useDashboardApprovedBids } from '../api/get-dashboard-approved-bids';
import { COLUMN, tradeAction } from '../components/bid-columns';
import '../components/dashboards.css';

const COLUMNS = [COLUMN.product, COLUMN.tradeRef, COLUMN.quantity, COLUMN.price, COLUMN.saleOrder, tradeAction];
type View = 'all' | 'sale_order';

export function DashApprovedBidsPage() {
  const list = useListState();
  const view: View = list.filter('sale_order') === '1' ? 'sale_order' : 'all';
  const { page, page_size, item_search } = list.query;
  const result = useDashboardApprovedBids({
    page,
    page_size,
    ...(item_search ? { item_search } : {}),
    ...(view === 'sale_order' ? { sell_order_generated: true } : {}),
  });
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Approved Bids</h1>
      <div className="card">
        <DataList
          label="Approved bids"
          list={list}
          result={result}
          columns={COLUMNS}
          rowKey="id"
          search={{
            label: 'Search approved bids',
            placeholder: 'Search by product, state or trade reference',
            clearable: true,
          }}
          toolbar={
            <ToggleGroup<View>
              label="Which trades"
              value={view}
              options={[
                { value: 'all', label: 'All' },
                { value: 'sale_order', label: 'Sale Order Generated' },
              ]}
              onChange={(next) => list.setFilters({ sale_order: next === 'sale_order' ? '1' : '' })}
            />
          }
        />
      </div>
    </section>
  );
}
