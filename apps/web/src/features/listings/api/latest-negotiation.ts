import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The ticker's loop: a fresh set of entries each time it comes round (spec 001 §9). */
export const TICKER_REFRESH_MS = 30_000;

export async function latestNegotiation(product: string) {
  return (await call('latestNegotiation', { product })).data;
}

/** The newest non-confidential negotiation entries of a product across the market. */
export function useLatestNegotiation(product: string | undefined) {
  return useQuery({
    queryKey: ['latestNegotiation', product],
    queryFn: () => latestNegotiation(product!),
    enabled: !!product,
    refetchInterval: TICKER_REFRESH_MS,
  });
}
