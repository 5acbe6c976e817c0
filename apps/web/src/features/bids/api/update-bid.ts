import { SALE_ORDER_PURPOSE } from '@spirit/domain/files/files.constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, uploadFile } from '../../../app/api-client';
import { refreshBidReads } from './bid-queries';

/**
 * The seller's sale order: the file is uploaded (`purpose=sale_order`, checked by content on the server), then
 * attached to the trade with `updateBid` (spec 001 §7: submitted only once an uploaded file URL exists).
 */
export async function uploadSaleOrder(input: { bidId: number; otherCompanyId: number | null; file: File }) {
  const uploaded = await uploadFile(input.file, { fields: { purpose: SALE_ORDER_PURPOSE } });
  const res = await call('updateBid', {
    bid_id: input.bidId,
    sell_order: uploaded.data.file_url,
    ...(input.otherCompanyId ? { company_id: input.otherCompanyId } : {}),
  });
  return res;
}

export function useUploadSaleOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSaleOrder,
    onSuccess: () => refreshBidReads(queryClient),
  });
}
