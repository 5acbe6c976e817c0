import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The trend table of one product (every product when empty). */
export function usePriceTrend(product: string) {
  return useQuery({
    queryKey: ['getPriceTrend', product],
    queryFn: async () => (await call('getPriceTrend', product ? { product } : {})).data,
    placeholderData: keepPreviousData,
  });
}
