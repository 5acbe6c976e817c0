import type { CreateAlertInput } from '@spirit/domain/alerts/alerts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertInput) => call('createPriceAlert', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getPriceAlerts'] }),
  });
}
