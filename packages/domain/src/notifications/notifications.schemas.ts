// The notification calls' bodies and answers (issue 25 part 3).
import { z } from 'zod';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { idField } from '../common/numbers.js';
import { NOTIFICATION_TYPES } from './notifications.constants.js';

export const notificationTypeField = z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' });

/** getNotifications: newest first (default) or unread first; `unread_only` leaves read ones out. */
export const notificationsQuerySchema = listQuerySchema.extend({
  sort_by: z.enum(['newest', 'unread']).default('newest'),
  unread_only: z.boolean().default(false),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationSchema = z.object({
  id: z.number(),
  type: notificationTypeField,
  title: z.string(),
  text: z.string(),
  bid_id: z.number().nullable(),
  listing_id: z.number().nullable(),
  /** The web app's page for it, or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationRecord = z.infer<typeof notificationSchema>;
export const notificationListSchema = listResultSchema(notificationSchema);

export const unreadCountSchema = z.object({ count: z.number(), capped: z.boolean() });

/** markNotificationsRead: one (`id`) or all (`all: true`). */
export const markReadSchema = z
  .object({ id: idField().optional(), all: z.boolean().optional() })
  .refine((b) => (b.id !== undefined) !== (b.all === true), {
    message: 'Send either a notification id or all: true',
    path: ['id'],
  });
export const markReadResultSchema = z.object({ updated: z.number() });

export const preferenceSchema = z.object({ type: notificationTypeField, in_app: z.boolean(), mail: z.boolean() });
export type NotificationPreference = z.infer<typeof preferenceSchema>;
/** Every type, with its label, in the settings page's order. */
export const preferencesSchema = z.array(preferenceSchema.extend({ label: z.string() }));
export const updatePreferencesSchema = z.object({
  preferences: z
    .array(preferenceSchema, { error: 'Send the settings to save' })
    .min(1, 'Send the settings to save')
    .max(NOTIFICATION_TYPES.length * 2)
    .refine((rows) => new Set(rows.map((r) => r.type)).size === rows.length, 'Each type at most once'),
});
