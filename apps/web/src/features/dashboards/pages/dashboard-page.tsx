// The role-specific dashboard (spec 001 §2 "Dashboard"; issue 23 part 1): the SuperAdmin's platform figures, the
// last 7 days' approved and open bids and commission over time; a company user's cards and their company's open
// bids with who acts next. Every figure is a link to the list whose total it is. A 401 on any of these calls ends
// the session and goes to /login (the API client's, for every call).
import type { SessionUser } from '@spirit/domain/auth/auth.schemas';
import { DASHBOARD_DAYS } from '@spirit/domain/dashboards/dashboards.constants';
import { errorText } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { ErrorState } from '../../../ui/status-states';
import { useDashboardApprovedBids } from '../api/get-dashboard-approved-bids';
import { useDashboardData } from '../api/get-dashboard-data';
import { useDashboardOpenBids } from '../api/get-dashboard-open-bids';
import { COLUMN, tradeAction, withBidAction } from '../components/bid-columns';
import { BidStatusTable } from '../components/bid-status-table';
import { CommissionChart } from '../components/commission-chart';
import { cardsOf, dashboardView, type DashboardView } from '../components/dashboard-view';
import { FigureCards } from '../components/figure-cards';
import '../components/dashboards.css';

const WEEK = { days: DASHBOARD_DAYS, page_size: 10 } as const;
const NOTE = `Last ${DASHBOARD_DAYS} days`;

function Figures({ view, roles }: { view: DashboardView; roles: readonly string[] }) {
  const figures = useDashboardData();
  if (figures.isError) return <ErrorState message={errorText(figures.error)} onRetry={() => void figures.refetch()} />;
  return <FigureCards cards={cardsOf(view, roles)} figures={figures.data} />;
}

function ApprovedBidStatus() {
  const result = useDashboardApprovedBids(WEEK);
  return (
    <BidStatusTable
      title="Approved Bid Status"
      note={NOTE}
      result={result}
      columns={[COLUMN.product, COLUMN.tradeRef, COLUMN.quantity, COLUMN.price, tradeAction]}
      report={{ to: '/dashapprovebid', label: 'View Full Report' }}
    />
  );
}

function OpenBidStatus({ company }: { company: boolean }) {
  const result = useDashboardOpenBids(WEEK);
  const companyType = useSession()?.user.company_type;
  const columns = [COLUMN.product, COLUMN.validUntil, COLUMN.quantity, COLUMN.price];
  return (
    <BidStatusTable
      title="Open Bid Status"
      note={NOTE}
      result={result}
      columns={withBidAction(company ? [...columns, COLUMN.state, COLUMN.pending] : columns, companyType)}
      report={{ to: '/dashopenbid', label: 'View Full Report' }}
    />
  );
}

/** Who is signed in: the company and the roles the dashboard is chosen by. */
function Who({ user }: { user: SessionUser }) {
  const roles = user.roles.map((r) => (r === 'Authenticator' ? 'Authorizer' : r));
  return (
    <dl className="details dashboard-who">
      {user.company_name ? (
        <div>
          <dt>Company</dt>
          <dd>{user.company_name}</dd>
        </div>
      ) : null}
      <div>
        <dt>{roles.length === 1 ? 'Role' : 'Roles'}</dt>
        <dd>{roles.join(', ')}</dd>
      </div>
    </dl>
  );
}

function Dashboard({ user, view }: { user: SessionUser; view: DashboardView }) {
  return (
    <section className="page page-wide dashboard" aria-labelledby="page-title">
      <h1 id="page-title">Dashboard</h1>
      <p className="page-lead">Welcome, {user.name}</p>
      <Who user={user} />
      <Figures view={view} roles={user.roles} />
      {view === 'superadmin' ? (
        <>
          <div className="dashboard-tables">
            <ApprovedBidStatus />
            <OpenBidStatus company={false} />
          </div>
          <CommissionChart />
        </>
      ) : (
        <OpenBidStatus company />
      )}
    </section>
  );
}

export function DashboardPage() {
  const user = useSession()?.user;
  if (!user) return null;
  const view = dashboardView(user.roles);
  // The route admits users with a role only (guard `session`); none of them lacks a view.
  if (!view) return null;
  return <Dashboard user={user} view={view} />;
}
