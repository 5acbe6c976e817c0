import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** One of the company's listings with the market figures of its product. */
export async function getOfferById(id: number) {
  return (await call('getOfferById', { id })).data;
}

export function useOfferById(id: number | null | undefined) {
  return useQuery({
    queryKey: ['getOfferById', id],
    queryFn: () => getOfferById(id!),
    enabled: typeof id === 'number',
  });
}
