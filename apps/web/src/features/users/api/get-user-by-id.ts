import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getUserById(id: number) {
  return (await call('getUserbyId', { id })).data;
}

export function useUserById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getUserbyId', id],
    queryFn: () => getUserById(id as number),
    enabled: typeof id === 'number',
  });
}
