import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function revokeApiKey(id: number) {
  return call('revokeApiKey', { id });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getApiKeys'] }),
  });
}
