import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** A market item (a counterparty's open listing) or one of the company's own listings, with its fees. */
export async function getInventorybyId(id: number) {
  return (await call('getInventorybyId', { id })).data;
}

/** Same key as the listings feature's fetcher, so the item view and the bid page share one cached answer. */
export function useInventoryById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getInventorybyId', id],
    queryFn: () => getInventorybyId(id!),
    enabled: typeof id === 'number',
  });
}
