import { NOTIFICATION_MESSAGES } from '@spirit/domain/notifications/notifications.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { notificationsConsumer } from './notifications.consumer.js';
import * as notifications from './notifications.service.js';

export function notificationsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  deps.events.addConsumer(notificationsConsumer(deps));
  defineMethod(app, 'getNotifications', async ({ body, actor }) => ({
    data: await notifications.list(deps, actor!, body),
  }));
  defineMethod(app, 'getUnreadNotificationCount', async ({ actor }) => ({
    data: await notifications.unreadCount(deps, actor!),
  }));
  defineMethod(app, 'markNotificationsRead', async ({ body, actor }) => ({
    message: NOTIFICATION_MESSAGES.marked,
    data: await notifications.markRead(deps, actor!, body),
  }));
  defineMethod(app, 'getNotificationPreferences', async ({ actor }) => ({
    data: await notifications.preferences(deps, actor!),
  }));
  defineMethod(app, 'updateNotificationPreferences', async ({ body, actor }) => ({
    message: NOTIFICATION_MESSAGES.saved,
    data: await notifications.updatePreferences(deps, actor!, body.preferences),
  }));
}
