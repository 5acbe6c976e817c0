import type { UpdateCompanyInput } from '@spirit/domain/companies/companies.admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function updateCompany(body: UpdateCompanyInput) {
  return call('updateCompany', body);
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Company') }),
  });
}
