import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The most getAllOffers answers in one page: the picker reads one page of the product's listings. */
const PICKER_PAGE_SIZE = 30;

/** The caller's company's listings (its own side) whose product, state or distillery mentions `product`. */
export async function getOwnListings(product: string) {
  return (await call('getAllOffers', { page: 1, page_size: PICKER_PAGE_SIZE, item_search: product })).data;
}

/** Same first key as the listings feature's lists, so a bid call's refresh reaches it too. */
export function useOwnListings(product: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['getAllOffers', { picker: product }],
    queryFn: () => getOwnListings(product!),
    enabled: enabled && !!product,
  });
}
