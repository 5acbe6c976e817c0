// What the listing pages' component tests share: a signed-in company user, the app's providers around a memory
// router, and the API's success envelope. Tests only (imported by *.test.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';

export function signIn(roles: string[], companyType: 'Buyer' | 'Seller', companyName = 'Test Company') {
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

export function renderRoute(path: string, element: ReactElement, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

export const okResponse = (data: unknown) =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data }), { status: 200 });
