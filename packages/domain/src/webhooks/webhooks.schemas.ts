import { z } from 'zod';
import { EVENT_TYPES } from '../events/events.constants.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { idField } from '../common/numbers.js';
import { requiredText } from '../common/validators.js';
import { DELIVERY_STATUSES, WEBHOOK_MESSAGES } from './webhooks.constants.js';

const URL_PATTERN = /^([a-z][a-z0-9+.-]*):\/\/([^\s/?#]+)([/?#]\S*)?$/i;
const HOST_PATTERN =
  /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:[0-9]{1,5})?$/i;

/** An http(s) URL without credentials; whether plain http and private hosts are allowed is the server's setting. */
export const webhookUrlField = () =>
  requiredText()
    .pipe(z.string().max(2000, 'At most 2000 characters'))
    .superRefine((v, ctx) => {
      const match = URL_PATTERN.exec(v);
      if (!match) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.invalidUrl });
      else if (!['https', 'http'].includes(match[1]!.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.httpsOnly });
      else if (match[2]!.includes('@')) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.credentials });
      else if (!HOST_PATTERN.test(match[2]!)) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.invalidUrl });
    });

const eventTypesField = () =>
  z
    .array(z.enum(EVENT_TYPES), { error: WEBHOOK_MESSAGES.pickEvent })
    .min(1, WEBHOOK_MESSAGES.pickEvent)
    .transform((types) => [...new Set(types)]);

export const createWebhookSchema = z.object({ url: webhookUrlField(), event_types: eventTypesField() });
export type CreateWebhook = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({
  id: idField(),
  is_active: z.boolean().optional(),
  event_types: eventTypesField().optional(),
});

export const webhookIdSchema = z.object({ id: idField() });

export const webhookListSchema = listQuerySchema.extend({ sort_by: z.enum(['url', 'created_at']).optional() });

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  event_types: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  pending: z.number(),
  failed: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListResultSchema = listResultSchema(webhookSchema);

export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });

export const deliveryListSchema = listQuerySchema.extend({
  webhook_id: idField(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});

export const deliverySchema = z.object({
  id: z.number(),
  event_seq: z.number(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  replay_of: z.number().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListResultSchema = listResultSchema(deliverySchema);
