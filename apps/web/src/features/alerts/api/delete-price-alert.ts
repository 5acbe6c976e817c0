import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function useDeletePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deletePriceAlert', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getPriceAlerts'] }),
  });
}
