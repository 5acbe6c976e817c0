import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '../ui/toast';
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

/** Cached answers belong to one user: drop them whenever the signed-in user changes. */
function useCacheFollowsSession(queryClient: QueryClient): void {
  useEffect(() => {
    let token = getSession()?.token ?? null;
    return subscribeSession(() => {
      const next = getSession()?.token ?? null;
      if (next !== token) queryClient.clear();
      token = next;
    });
  }, [queryClient]);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useCacheFollowsSession(queryClient);
  return (
    // No PrimeReactProvider: PrimeReact's defaults (ripple off) are what it set, and leaving it out keeps
    // PrimeReact's core out of the entry bundle (docs/decisions.md "Web").
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
