// Company API keys (the company's Admin).
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import {
  apiKeyListResultSchema,
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  revokeApiKeySchema,
} from './apikeys.schemas.js';

export const APIKEY_METHODS = {
  getApiKeys: {
    body: apiKeyListSchema,
    data: apiKeyListResultSchema,
    access: METHOD_ACCESS.getApiKeys,
    summary: 'The company’s API keys (never their secrets)',
  },
  createApiKey: {
    body: createApiKeySchema,
    data: createdApiKeySchema,
    access: METHOD_ACCESS.createApiKey,
    summary: 'Create an API key; the answer is the only time the key is shown',
  },
  revokeApiKey: {
    body: revokeApiKeySchema,
    data: nothing,
    access: METHOD_ACCESS.revokeApiKey,
    summary: 'Revoke an API key: its next call is refused',
  },
} as const satisfies Record<string, MethodSpec>;
