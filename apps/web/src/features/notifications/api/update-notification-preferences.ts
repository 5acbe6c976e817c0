import type { NotificationPreference } from '@spirit/domain/notifications/notifications.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) => call('updateNotificationPreferences', { preferences }),
    onSuccess: (result) => queryClient.setQueryData(['getNotificationPreferences'], result.data),
  });
}
