import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** A company's distilleries for the form's pickers; nothing until a company is chosen. */
export function useDistilleryNames(companyId: number | null) {
  return useQuery({
    queryKey: ['getDistillNameByCompanyId', companyId],
    queryFn: async () => (await call('getDistillNameByCompanyId', { company_id: companyId! })).data,
    enabled: companyId !== null,
  });
}
