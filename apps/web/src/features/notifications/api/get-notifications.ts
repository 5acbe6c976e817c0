import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type NotificationsBody = MethodBody<'getNotifications'>;

export async function getNotifications(body: NotificationsBody) {
  return (await call('getNotifications', body)).data;
}

/** A page of the signed-in user's notifications (the bell's list: newest first). */
export function useNotifications(body: NotificationsBody, enabled = true) {
  return useQuery({
    queryKey: ['getNotifications', body],
    queryFn: () => getNotifications(body),
    enabled,
    placeholderData: keepPreviousData,
  });
}
