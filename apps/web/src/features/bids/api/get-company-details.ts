import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The caller's own company; the bid forms read its Premium Client flag (`is_bid_confidential`). */
export async function getOwnCompanyDetails() {
  return (await call('getCompanyDetails', {})).data;
}

/** Same key as the companies feature's fetcher, so both share one cached answer. */
export function useOwnCompanyDetails() {
  return useQuery({ queryKey: ['getCompanyDetails', 'own'], queryFn: getOwnCompanyDetails, staleTime: 60_000 });
}
