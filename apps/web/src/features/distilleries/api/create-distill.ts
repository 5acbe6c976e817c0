import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function createDistill(body: MethodBody<'createDistill'>) {
  return call('createDistill', body);
}

export function useCreateDistill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDistill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllDistill'] }),
  });
}
