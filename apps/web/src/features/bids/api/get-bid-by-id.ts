import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

/** A bid dialog re-reads its bid every 15 s while open (spec 001 §9), so the other side's moves show. */
export const BID_POLL_MS = 15_000;

export async function getBidById(bid_id: number) {
  return (await call('getBidById', { bid_id })).data;
}

/** The bid with its history, flags and what the caller may do (`allowed_actions`); polled while `enabled`. */
export function useBidById(bid_id: number | null) {
  return useQuery({
    queryKey: ['getBidById', bid_id],
    queryFn: () => getBidById(bid_id!),
    enabled: bid_id !== null,
    refetchInterval: usePollInterval(BID_POLL_MS),
  });
}
