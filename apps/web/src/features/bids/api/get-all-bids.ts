import type { MethodBody } from '@spirit/domain/api/methods';
import { BID_SORTS } from '@spirit/domain/bids/bids.constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

type Body = MethodBody<'getAllBids'>;
type BidSort = NonNullable<Body['sort_by']>;
/** A list's query: its `sort_by` comes from the URL (`useListState`), and only the server's sorts are sent. */
export type BidsQuery = Omit<Body, 'sort_by'> & { sort_by?: string };

const isBidSort = (key: string | undefined): key is BidSort => (BID_SORTS as readonly string[]).includes(key ?? '');

export async function getAllBids({ sort_by, ...body }: BidsQuery) {
  return (await call('getAllBids', { ...body, ...(isBidSort(sort_by) ? { sort_by } : {}) })).data;
}

/** One page of bids, re-read every `refreshMs`; the page on screen stays while the next loads. */
export function useAllBids(body: BidsQuery, refreshMs: number) {
  return useQuery({
    queryKey: ['getAllBids', body],
    queryFn: () => getAllBids(body),
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(refreshMs),
  });
}
