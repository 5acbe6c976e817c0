import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getDistillGroupById(id: number) {
  return (await call('getDistillGroupById', { id })).data;
}

export function useDistillGroupById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getDistillGroupById', id],
    queryFn: () => getDistillGroupById(id as number),
    enabled: typeof id === 'number',
  });
}
