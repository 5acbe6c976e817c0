// The public frame of the sign-in pages, and what it shares with the signed-in shell (app-shell.tsx, loaded only
// once a signed-in route is opened, so /login carries no menu, bell or live stream): both read the current route's
// entry from the route table through the match handle.
import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { Logo } from '../ui/logo';
import { LoadingState } from '../ui/status-states';
import { useBodyClass } from '../ui/use-body-class';
import { RouteGuard } from './guards';
import type { AppRoute } from './routes';
import { useDocumentTitle } from './use-document-title';

export type RouteHandle = { route: AppRoute };

export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

export function PageOutlet() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Outlet />
    </Suspense>
  );
}

function LoginBackground() {
  useBodyClass('login-background');
  return null;
}

export function PublicLayout() {
  const route = useCurrentRoute();
  useDocumentTitle(route?.title);
  return (
    <RouteGuard guard={route?.guard ?? 'public'}>
      <PublicFrame route={route} />
    </RouteGuard>
  );
}

function PublicFrame({ route }: { route: AppRoute | undefined }) {
  return (
    <div className="public-frame">
      {route?.loginBackground ? <LoginBackground /> : null}
      <SkipLink />
      <header className="public-header">
        <Logo />
      </header>
      <main id="main" tabIndex={-1} className="public-main">
        <PageOutlet />
      </main>
    </div>
  );
}
