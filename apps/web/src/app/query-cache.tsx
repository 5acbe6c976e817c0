// The app's query cache: one react-query client per tab, emptied whenever the signed-in user changes. The signed-in
// shell provides it to every signed-in page, and the public pages that read through it (registration, account
// setup) provide it themselves. /login reads nothing through it, so its entry loads no react-query
// (docs/decisions.md "Page-weight budgets").
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { ApiError } from './api-client';
import { getSession, subscribeSession } from './session';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (4xx) will not change on retry; network trouble and 5xx might.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) && failures < 2,
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | null = null;

/** The tab's client, made on first use; cached answers belong to one user, so a change of user drops them all. */
export function appQueryClient(): QueryClient {
  if (appClient) return appClient;
  const client = createQueryClient();
  let token = getSession()?.token ?? null;
  subscribeSession(() => {
    const next = getSession()?.token ?? null;
    if (next !== token) client.clear();
    token = next;
  });
  appClient = client;
  return client;
}

/** Provides the app's cache, unless a client is provided already (a test's, or the shell's around a page). */
export function QueryCache({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
