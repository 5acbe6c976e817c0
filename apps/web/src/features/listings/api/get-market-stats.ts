import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getMarketStats(product: string) {
  return (await call('getMarketStats', { product })).data;
}

/** The market figures of a product (the form's summary cards); nothing is asked until a product is chosen. */
export function useMarketStats(product: string) {
  return useQuery({
    queryKey: ['getMarketStats', product],
    queryFn: () => getMarketStats(product),
    enabled: product !== '',
    staleTime: 30_000,
  });
}
