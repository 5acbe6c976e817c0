import type { FeeFormInput } from '@spirit/domain/fees/fees.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function updateCommission(body: FeeFormInput & { id: number }) {
  return call('updateCommission', body);
}

export function useUpdateCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommission,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Commission') }),
  });
}
