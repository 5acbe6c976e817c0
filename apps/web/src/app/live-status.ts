// Whether this tab's live stream (features/events) is open. The spec keeps screens current by polling; while the
// stream is open it tells them of every change they show at once, so their polls only back it up and run at most
// every LIVE_POLL_MS (issue 25 part 2). When the stream drops, each screen polls at its own pace again.
import { useSyncExternalStore } from 'react';

export const LIVE_POLL_MS = 120_000;

let open = false;
const listeners = new Set<() => void>();

export function setLiveStreamOpen(value: boolean) {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A screen's poll interval: its own while the stream is down, at least LIVE_POLL_MS while it is open. */
export const pollEvery = (ms: number, streamOpen: boolean) => (streamOpen ? Math.max(ms, LIVE_POLL_MS) : ms);

export function usePollInterval(ms: number): number {
  return pollEvery(
    ms,
    useSyncExternalStore(
      subscribe,
      () => open,
      () => false,
    ),
  );
}
