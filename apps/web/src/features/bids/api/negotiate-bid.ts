import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { refreshBidReads } from './bid-queries';

export function negotiateBid(body: MethodBody<'negotiateBid'>) {
  return call('negotiateBid', body);
}

/** Counters a bid with new terms and a new validity (captcha; the `version` the screen showed). */
export function useNegotiateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: negotiateBid,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['getBidById', data.id], data);
      return refreshBidReads(queryClient);
    },
  });
}
