import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../plugins/registry.js';
import * as usersService from './users.service.js';

const setupLimit = { max: 10, timeWindow: '5 minutes' };

export function usersRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'verifyToken', async ({ body }) => ({ data: await usersService.verifyToken(deps, body.token) }), {
    rateLimit: { max: 30, timeWindow: '5 minutes' },
  });
  // Account set-up arrives as createUser or updateUser with is_company_registration (spec 000 §7).
  for (const name of ['createUser', 'updateUser'] as const) {
    defineMethod(
      app,
      name,
      async ({ body }) => {
        await usersService.setupAccount(deps, body);
        return { message: AUTH_MESSAGES.passwordSet, data: null };
      },
      { rateLimit: setupLimit },
    );
  }
}
