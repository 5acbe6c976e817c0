// Whether a CSS media query matches now, following it while the page is open (a resize, a rotated phone, a changed
// system setting).
import { useCallback, useSyncExternalStore } from 'react';

const mediaOf = (query: string) =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const media = mediaOf(query);
      media?.addEventListener('change', listener);
      return () => media?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => !!mediaOf(query)?.matches,
    () => false,
  );
}

/** The phone layout's breakpoint (the CSS's `max-width: 768px`). */
export const PHONE_QUERY = '(max-width: 768px)';
