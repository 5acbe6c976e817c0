import type { UpdateBidCommissionInput } from '@spirit/domain/fees/trade-fees.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function updateBidCommission(body: UpdateBidCommissionInput) {
  return call('updateBidCommission', body);
}

/** The SuperAdmin's correction of a trade's fee; the answer is the trade's new fee and invoices. */
export function useUpdateBidCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidCommission,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['getBidCommissionById', data.id], data);
      void queryClient.invalidateQueries({ queryKey: ['getAllBidCommission'] });
    },
  });
}
