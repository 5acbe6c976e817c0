import { z } from 'zod';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { requiredText } from '../common/validators.js';
import { idField } from '../common/numbers.js';
import { API_KEY_SCOPES } from './apikeys.constants.js';

export const createApiKeySchema = z.object({
  name: requiredText().pipe(z.string().max(100, 'At most 100 characters')),
  scope: z.enum(API_KEY_SCOPES, { error: 'Please choose a scope' }),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ id: idField() });

export const apiKeyListSchema = listQuerySchema.extend({ sort_by: z.enum(['name', 'created_at']).optional() });

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, to tell keys apart; never the secret. */
  hint: z.string(),
  created_at: z.string(),
  created_by_name: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  uses: z.number(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListResultSchema = listResultSchema(apiKeySchema);

/** The answer of `createApiKey`: the one time the key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
