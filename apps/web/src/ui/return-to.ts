// "Back to the list the user came from": a link into a detail or edit page carries `state.from` (the list's path
// and query, so its page and search come back too); the page returns there after a save, or to its fallback.
import { useLocation } from 'react-router';

export type FromState = { from: string };

/** The current path and query, to hand on as `state={{ from }}`. */
export function useHere(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/** Where the user came from (a same-site path), else `fallback`. */
export function useReturnTo(fallback: string): string {
  const from = (useLocation().state as Partial<FromState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}
