import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getBidCommissionById(id: number) {
  return (await call('getBidCommissionById', { id })).data;
}

/** A trade's service fee, its rates and invoices (/editmycommission/{id}). */
export function useBidCommissionById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getBidCommissionById', id],
    queryFn: () => getBidCommissionById(id as number),
    enabled: typeof id === 'number',
  });
}
