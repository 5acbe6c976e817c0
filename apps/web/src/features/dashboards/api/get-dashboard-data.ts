import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

/** The dashboard's cards: the SuperAdmin's three, or the caller's company's (each the total of its card's list). */
export async function getDashboardData() {
  return (await call('getDashboardData', {})).data;
}

export function useDashboardData() {
  const refetchInterval = usePollInterval(30_000);
  return useQuery({ queryKey: ['getDashboardData'], queryFn: getDashboardData, refetchInterval });
}
