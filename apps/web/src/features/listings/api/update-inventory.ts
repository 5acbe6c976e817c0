import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function updateInventory(body: MethodBody<'updateInventory'>) {
  return call('updateInventory', body);
}

/** Edits a listing; every cached view of listings (lists, the detail, the market) is read again. */
export function useUpdateInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInventory,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          ['getAllOffers', 'getOfferById', 'getAllInventory', 'getInventorybyId'].includes(String(q.queryKey[0])),
      }),
  });
}
