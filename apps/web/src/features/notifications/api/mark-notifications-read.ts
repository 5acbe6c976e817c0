import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Marks one notification or all as read; the bell's count and list read again. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MethodBody<'markNotificationsRead'>) => call('markNotificationsRead', body),
    onSuccess: () =>
      Promise.all(
        ['getUnreadNotificationCount', 'getNotifications'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
