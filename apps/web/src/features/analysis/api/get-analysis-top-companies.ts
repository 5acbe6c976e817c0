import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import type { Range } from '../components/range';

/** The companies with the most traded volume in the range. */
export function useAnalysisTopCompanies(range: Range, product: string) {
  return useQuery({
    queryKey: ['getAnalysisTopCompanies', range, product],
    queryFn: async () => (await call('getAnalysisTopCompanies', { ...range, ...(product ? { product } : {}) })).data,
    placeholderData: keepPreviousData,
  });
}
