import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Active users who may be mapped; with `mappingId`, also the users of that mapping. */
export async function getAllUntaggedUser(mappingId: number | undefined) {
  return (await call('getAllUntaggedUser', mappingId ? { mapping_id: mappingId } : {})).data;
}

export function useUntaggedUsers(mappingId: number | undefined) {
  return useQuery({
    queryKey: ['getAllUntaggedUser', mappingId ?? null],
    queryFn: () => getAllUntaggedUser(mappingId),
    staleTime: 0,
  });
}
