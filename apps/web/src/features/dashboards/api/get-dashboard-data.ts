import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The dashboard's cards: the SuperAdmin's three, or the caller's company's (each the total of its card's list). */
export async function getDashboardData() {
  return (await call('getDashboardData', {})).data;
}

export function useDashboardData() {
  return useQuery({ queryKey: ['getDashboardData'], queryFn: getDashboardData, refetchInterval: 30_000 });
}
