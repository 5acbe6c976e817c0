// Builds the router from the route table: '' and unknown paths go to /login, public routes use the public frame,
// everything else the signed-in shell behind its guard.
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import { NotAvailablePage } from '../ui/not-available-page';
import { ErrorState, LoadingState } from '../ui/status-states';
import { setInvalidTokenHandler } from './api-client';
import { PublicLayout, type RouteHandle } from './layout';
import { ROUTES, type AppRoute } from './routes';
import { clearSession, getSession, subscribeSession } from './session';

// The signed-in shell (menu, bell, live stream) is its own chunk: /login does not load it (docs/decisions.md
// "Web: the signed-in shell is loaded lazily"). It is fetched as soon as there is a session, so signing in or opening
// a signed-in page does not wait for it after the route is known.
const loadShell = () => import('./app-shell');
const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppLayout })));

function AppLayout() {
  return (
    <Suspense fallback={<LoadingState />}>
      <AppShell />
    </Suspense>
  );
}

function preloadShellWhenSignedIn() {
  const preload = () => {
    if (!getSession()) return;
    unsubscribe();
    // A failure here is met again, and shown, when the shell renders.
    loadShell().catch(() => undefined);
  };
  const unsubscribe = subscribeSession(preload);
  preload();
}

function RoutePage({ route }: { route: AppRoute }) {
  const Page = route.page;
  return Page ? <Page /> : <NotAvailablePage title={route.title} />;
}

function RouteError() {
  const error = useRouteError();
  // A chunk that no longer exists after a deployment is the usual cause; a reload fetches the new build.
  console.error(error);
  return (
    <main id="main" className="public-main">
      <h1 className="visually-hidden">Error</h1>
      <ErrorState message="This page could not be loaded." onRetry={() => window.location.reload()} />
    </main>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return { path: route.path, handle, element: <RoutePage route={route} /> };
}

export function createAppRouter() {
  const router = createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        {
          element: <PublicLayout />,
          children: ROUTES.filter((r) => r.guard === 'public' || r.guard === 'guest').map(toRouteObject),
        },
        {
          element: <AppLayout />,
          children: ROUTES.filter((r) => r.guard !== 'public' && r.guard !== 'guest').map(toRouteObject),
        },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ]);

  preloadShellWhenSignedIn();

  // A 401 "Invalid token" anywhere ends the session: clear it and go to /login, which says why.
  setInvalidTokenHandler(() => {
    clearSession('expired');
    if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  });

  return router;
}
