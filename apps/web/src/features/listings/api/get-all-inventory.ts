import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type InventoryBody = MethodBody<'getAllInventory'>;

export async function getAllInventory(body: InventoryBody) {
  return (await call('getAllInventory', body)).data;
}

/** One page of the market: other companies' open listings of the side the caller trades with. */
export function useAllInventory(body: InventoryBody) {
  return useQuery({
    queryKey: ['getAllInventory', body],
    queryFn: () => getAllInventory(body),
    placeholderData: keepPreviousData,
  });
}
