import type { CompanyType } from '@spirit/domain/companies/companies.constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Approved companies of a type for the form's pickers (a company Admin gets itself for its own type). */
export function useCompanyNames(companyType: CompanyType | null) {
  return useQuery({
    queryKey: ['getAllCompanyName', companyType],
    queryFn: async () => (await call('getAllCompanyName', { company_type: companyType! })).data,
    enabled: companyType !== null,
  });
}
