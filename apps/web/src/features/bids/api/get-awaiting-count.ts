import { AWAITING_COUNT_CAP } from '@spirit/domain/bids/bids.constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

/** The menu re-reads its "Waiting for me" count each minute; an action of the user's own refreshes it at once. */
export const AWAITING_POLL_MS = 60_000;

export async function getAwaitingBidCount() {
  return (await call('getAwaitingBidCount', {})).data;
}

/** How many bids wait for the signed-in user ("99+" past the cap), while `enabled` (the user trades). */
export function useAwaitingCount(enabled: boolean) {
  return useQuery({
    queryKey: ['getAwaitingBidCount'],
    queryFn: getAwaitingBidCount,
    enabled,
    refetchInterval: usePollInterval(AWAITING_POLL_MS),
    staleTime: 30_000,
  });
}

/** "3", "99+"; null while unknown. */
export const awaitingText = (data: { count: number; capped: boolean } | undefined) =>
  data ? (data.capped ? `${AWAITING_COUNT_CAP}+` : String(data.count)) : null;
