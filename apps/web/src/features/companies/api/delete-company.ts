import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Soft delete: the company shows under 'Rejected Only' and its users are signed out. */
export function deleteCompany(companyId: number) {
  return call('deleteCompany', { company_id: companyId });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Company') }),
  });
}
