import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import type { Range } from '../components/range';

/** The bids created in the range by how far they went. */
export function useAnalysisFunnel(range: Range) {
  return useQuery({
    queryKey: ['getAnalysisFunnel', range],
    queryFn: async () => (await call('getAnalysisFunnel', range)).data,
    placeholderData: keepPreviousData,
  });
}
