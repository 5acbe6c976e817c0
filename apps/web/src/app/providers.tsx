import type { ReactNode } from 'react';
import { ToastProvider } from '../ui/toast';

export function Providers({ children }: { children: ReactNode }) {
  return (
    // No PrimeReactProvider: PrimeReact's defaults (ripple off) are what it set, and leaving it out keeps
    // PrimeReact's core out of the entry bundle (docs/decisions.md "Web"). No QueryClientProvider either: the
    // frames that read through the query cache provide it (query-cache.tsx), so /login loads no react-query.
    <ToastProvider>{children}</ToastProvider>
  );
}
