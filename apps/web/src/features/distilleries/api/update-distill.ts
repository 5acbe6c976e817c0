import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function updateDistill(body: MethodBody<'updateDistill'>) {
  return call('updateDistill', body);
}

export function useUpdateDistill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDistill,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Distill') }),
  });
}
