import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type FeeListBody = MethodBody<'getAllCommission'>;

export async function getAllCommission(body: FeeListBody) {
  return (await call('getAllCommission', body)).data;
}

export function useAllCommission(body: FeeListBody) {
  return useQuery({
    queryKey: ['getAllCommission', body],
    queryFn: () => getAllCommission(body),
    placeholderData: keepPreviousData,
  });
}
