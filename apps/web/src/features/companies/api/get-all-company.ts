import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type CompanyListBody = MethodBody<'getAllCompany'>;

export async function getAllCompany(body: CompanyListBody) {
  return (await call('getAllCompany', body)).data;
}

/** One page of companies; the previous page stays on screen while the next loads. */
export function useAllCompany(body: CompanyListBody) {
  return useQuery({
    queryKey: ['getAllCompany', body],
    queryFn: () => getAllCompany(body),
    placeholderData: keepPreviousData,
  });
}
