import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getDistillById(id: number) {
  return (await call('getDistillById', { id })).data.distillery;
}

export function useDistillById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getDistillById', id],
    queryFn: () => getDistillById(id as number),
    enabled: typeof id === 'number',
  });
}
