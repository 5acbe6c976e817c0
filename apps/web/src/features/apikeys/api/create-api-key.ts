import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function createApiKey(body: MethodBody<'createApiKey'>) {
  return call('createApiKey', body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getApiKeys'] }),
  });
}
