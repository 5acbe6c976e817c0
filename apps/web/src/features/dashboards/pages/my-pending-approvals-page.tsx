// My Pending Approvals (/mypendingapproval; spec 001 §2): exactly the bids waiting for the caller's tier at the
// distilleries mapped to them (the "Waiting for me" inbox's), each opening the bid page where they act:
// /biditem/{counterparty listing}/{bid} — a buyer's counterparty listing is the offer, a seller's the ask.
import type { DashboardBid } from '@spirit/domain/dashboards/dashboards.schemas';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { RowActionLink } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useDashboardPendingApprovals } from '../api/get-dashboard-pending-approvals';
import { PARTY_COLUMNS } from '../components/bid-columns';

const PAGE_SIZES = [10, 20, 30] as const;

const bidPagePath = (bid: Pick<DashboardBid, 'id' | 'offer_id' | 'ask_id'>, companyType: string | null | undefined) =>
  `/biditem/${companyType === 'Seller' ? bid.ask_id : bid.offer_id}/${bid.id}`;

export function MyPendingApprovalsPage() {
  const companyType = useSession()?.user.company_type;
  const list = useListState({ pageSizes: PAGE_SIZES });
  const { page, page_size, item_search } = list.query;
  const result = useDashboardPendingApprovals({ page, page_size, ...(item_search ? { item_search } : {}) });
  const columns: DataColumn<DashboardBid>[] = [
    ...PARTY_COLUMNS,
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (r) => (
        <RowActionLink to={bidPagePath(r, companyType)} icon="pi-external-link" label={`Open bid ${r.id}`} />
      ),
    },
  ];
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
