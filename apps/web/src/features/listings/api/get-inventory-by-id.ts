import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** An item of the market, or one of the company's own listings. */
export async function getInventorybyId(id: number) {
  return (await call('getInventorybyId', { id })).data;
}

export function useInventoryById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getInventorybyId', id],
    queryFn: () => getInventorybyId(id!),
    enabled: typeof id === 'number',
  });
}
