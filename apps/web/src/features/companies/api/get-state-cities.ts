import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getStateCities() {
  return (await call('getStateCities', {}, { anonymous: true })).data;
}

/** Indian states and union territories with their cities; a fixed table, fetched once per visit. */
export function useStateCities() {
  return useQuery({ queryKey: ['getStateCities'], queryFn: getStateCities, staleTime: Infinity });
}
