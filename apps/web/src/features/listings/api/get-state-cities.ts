import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getStateCities() {
  return (await call('getStateCities', {}, { anonymous: true })).data;
}

/** Indian states (the market's filter); the same cached answer as other features'. */
export function useStateCities() {
  return useQuery({ queryKey: ['getStateCities'], queryFn: getStateCities, staleTime: Infinity });
}
