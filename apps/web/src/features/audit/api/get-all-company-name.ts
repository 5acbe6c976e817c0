import { COMPANY_TYPES, type CompanyType } from '@spirit/domain/companies/companies.constants';
import { useQueries } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getAllCompanyName(companyType: CompanyType) {
  return (await call('getAllCompanyName', { company_type: companyType })).data;
}

export type CompanyOption = { id: number; name: string; type: CompanyType };

/** The companies of both types, by name, for the audit log's company filter. */
export function useAllCompanyNames(): { data: CompanyOption[]; isPending: boolean; isError: boolean } {
  return useQueries({
    queries: COMPANY_TYPES.map((type) => ({
      queryKey: ['getAllCompanyName', type],
      queryFn: () => getAllCompanyName(type),
    })),
    combine: (results) => ({
      data: results
        .flatMap((r, i) => (r.data ?? []).map((c) => ({ ...c, type: COMPANY_TYPES[i]! })))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' })),
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
    }),
  });
}
