import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

export type PossibleBody = MethodBody<'getAllPossibleOffer'>;

/** Possible counterparties are re-read every 30 s (spec 001 §9). */
export const POSSIBLE_REFRESH_MS = 30_000;

export async function getAllPossibleOffer(body: PossibleBody) {
  return (await call('getAllPossibleOffer', body)).data;
}

/** One page of a listing's possible counterparties; the page on screen stays while the next loads. */
export function useAllPossibleOffer(body: PossibleBody) {
  return useQuery({
    queryKey: ['getAllPossibleOffer', body],
    queryFn: () => getAllPossibleOffer(body),
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(POSSIBLE_REFRESH_MS),
  });
}
