import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Distilleries in no mapping; with `mappingId`, also the distilleries of that mapping. */
export async function getAllUntaggedDistill(mappingId: number | undefined) {
  return (await call('getAllUntaggedDistill', mappingId ? { mapping_id: mappingId } : {})).data;
}

export function useUntaggedDistilleries(mappingId: number | undefined) {
  return useQuery({
    queryKey: ['getAllUntaggedDistill', mappingId ?? null],
    queryFn: () => getAllUntaggedDistill(mappingId),
    staleTime: 0,
  });
}
