// The role-specific dashboards (spec 001 §2 Dashboard) come with the trading screens; until then the page
// greets the user and shows who they are signed in as, and the SuperAdmin the figures that already exist.
import { isSuperAdmin, useSession } from '../../../app/session';
import { SuperAdminFigures } from '../components/super-admin-figures';

export function DashboardPage() {
  const user = useSession()?.user;
  if (!user) return null;
  const roles = user.roles.map((r) => (r === 'Authenticator' ? 'Authorizer' : r));
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Dashboard</h1>
      {isSuperAdmin(user) ? <SuperAdminFigures /> : null}
      <div className="card">
        <h2 className="card-title">Welcome, {user.name}</h2>
        <dl className="details">
          {user.company_name ? (
            <div>
              <dt>Company</dt>
              <dd>{user.company_name}</dd>
            </div>
          ) : null}
          {user.company_type ? (
            <div>
              <dt>Company type</dt>
              <dd>{user.company_type}</dd>
            </div>
          ) : null}
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{roles.length === 1 ? 'Role' : 'Roles'}</dt>
            <dd>{roles.join(', ')}</dd>
          </div>
        </dl>
        <p className="muted">The figures for your role will appear here as the trading screens arrive.</p>
      </div>
    </section>
  );
}
