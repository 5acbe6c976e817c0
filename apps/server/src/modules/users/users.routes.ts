import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { USER_MESSAGES } from '@spirit/domain/users/users.schemas';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import { checkAccess, defineMethod } from '../../http/registry.js';
import * as admin from './users.admin.service.js';
import * as usersService from './users.service.js';

/**
 * Account set-up is limited per IP; Add/Edit User per target account, so an Admin adding many users is not
 * throttled by the set-up limit.
 */
const userFormLimit = {
  max: 10,
  timeWindow: '5 minutes',
  keyFromBody: (b: Record<string, unknown>) =>
    b.is_company_registration === true ? 'setup' : `user:${String(b.id ?? b.email ?? '')}`,
};

/** createUser and updateUser are public for account set-up; Add and Edit User need a company Admin's session. */
function asAdmin(actor: Actor | null): Actor {
  const refusal = checkAccess(['Admin'], actor);
  if (refusal) throw refusal;
  return actor!;
}

export function usersRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'verifyToken', async ({ body }) => ({ data: await usersService.verifyToken(deps, body.token) }), {
    rateLimit: { max: 30, timeWindow: '5 minutes' },
  });
  // Account set-up arrives as createUser or updateUser with is_company_registration (spec 000 §7).
  defineMethod(
    app,
    'createUser',
    async ({ body, actor }) => {
      if (body.is_company_registration) {
        await usersService.setupAccount(deps, body);
        return { message: AUTH_MESSAGES.passwordSet, data: null };
      }
      await admin.addUser(deps, asAdmin(actor), body);
      return { message: USER_MESSAGES.created, data: null };
    },
    { rateLimit: userFormLimit },
  );
  defineMethod(
    app,
    'updateUser',
    async ({ body, actor }) => {
      if (body.is_company_registration) {
        await usersService.setupAccount(deps, body);
        return { message: AUTH_MESSAGES.passwordSet, data: null };
      }
      await admin.editUser(deps, asAdmin(actor), body);
      return { message: USER_MESSAGES.updated, data: null };
    },
    { rateLimit: userFormLimit },
  );
  defineMethod(app, 'getUserbyId', async ({ body, actor }) => ({ data: await admin.getUser(deps, actor!, body.id) }));
  defineMethod(app, 'getAllUsers', async ({ body, actor }) => ({ data: await admin.listUsers(deps, actor!, body) }));
  defineMethod(app, 'archiveUser', async ({ body, actor }) => {
    await admin.archiveUser(deps, actor!, body.user_id);
    return { message: USER_MESSAGES.archived, data: null };
  });
  defineMethod(app, 'unarchiveUser', async ({ body, actor }) => {
    await admin.unarchiveUser(deps, actor!, body.user_id);
    return { message: USER_MESSAGES.unarchived, data: null };
  });
  defineMethod(app, 'sendUserCredentials', async ({ body, actor }) => {
    await admin.sendUserCredentials(deps, actor!, body.user_id);
    return { message: USER_MESSAGES.credentialsSent, data: null };
  });
}
