import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getAllSpirit() {
  return (await call('getAllSpirit', {}, { anonymous: true })).data;
}

/** The products a rate may be limited to. Same fixed list (and cache) as registration. */
export function useAllSpirit() {
  return useQuery({ queryKey: ['getAllSpirit'], queryFn: getAllSpirit, staleTime: Infinity });
}
