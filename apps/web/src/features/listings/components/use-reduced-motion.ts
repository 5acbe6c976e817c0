import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void) {
  const media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null;
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

const read = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;

/** Whether the user asked the system for less motion; follows the setting while the page is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
