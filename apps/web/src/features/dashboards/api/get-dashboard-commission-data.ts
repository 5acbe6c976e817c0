import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Service fees per day of the trades approved in the last 90 days (the SuperAdmin's chart). */
export async function getDashboardCommissionData() {
  return (await call('getDashboardCommissionData', {})).data;
}

export function useDashboardCommissionData() {
  return useQuery({ queryKey: ['getDashboardCommissionData'], queryFn: getDashboardCommissionData });
}
