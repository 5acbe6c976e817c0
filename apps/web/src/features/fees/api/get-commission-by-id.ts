import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getCommissionById(id: number) {
  return (await call('getCommissionbyId', { id })).data;
}

export function useCommissionById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getCommissionbyId', id],
    queryFn: () => getCommissionById(id as number),
    enabled: typeof id === 'number',
  });
}
