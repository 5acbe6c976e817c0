import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { refreshBidReads } from './bid-queries';

export function createBid(body: MethodBody<'createBid'>) {
  return call('createBid', body);
}

/** Places a bid joining the caller's listing and a counterparty's (captcha). */
export function useCreateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBid,
    onSuccess: ({ data }) => {
      // The bid page opens on the new bid at once.
      queryClient.setQueryData(['getBidById', data.id], data);
      return refreshBidReads(queryClient);
    },
  });
}
