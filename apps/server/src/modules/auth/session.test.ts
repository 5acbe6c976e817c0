import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { loginResultSchema, refreshUserResultSchema } from '@spirit/domain/auth/auth.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, expectError, seedApprovedCompany, seedSuperAdmin, userRow } from '../../test/fixtures.js';
import { planOf } from '../../test/plans.js';
import { liveSessionByTokenQuery } from './auth.repository.js';
import { SUPER_ADMIN, createHarness, type Harness } from '../../test/harness.js';

type Company = Awaited<ReturnType<typeof seedApprovedCompany>>;

let h: Harness;
let superToken: string;
let seller: Company;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  seller = await seedApprovedCompany(h, { superToken });
});
afterAll(async () => h.close());

const loginBody = async (email: string, password: string) => ({ email, password, captcha: await h.captcha() });

describe('change password', () => {
  let user: Company;
  let other: Company;
  beforeAll(async () => {
    user = await seedApprovedCompany(h, { superToken: await h.login(SUPER_ADMIN.email, SUPER_ADMIN.password) });
    other = await seedApprovedCompany(h, { superToken: await h.login(SUPER_ADMIN.email, SUPER_ADMIN.password) });
  });
  const change = async (token: string, body: Record<string, unknown>) =>
    h.call(
      'changePassword',
      { old_password: user.password, new_password: 'New@Pass22', captcha: await h.captcha(), ...body },
      token,
    );
  const hashOf = async (email: string) => (await userRow(h, email))!.password_hash;

  it.each([
    ['a wrong old password', { old_password: 'Wrong@Pass1' }, { old_password: AUTH_MESSAGES.oldPasswordWrong }],
    ['the old password again', { new_password: 'Admin@Pass1' }, { new_password: AUTH_MESSAGES.samePassword }],
    [
      'a weak new password',
      { new_password: 'weakpass1' },
      { new_password: 'Password must have: At least one uppercase letter, At least one special character' },
    ],
    ['no captcha', { captcha: '' }, { captcha: 'Please verify captcha.' }],
  ])('refuses %s and changes nothing', async (_case, body, fields) => {
    const token = await h.login(user.email, user.password);
    const hash = await hashOf(user.email);
    expectError(await change(token, body), 400, { fields });
    expect(await hashOf(user.email)).toBe(hash);
    expect((await h.call('refreshUser', {}, token)).statusCode).toBe(200);
  });

  it('refuses a replayed captcha', async () => {
    const token = await h.login(user.email, user.password);
    const captcha = await h.captcha();
    expectError(await change(token, { captcha, old_password: 'Wrong@Pass1' }), 400, {
      fields: { old_password: AUTH_MESSAGES.oldPasswordWrong },
    });
    const hash = await hashOf(user.email);
    expectError(await change(token, { captcha }), 400, { fields: { captcha: AUTH_MESSAGES.captchaInvalid } });
    expect(await hashOf(user.email)).toBe(hash);
  });

  it('changes the caller’s own password whatever user_id says, and signs them out everywhere', async () => {
    const [a, b] = [await h.login(user.email, user.password), await h.login(user.email, user.password)];
    const otherHash = await hashOf(other.email);
    const res = await change(a, { user_id: (await userRow(h, other.email))!.id });
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: AUTH_MESSAGES.passwordChanged, data: null });
    expect(await hashOf(other.email)).toBe(otherHash);
    for (const token of [a, b]) expectError(await h.call('refreshUser', {}, token), 401, { error: 'Invalid token' });
    expectError(await h.call('login', await loginBody(user.email, user.password)), 401, {
      error: AUTH_MESSAGES.badCredentials,
    });
    expect((await h.call('login', await loginBody(user.email, 'New@Pass22'))).statusCode).toBe(200);
    expect(await auditEntries(h, 'user.password_changed', (await userRow(h, user.email))!.id)).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('refreshUser returns the signed-in user; a bare token works too', async () => {
    const login = loginResultSchema.parse(
      (await h.call('login', await loginBody(seller.email, seller.password))).body.data,
    );
    const res = await h.call('refreshUser', {}, login.token);
    expect(refreshUserResultSchema.parse(res.body.data)).toEqual({ user: login.user });
    const bare = await h.app.inject({
      method: 'POST',
      url: '/api/refreshUser',
      headers: { authorization: login.token },
      payload: {},
    });
    expect(bare.statusCode).toBe(200);
  });

  it.each([
    ['no token', null],
    ['a garbage token', 'garbage'],
  ])('answers %s with 401 Invalid token', async (_case, token) => {
    expectError(await h.call('refreshUser', {}, token), 401, { error: 'Invalid token', code: 'auth.invalid_token' });
    expectError(await h.call('logout', {}, token), 401, { error: 'Invalid token' });
  });

  it('logout revokes this session only', async () => {
    const [a, b] = [await h.login(seller.email, seller.password), await h.login(seller.email, seller.password)];
    const res = await h.call('logout', {}, a);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: AUTH_MESSAGES.logoutOk, data: null });
    expectError(await h.call('refreshUser', {}, a), 401, { error: 'Invalid token' });
    expect((await h.call('refreshUser', {}, b)).statusCode).toBe(200);
  });

  it('expires after SESSION_IDLE_MINUTES without activity; activity keeps it alive', async () => {
    expect(h.config.sessionIdleMinutes).toBe(120);
    const idle = await h.login(seller.email, seller.password);
    const busy = await h.login(seller.email, seller.password);
    h.clock.offsetMs += 100 * 60_000;
    expect((await h.call('refreshUser', {}, busy)).statusCode).toBe(200);
    h.clock.offsetMs += 21 * 60_000;
    expectError(await h.call('refreshUser', {}, idle), 401, { error: 'Invalid token' });
    expect((await h.call('refreshUser', {}, busy)).statusCode).toBe(200);
  });

  it('expires SESSION_TTL_HOURS after sign-in however busy', async () => {
    expect(h.config.sessionTtlHours).toBe(12);
    const token = await h.login(seller.email, seller.password);
    for (let minutes = 100; minutes <= 700; minutes += 100) {
      h.clock.offsetMs += 100 * 60_000;
      expect((await h.call('refreshUser', {}, token)).statusCode, `after ${minutes} min`).toBe(200);
    }
    h.clock.offsetMs += 100 * 60_000;
    expectError(await h.call('refreshUser', {}, token), 401, { error: 'Invalid token' });
  });
});

describe('the session lookup', () => {
  it('reads a session by its token hash index, whatever the plan', async () => {
    const now = new Date();
    const values = { token: 'a'.repeat(64), now: now.toISOString(), idle_since: now.toISOString() };
    for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
      const plan = await planOf(h.db, liveSessionByTokenQuery(h.db), values, mode);
      expect(plan, mode).toMatch(/Index Scan using sessions_token_hash_unique on sessions/);
    }
  });

  it('refuses an unknown token every time, and a live token still signs in between', async () => {
    const live = await h.login(seller.email, seller.password);
    for (let i = 0; i < 3; i++) {
      const unknown = await h.call('refreshUser', {}, `no-such-token-${i}-${'x'.repeat(40)}`);
      expectError(unknown, 401, { code: 'auth.invalid_token' });
      const res = await h.call('refreshUser', {}, live);
      expect(refreshUserResultSchema.parse(res.body.data).user.email).toBe(seller.email);
    }
  });
});
