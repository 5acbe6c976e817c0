import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';
import type { ListQuery } from '../../../ui/use-list-state';

export type OfferListBody = MethodBody<'getAllOffers'>;
export type ListingSort = NonNullable<OfferListBody['sort_by']>;

/** The columns getAllOffers sorts by (the contract's `LISTING_SORTS`, kept here to leave zod out of the list). */
export const LISTING_SORT_KEYS = [
  'from_period',
  'state',
  'product',
  'offer_price',
  'modified_on',
] as const satisfies readonly ListingSort[];

/** A list's URL state as the call's body: a `sort_by` the call does not know is left out. */
export function offerListBody(query: ListQuery): OfferListBody {
  const { sort_by, ...rest } = query;
  const known = LISTING_SORT_KEYS.find((key) => key === sort_by);
  return known ? { ...rest, sort_by: known } : rest;
}

/** The spec polls the Offers and Asks lists every 15 s (spec 001 §9). */
export const OFFERS_REFRESH_MS = 15_000;

export async function getAllOffers(body: OfferListBody) {
  return (await call('getAllOffers', body)).data;
}

/** The company's listings of its side; `refresh` polls while the tab is visible, keeping the page being read. */
export function useAllOffers(body: OfferListBody, opts: { refresh?: boolean } = {}) {
  const every = usePollInterval(OFFERS_REFRESH_MS);
  return useQuery({
    queryKey: ['getAllOffers', body],
    queryFn: () => getAllOffers(body),
    placeholderData: keepPreviousData,
    refetchInterval: opts.refresh ? every : false,
  });
}
