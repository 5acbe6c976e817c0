// What the web app's page and component tests share: a signed-in company user, the app's providers around a memory
// router, and the API's success envelope. Tests only (imported by *.test.tsx and the features' fixture kits).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSession } from '../app/session';
import { ToastProvider } from '../ui/toast';

/** Signs in a user of a company of `companyType` holding `roles` (the first is the user type). */
export function signIn(roles: string[], companyType: 'Buyer' | 'Seller' = 'Buyer', companyName = 'Test Company') {
  setSession({
    token: 't',
    user: {
      id: 1,
      name: 'Test User',
      email: 'user@example.test',
      company_id: 7,
      company_name: companyName,
      company_type: companyType,
      roles,
      userType: roles[0] ?? null,
      userActionType: null,
    },
  });
}

/** The routes (path → element) at `url`, with the app's providers; queries are not retried. */
export function renderRoutes(url: string, routes: Record<string, ReactElement>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const table = Object.entries(routes).map(([path, element]) => ({ path, element }));
  const router = createMemoryRouter(table, { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** One route, `element` at `path`, opened at `url`. */
export const renderRoute = (path: string, element: ReactElement, url: string) => renderRoutes(url, { [path]: element });

/** `element` as the page at `url` (its path, without the query, is the route). */
export const renderPage = (element: ReactElement, url: string) => renderRoute(url.split('?')[0]!, element, url);

export const okResponse = (data: unknown) =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data }), { status: 200 });
