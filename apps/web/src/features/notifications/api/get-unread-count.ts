import { UNREAD_COUNT_CAP } from '@spirit/domain/notifications/notifications.constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { usePollInterval } from '../../../app/live-status';

/** The bell re-reads its count every 30 s (the live stream tells it sooner); opening the list refreshes it at once. */
export const UNREAD_POLL_MS = 30_000;

export async function getUnreadNotificationCount() {
  return (await call('getUnreadNotificationCount', {})).data;
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: ['getUnreadNotificationCount'],
    queryFn: getUnreadNotificationCount,
    enabled,
    refetchInterval: usePollInterval(UNREAD_POLL_MS),
    staleTime: 10_000,
  });
}

/** "3", "99+"; null while unknown. */
export const unreadText = (data: { count: number; capped: boolean } | undefined) =>
  data ? (data.capped ? `${UNREAD_COUNT_CAP}+` : String(data.count)) : null;
