import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getStateCities() {
  return (await call('getStateCities', {}, { anonymous: true })).data;
}

/** The states of India for the distillery form, sorted by name. Same fixed table (and cache) as registration. */
export function useStateNames() {
  return useQuery({
    queryKey: ['getStateCities'],
    queryFn: getStateCities,
    staleTime: Infinity,
    select: (rows) => rows.map((row) => row.state).sort((a, b) => a.localeCompare(b, 'en-IN')),
  });
}
