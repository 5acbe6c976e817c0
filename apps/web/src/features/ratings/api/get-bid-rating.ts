import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The caller's side's latest review of a trade (null before the first). */
export function useBidRating(bidId: number) {
  return useQuery({
    queryKey: ['getBidRating', bidId],
    queryFn: async () => (await call('getBidRating', { bid_id: bidId })).data,
  });
}
