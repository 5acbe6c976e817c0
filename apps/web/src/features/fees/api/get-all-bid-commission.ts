import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type BidCommissionListBody = MethodBody<'getAllBidCommission'>;

export async function getAllBidCommission(body: BidCommissionListBody) {
  return (await call('getAllBidCommission', body)).data;
}

/** The approved trades with the caller's side's service fee (/mycommission). */
export function useAllBidCommission(body: BidCommissionListBody) {
  return useQuery({
    queryKey: ['getAllBidCommission', body],
    queryFn: () => getAllBidCommission(body),
    placeholderData: keepPreviousData,
  });
}
