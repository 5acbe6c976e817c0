import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type DistilleryListBody = MethodBody<'getAllDistill'>;

export async function getAllDistill(body: DistilleryListBody) {
  return (await call('getAllDistill', body)).data;
}

export function useAllDistill(body: DistilleryListBody) {
  return useQuery({
    queryKey: ['getAllDistill', body],
    queryFn: () => getAllDistill(body),
    placeholderData: keepPreviousData,
  });
}
