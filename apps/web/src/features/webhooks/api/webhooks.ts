// The webhook calls of the company Admin's pages.
import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function useWebhooks(body: MethodBody<'getWebhooks'>) {
  return useQuery({
    queryKey: ['getWebhooks', body],
    queryFn: async () => (await call('getWebhooks', body)).data,
    placeholderData: keepPreviousData,
  });
}

export function useDeliveries(body: MethodBody<'getWebhookDeliveries'>) {
  return useQuery({
    queryKey: ['getWebhookDeliveries', body],
    queryFn: async () => (await call('getWebhookDeliveries', body)).data,
    placeholderData: keepPreviousData,
  });
}

/** Any change to a webhook: its list and its log are read again. */
function useWebhookMutation<B>(fn: (body: B) => ReturnType<typeof call>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('Webhook') }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: MethodBody<'createWebhook'>) => call('createWebhook', body));
export const useUpdateWebhook = () =>
  useWebhookMutation((body: MethodBody<'updateWebhook'>) => call('updateWebhook', body));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => call('deleteWebhook', { id }));
export const useReplayDelivery = () => useWebhookMutation((id: number) => call('replayWebhookDelivery', { id }));
