import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type ApprovedBidsBody = MethodBody<'getDashboardAllApprovedBids'>;

export async function getDashboardApprovedBids(body: ApprovedBidsBody) {
  return (await call('getDashboardAllApprovedBids', body)).data;
}

/** Approved trades: the last `days` (the dashboard's table) or all of them, paged (/dashapprovebid). */
export function useDashboardApprovedBids(body: ApprovedBidsBody) {
  return useQuery({
    queryKey: ['getDashboardAllApprovedBids', body],
    queryFn: () => getDashboardApprovedBids(body),
    placeholderData: keepPreviousData,
  });
}
