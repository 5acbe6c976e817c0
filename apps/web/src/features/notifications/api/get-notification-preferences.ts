import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getNotificationPreferences() {
  return (await call('getNotificationPreferences', {})).data;
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: ['getNotificationPreferences'], queryFn: getNotificationPreferences });
}
