import type { VolumeGroup } from '@spirit/domain/analysis/analysis.constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import type { Range } from '../components/range';

/** Traded volume and average price per bucket of the range, by product or by state. */
export function useAnalysisVolume(range: Range, groupBy: VolumeGroup, product: string) {
  return useQuery({
    queryKey: ['getAnalysisVolume', range, groupBy, product],
    queryFn: async () =>
      (await call('getAnalysisVolume', { ...range, group_by: groupBy, ...(product ? { product } : {}) })).data,
    placeholderData: keepPreviousData,
  });
}
