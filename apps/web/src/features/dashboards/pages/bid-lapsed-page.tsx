// Bid Lapsed (/bidlapsed; spec 001 §2): the caller's company's bids whose validity passed before a trade, every
// company's for the SuperAdmin. Page sizes 10, 20, 30 (spec 001 §9); counterparty names masked. A company user opens a
// lapsed bid's page (its terms and history); the SuperAdmin reads no bid that never became a trade.
import { useSession } from '../../../app/session';
import { DataList } from '../../../ui/data-list';
import { useListState } from '../../../ui/use-list-state';
import { useDashboardLapsedBids } from '../api/get-dashboard-lapsed-bids';
import { PARTY_COLUMNS, withBidAction } from '../components/bid-columns';

const PAGE_SIZES = [10, 20, 30] as const;

export function BidLapsedPage() {
  const columns = withBidAction(PARTY_COLUMNS, useSession()?.user.company_type);
  const list = useListState({ pageSizes: PAGE_SIZES });
  const { page, page_size, item_search } = list.query;
  const result = useDashboardLapsedBids({ page, page_size, ...(item_search ? { item_search } : {}) });
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Lapsed Bids</h1>
      <div className="card">
        <DataList
          label="Lapsed bids"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search lapsed bids', placeholder: 'Search by product or state', clearable: true }}
        />
      </div>
    </section>
  );
}
