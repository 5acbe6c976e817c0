import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getAllSpirit() {
  return (await call('getAllSpirit', {}, { anonymous: true })).data;
}

export function useAllSpirit() {
  return useQuery({ queryKey: ['getAllSpirit'], queryFn: getAllSpirit, staleTime: Infinity });
}
