// The signed-in frame: header (menu button, bell, account), the role-based side menu and the page. Loaded on the
// first signed-in route (router.tsx), so /login's entry carries none of it, nor the live stream it keeps open.
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { mayCall } from '@spirit/domain/api/access';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { LiveUpdates } from '../features/events/live-updates';
import { Logo } from '../ui/logo';
import { useReturnTo } from '../ui/return-to';
import { call } from './api-client';
import { AccessDenied, RouteGuard } from './guards';
import { PageOutlet, SkipLink, useCurrentRoute } from './layout';
import { MenuButtonCount, MenuCount } from './menu-count';
import { QueryCache } from './query-cache';
import { menuFor } from './routes';
import { clearSession, useSession } from './session';
import { useDocumentTitle } from './use-document-title';
import './app-shell.css';

function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await call('logout', {}, { ignoreInvalidToken: true });
    } catch {
      // The session ends here whatever the server said: it may already have expired.
    }
    clearSession('signed-out');
    navigate('/login', { replace: true });
  };
  return (
    <button type="button" className="header-button" onClick={() => void signOut()} disabled={busy}>
      <i className="pi pi-sign-out" aria-hidden="true" /> Sign out
    </button>
  );
}

/**
 * Who is signed in, Change Password and Sign out. Inline on wide screens; at phone width behind one "Account"
 * button, so the header stays one line. Escape or choosing an item closes it.
 */
function AccountMenu({ companyName, userName }: { companyName: string | null; userName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div
      className="app-header-user"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
      }}
    >
      <button
        type="button"
        className="header-button account-toggle"
        aria-expanded={open}
        aria-controls="account-panel"
        onClick={() => setOpen((value) => !value)}
      >
        <i className="pi pi-user" aria-hidden="true" />
        <span className="visually-hidden">Account</span>
      </button>
      <div id="account-panel" className={`account-panel${open ? ' is-open' : ''}`}>
        <div className="who">
          {companyName ? <span className="company-name">{companyName}</span> : null}
          <span className="user-name">
            <i className="pi pi-user" aria-hidden="true" /> {userName}
          </span>
        </div>
        <Link to="/passwordreset" className="header-link" onClick={() => setOpen(false)}>
          Change Password
        </Link>
        <SignOutButton />
      </div>
    </div>
  );
}

/** The signed-in frame: header, menu and the page (or, on a route the user may not use, `refused`). */
function Shell({ refused }: { refused?: ReactNode }) {
  const session = useSession();
  const user = session?.user;
  const menu = user ? menuFor(user) : [];
  const [menuOpen, setMenuOpen] = useState(false);
  // A detail page highlights the list it belongs to: the one the user came from, else its route's parent.
  const route = useCurrentRoute();
  const from = useReturnTo('').split('?')[0];
  const parent = menu.some((item) => item.path === from) ? from : route?.menuParent;
  const counted = menu.some((item) => item.count === 'awaiting');
  return (
    <div className="app-frame">
      <LiveUpdates />
      <SkipLink />
      <header className="app-header">
        <div className="app-header-start">
          {user ? (
            <button
              type="button"
              className="header-button menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="side-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <i className="pi pi-bars" aria-hidden="true" />
              <span className="visually-hidden">Menu</span>
              <MenuButtonCount enabled={counted} />
            </button>
          ) : null}
          <Logo />
        </div>
        {user ? (
          <div className="app-header-end">
            {mayCall('getUnreadNotificationCount', user.roles) ? <NotificationBell /> : null}
            <AccountMenu companyName={user.company_name} userName={user.name} />
          </div>
        ) : (
          <Link to="/login" className="header-link">
            Sign in
          </Link>
        )}
      </header>
      <div className="app-body">
        {user ? (
          <nav id="side-menu" className={`side-menu${menuOpen ? ' is-open' : ''}`} aria-label="Main menu">
            <ul>
              {menu.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    className={({ isActive }) => (isActive || item.path === parent ? 'active' : undefined)}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                    {item.count ? <MenuCount enabled={counted} /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main" tabIndex={-1} className="app-main">
          {refused ?? <PageOutlet />}
        </main>
      </div>
    </div>
  );
}

export function AppLayout() {
  const route = useCurrentRoute();
  useDocumentTitle(route?.title);
  return (
    <QueryCache>
      <RouteGuard guard={route?.guard ?? 'session'} refused={<Shell refused={<AccessDenied />} />}>
        <Shell />
      </RouteGuard>
    </QueryCache>
  );
}
