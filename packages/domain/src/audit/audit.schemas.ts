import { z } from 'zod';
import { optionalIdField } from '../common/numbers.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';

export const auditQuerySchema = listQuerySchema.extend({
  company_id: optionalIdField(),
  user_id: optionalIdField(),
  /** The acting user by part of their name or email (case-insensitive). */
  user: z.string().trim().max(200).optional().nullable(),
  object_type: z.string().trim().max(40).optional().nullable(),
  from: z.iso.date().optional().nullable(),
  to: z.iso.date().optional().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_user_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const auditListResultSchema = listResultSchema(auditEntrySchema);
