import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Restores a deleted company to the status it had before. */
export function undeleteCompany(companyId: number) {
  return call('undeleteCompany', { company_id: companyId });
}

export function useUndeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undeleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Company') }),
  });
}
