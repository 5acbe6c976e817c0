import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The offer map's records of one of the company's listings: its counterparties per state and source. */
export async function getOfferMap(offerId: number) {
  return (await call('getOfferMap', { offer_id: offerId })).data;
}

export function useOfferMap(offerId: number | null | undefined) {
  return useQuery({
    queryKey: ['getOfferMap', offerId],
    queryFn: () => getOfferMap(offerId!),
    enabled: typeof offerId === 'number',
  });
}
