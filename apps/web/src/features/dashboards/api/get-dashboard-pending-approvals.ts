import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

export type PendingApprovalsBody = MethodBody<'getDashboardAllPendingAprrovedBids'>;

export async function getDashboardPendingApprovals(body: PendingApprovalsBody) {
  return (await call('getDashboardAllPendingAprrovedBids', body)).data;
}

/** The bids waiting for the caller's tier (the inbox's), re-read every 15 s as the approver tabs are. */
export function useDashboardPendingApprovals(body: PendingApprovalsBody) {
  return useQuery({
    queryKey: ['getDashboardAllPendingAprrovedBids', body],
    queryFn: () => getDashboardPendingApprovals(body),
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(15_000),
  });
}
