// My Pending Approvals (/mypendingapproval; spec 001 §2): exactly the bids waiting for the caller's tier at the
// distilleries mapped to them (the "Waiting for me" inbox's), each opening the bid page where they act.
import { useSession } from '../../../app/session';
import { DataList } from '../../../ui/data-list';
import { useListState } from '../../../ui/use-list-state';
import { useDashboardPendingApprovals } from '../api/get-dashboard-pending-approvals';
import { PARTY_COLUMNS, withBidAction } from '../components/bid-columns';

const PAGE_SIZES = [10, 20, 30] as const;

export function MyPendingApprovalsPage() {
  const list = useListState({ pageSizes: PAGE_SIZES });
  const { page, page_size, item_search } = list.query;
  const result = useDashboardPendingApprovals({ page, page_size, ...(item_search ? { item_search } : {}) });
  const columns = withBidAction(PARTY_COLUMNS, useSession()?.user.company_type);
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">My Pending Approvals</h1>
      <p className="page-lead">Bids waiting for you. Open one to act on it before it lapses.</p>
      <div className="card">
        <DataList
          label="My pending approvals"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search pending approvals', placeholder: 'Search by product or state', clearable: true }}
        />
      </div>
    </section>
  );
}
