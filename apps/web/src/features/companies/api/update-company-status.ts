import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Approve or reject a Pending company. */
export function updateCompanyStatus(body: MethodBody<'updateCompanyStatus'>) {
  return call('updateCompanyStatus', body);
}

export function useUpdateCompanyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyStatus,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Company') }),
  });
}
