// Notifications: the bell, its list and the settings page (issue 25 part 3).
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
import {
  markReadResultSchema,
  markReadSchema,
  notificationListSchema,
  notificationsQuerySchema,
  preferencesSchema,
  unreadCountSchema,
  updatePreferencesSchema,
} from './notifications.schemas.js';

export const NOTIFICATION_METHODS = {
  getNotifications: {
    body: notificationsQuerySchema,
    data: notificationListSchema,
    access: METHOD_ACCESS.getNotifications,
    summary: 'The caller’s notifications, a page at a time: newest first, or unread first',
  },
  getUnreadNotificationCount: {
    body: emptySchema,
    data: unreadCountSchema,
    access: METHOD_ACCESS.getUnreadNotificationCount,
    summary: 'How many of the caller’s notifications are unread (the bell; capped)',
  },
  markNotificationsRead: {
    body: markReadSchema,
    data: markReadResultSchema,
    access: METHOD_ACCESS.markNotificationsRead,
    summary: 'Marks one of the caller’s notifications, or all of them, as read',
  },
  getNotificationPreferences: {
    body: emptySchema,
    data: preferencesSchema,
    access: METHOD_ACCESS.getNotificationPreferences,
    summary: 'The caller’s notification settings: per type, in the app and by mail',
  },
  updateNotificationPreferences: {
    body: updatePreferencesSchema,
    data: preferencesSchema,
    access: METHOD_ACCESS.updateNotificationPreferences,
    summary: 'Saves the caller’s notification settings for the types sent',
  },
} as const satisfies Record<string, MethodSpec>;
