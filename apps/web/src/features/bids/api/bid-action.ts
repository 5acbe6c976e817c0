import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { refreshBidReads } from './bid-queries';

export function bidAction(body: MethodBody<'bidAction'>) {
  return call('bidAction', body);
}

/** Accepts, approves or rejects (with a comment); needs the approval window opened by `verifyOTP`. */
export function useBidAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bidAction,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['getBidById', data.id], data);
      return refreshBidReads(queryClient);
    },
  });
}
