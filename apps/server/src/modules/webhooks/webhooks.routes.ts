import { WEBHOOK_MESSAGES } from '@spirit/domain/webhooks/webhooks.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as webhooks from './webhooks.service.js';

export function webhooksRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getWebhooks', async ({ body, actor }) => ({ data: await webhooks.list(deps, actor!, body) }));
  defineMethod(app, 'createWebhook', async ({ body, actor }) => ({
    message: WEBHOOK_MESSAGES.created,
    data: await webhooks.create(deps, actor!, body),
  }));
  defineMethod(app, 'updateWebhook', async ({ body, actor }) => ({
    message: WEBHOOK_MESSAGES.updated,
    data: await webhooks.update(deps, actor!, body),
  }));
  defineMethod(app, 'deleteWebhook', async ({ body, actor }) => {
    await webhooks.remove(deps, actor!, body.id);
    return { message: WEBHOOK_MESSAGES.deleted, data: null };
  });
  defineMethod(app, 'getWebhookDeliveries', async ({ body, actor }) => ({
    data: await webhooks.deliveries(deps, actor!, body),
  }));
  defineMethod(app, 'replayWebhookDelivery', async ({ body, actor }) => ({
    message: WEBHOOK_MESSAGES.replayed,
    data: await webhooks.replay(deps, actor!, body.id),
  }));
}
