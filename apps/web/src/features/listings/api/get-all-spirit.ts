import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getAllSpirit() {
  return (await call('getAllSpirit', {}, { anonymous: true })).data;
}

/** Every spirit type of the platform (the market's filter); the same cached answer as other features'. */
export function useAllSpirit() {
  return useQuery({ queryKey: ['getAllSpirit'], queryFn: getAllSpirit, staleTime: Infinity });
}
