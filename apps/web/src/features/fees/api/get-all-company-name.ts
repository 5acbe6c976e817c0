import type { CompanyType } from '@spirit/domain/companies/companies.constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getAllCompanyName(companyType: CompanyType) {
  return (await call('getAllCompanyName', { company_type: companyType })).data;
}

/** Approved companies of a type, for the Company Name list; nothing until a type is chosen. */
export function useCompanyNames(companyType: CompanyType | null) {
  return useQuery({
    queryKey: ['getAllCompanyName', companyType],
    queryFn: () => getAllCompanyName(companyType as CompanyType),
    enabled: companyType !== null,
  });
}
