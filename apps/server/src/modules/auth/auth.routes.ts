import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../plugins/registry.js';
import * as auth from './auth.service.js';

const perAccount = {
  max: 10,
  timeWindow: '5 minutes',
  keyFromBody: (b: Record<string, unknown>) => String(b.email ?? '').toLowerCase(),
};

export function authRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getCaptcha', async () => ({ data: await deps.captcha.challenge() }), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
  defineMethod(
    app,
    'login',
    async ({ body, req }) => ({ message: AUTH_MESSAGES.loginOk, data: await auth.login(deps, body, req.ip) }),
    { rateLimit: perAccount },
  );
  defineMethod(
    app,
    'generateOtp',
    async ({ body }) => {
      await auth.generateOtp(deps, body);
      return { message: AUTH_MESSAGES.otpSent, data: null };
    },
    { rateLimit: perAccount },
  );
  defineMethod(
    app,
    'loginWithOtp',
    async ({ body, req }) => ({ message: AUTH_MESSAGES.loginOk, data: await auth.loginWithOtp(deps, body, req.ip) }),
    { rateLimit: perAccount },
  );
  defineMethod(app, 'logout', async ({ actor }) => {
    await auth.logout(deps, actor!);
    return { message: AUTH_MESSAGES.logoutOk, data: null };
  });
  defineMethod(app, 'refreshUser', async ({ actor }) => ({ data: await auth.refreshUser(deps, actor!) }));
  defineMethod(
    app,
    'changePassword',
    async ({ body, actor }) => {
      await auth.changePassword(deps, actor!, body);
      return { message: AUTH_MESSAGES.passwordChanged, data: null };
    },
    { rateLimit: { max: 10, timeWindow: '5 minutes' } },
  );
}
