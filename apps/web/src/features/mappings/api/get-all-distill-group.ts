import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type MappingListBody = MethodBody<'getAllDistillGroup'>;

export async function getAllDistillGroup(body: MappingListBody) {
  return (await call('getAllDistillGroup', body)).data;
}

/** One page of centralized or de-centralized mappings. */
export function useAllDistillGroup(body: MappingListBody) {
  return useQuery({
    queryKey: ['getAllDistillGroup', body],
    queryFn: () => getAllDistillGroup(body),
    placeholderData: keepPreviousData,
  });
}
