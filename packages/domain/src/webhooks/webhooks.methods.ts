// Webhooks of a company (the company's Admin).
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import {
  createWebhookSchema,
  createdWebhookSchema,
  deliveryListResultSchema,
  deliveryListSchema,
  deliverySchema,
  updateWebhookSchema,
  webhookIdSchema,
  webhookListResultSchema,
  webhookListSchema,
  webhookSchema,
} from './webhooks.schemas.js';

export const WEBHOOK_METHODS = {
  getWebhooks: {
    body: webhookListSchema,
    data: webhookListResultSchema,
    access: METHOD_ACCESS.getWebhooks,
    summary: 'The company’s webhooks (never their secrets)',
  },
  createWebhook: {
    body: createWebhookSchema,
    data: createdWebhookSchema,
    access: METHOD_ACCESS.createWebhook,
    summary: 'Register a webhook; the answer is the only time its signing secret is shown',
  },
  updateWebhook: {
    body: updateWebhookSchema,
    data: webhookSchema,
    access: METHOD_ACCESS.updateWebhook,
    summary: 'Turn a webhook off or on, or change its event types',
  },
  deleteWebhook: {
    body: webhookIdSchema,
    data: nothing,
    access: METHOD_ACCESS.deleteWebhook,
    summary: 'Delete a webhook and its delivery log',
  },
  getWebhookDeliveries: {
    body: deliveryListSchema,
    data: deliveryListResultSchema,
    access: METHOD_ACCESS.getWebhookDeliveries,
    summary: 'A webhook’s delivery log, newest first',
  },
  replayWebhookDelivery: {
    body: webhookIdSchema,
    data: deliverySchema,
    access: METHOD_ACCESS.replayWebhookDelivery,
    summary: 'Deliver a logged event again (a new delivery)',
  },
} as const satisfies Record<string, MethodSpec>;
