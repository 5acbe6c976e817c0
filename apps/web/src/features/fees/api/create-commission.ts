import type { FeeFormInput } from '@spirit/domain/fees/fees.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function createCommission(body: FeeFormInput) {
  return call('createCommission', body);
}

export function useCreateCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllCommission'] }),
  });
}
