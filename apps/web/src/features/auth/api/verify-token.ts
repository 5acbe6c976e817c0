import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function verifyToken(token: string) {
  return call('verifyToken', { token }, { anonymous: true });
}

/** Checks an invitation link once; a broken or used link will not mend on retry. */
export function useVerifyToken(token: string) {
  return useQuery({
    queryKey: ['verifyToken', token],
    queryFn: async () => (await verifyToken(token)).data,
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
