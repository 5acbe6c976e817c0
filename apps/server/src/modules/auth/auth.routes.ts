import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod, type Limit } from '../../http/registry.js';
import * as auth from './auth.service.js';

const MINUTE = 60_000;
const emailOf = (b: Record<string, unknown>) => (typeof b.email === 'string' ? b.email.trim().toLowerCase() : '');

// Per address and email together: one caller hammering one account.
const perAccount = { max: 10, timeWindow: '5 minutes', keyFromBody: emailOf };

/**
 * Failed sign-ins (401) per address across accounts, and per account across addresses (DESIGN §5). Only failures
 * count, so a user who gets it right never fills them; windows are short, and the password and one-time-code
 * counters of an account are apart, so guessing one way never locks the owner out of the other (decisions.md).
 */
const signInLimits = (method: 'login' | 'loginWithOtp'): Limit[] => [
  { scope: 'sign-in-failures-ip', max: 20, timeWindow: 5 * MINUTE, key: (req) => req.ip, countStatus: 401 },
  {
    scope: `${method}-failures-account`,
    max: 20,
    timeWindow: 15 * MINUTE,
    key: (_req, body) => emailOf(body),
    countStatus: 401,
  },
];

// generateOtp answers alike for every email, so every request counts: it sends mail.
const codeRequestLimits: Limit[] = [
  { scope: 'generate-otp-ip', max: 20, timeWindow: 5 * MINUTE, key: (req) => req.ip },
  { scope: 'generate-otp-account', max: 10, timeWindow: 15 * MINUTE, key: (_req, body) => emailOf(body) },
];

export function authRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getCaptcha', async () => ({ data: await deps.captcha.challenge() }), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
  defineMethod(
    app,
    'login',
    async ({ body, req }) => ({ message: AUTH_MESSAGES.loginOk, data: await auth.login(deps, body, req.ip) }),
    { rateLimit: perAccount, limits: signInLimits('login') },
  );
  defineMethod(
    app,
    'generateOtp',
    async ({ body }) => {
      await auth.generateOtp(deps, body);
      return { message: AUTH_MESSAGES.otpSent, data: null };
    },
    { rateLimit: perAccount, limits: codeRequestLimits },
  );
  defineMethod(
    app,
    'loginWithOtp',
    async ({ body, req }) => ({ message: AUTH_MESSAGES.loginOk, data: await auth.loginWithOtp(deps, body, req.ip) }),
    { rateLimit: perAccount, limits: signInLimits('loginWithOtp') },
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
