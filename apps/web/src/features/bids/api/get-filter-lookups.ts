// The lookups the bid lists filter by: spirit types and Indian states. Same query keys as the other features'
// fetchers, so every screen shares one cached answer (docs/decisions.md "Lookups used by several features").
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

const forever = { staleTime: Infinity } as const;

export function useSpiritNames() {
  return useQuery({
    queryKey: ['getAllSpirit'],
    queryFn: async () => (await call('getAllSpirit', {}, { anonymous: true })).data,
    ...forever,
  });
}

export function useStateNames() {
  return useQuery({
    queryKey: ['getStateCities'],
    queryFn: async () => (await call('getStateCities', {}, { anonymous: true })).data,
    ...forever,
  });
}
