import { API_KEY_MESSAGES } from '@spirit/domain/apikeys/apikeys.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as apikeys from './apikeys.service.js';

export function apikeysRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getApiKeys', async ({ body, actor }) => ({ data: await apikeys.list(deps, actor!, body) }));
  defineMethod(app, 'createApiKey', async ({ body, actor }) => ({
    message: API_KEY_MESSAGES.created,
    data: await apikeys.create(deps, actor!, body),
  }));
  defineMethod(app, 'revokeApiKey', async ({ body, actor }) => {
    await apikeys.revoke(deps, actor!, body.id);
    return { message: API_KEY_MESSAGES.revoked, data: null };
  });
}
