import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type LapsedBidsBody = MethodBody<'getDashboardAllLapsedBids'>;

export async function getDashboardLapsedBids(body: LapsedBidsBody) {
  return (await call('getDashboardAllLapsedBids', body)).data;
}

export function useDashboardLapsedBids(body: LapsedBidsBody) {
  return useQuery({
    queryKey: ['getDashboardAllLapsedBids', body],
    queryFn: () => getDashboardLapsedBids(body),
    placeholderData: keepPreviousData,
  });
}
