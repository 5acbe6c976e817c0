import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type BidsQuery = MethodBody<'getAllBids'>;

export async function getAllBids(body: BidsQuery) {
  return (await call('getAllBids', body)).data;
}

/** One page of bids, re-read every `refreshMs`; the page on screen stays while the next loads. */
export function useAllBids(body: BidsQuery, refreshMs: number) {
  return useQuery({
    queryKey: ['getAllBids', body],
    queryFn: () => getAllBids(body),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}
