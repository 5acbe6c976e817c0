import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

export type OpenBidsBody = MethodBody<'getDashboardAllOpenBids'>;

export async function getDashboardOpenBids(body: OpenBidsBody) {
  return (await call('getDashboardAllOpenBids', body)).data;
}

/** Open, still valid bids with who acts next; re-read every 30 s (they move as people act). */
export function useDashboardOpenBids(body: OpenBidsBody) {
  return useQuery({
    queryKey: ['getDashboardAllOpenBids', body],
    queryFn: () => getDashboardOpenBids(body),
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(30_000),
  });
}
