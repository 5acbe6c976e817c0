import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { verifyTokenResultSchema } from '@spirit/domain/auth/auth.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.js';
import { auditEntries, expectError, seedInvitedCompany, seedSuperAdmin, userRow } from '../../test/fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { invitations } from '../auth/auth.table.js';
import { users } from './users.table.js';

let h: Harness;
let superToken: string;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
});
afterAll(async () => h.close());

const invite = () => seedInvitedCompany(h, { superToken });
const PASSWORD = 'Admin@Pass1';
const setupBody = async (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  password: PASSWORD,
  confirm_password: PASSWORD,
  is_company_registration: true,
  captcha: await h.captcha(),
  ...extra,
});

/** The user and invitation rows that account set-up may change. */
async function snapshot(email: string) {
  const user = (await userRow(h, email))!;
  const links = await h.db.select().from(invitations).where(eq(invitations.user_id, user.id));
  return { user, links };
}

describe('verifyToken', () => {
  it('answers the invited email, company and user for a live link', async () => {
    const c = await invite();
    const res = await h.call('verifyToken', { token: c.invitation });
    expect(res.statusCode).toBe(200);
    expect(verifyTokenResultSchema.parse(res.body.data)).toEqual({
      email: c.email,
      company_id: c.id,
      user_id: (await userRow(h, c.email))!.id,
    });
  });

  it('stores only the hash of the link’s token', async () => {
    const c = await invite();
    expect(await h.db.select().from(invitations).where(eq(invitations.token_hash, c.invitation))).toHaveLength(0);
    expect(
      await h.db
        .select()
        .from(invitations)
        .where(eq(invitations.token_hash, sha256(c.invitation))),
    ).toHaveLength(1);
  });

  it('answers an unknown token with 400 Invalid token (the page says the link is broken)', async () => {
    expectError(await h.call('verifyToken', { token: 'no-such-token' }), 400, {
      error: 'Invalid token',
      code: 'invitation.invalid',
    });
    expectError(await h.call('verifyToken', { token: '' }), 400, { fields: { token: AUTH_MESSAGES.brokenLink } });
  });

  it('answers a used link with Link got deactivated', async () => {
    const c = await invite();
    expect((await h.call('updateUser', await setupBody(c.invitation))).statusCode).toBe(200);
    expectError(await h.call('verifyToken', { token: c.invitation }), 410, { error: 'Link got deactivated' });
  });

  it('answers a link of an archived user with Link got deactivated', async () => {
    const c = await invite();
    await h.db.update(users).set({ is_archived: true }).where(eq(users.email, c.email));
    expectError(await h.call('verifyToken', { token: c.invitation }), 410, { error: 'Link got deactivated' });
  });
});

describe('account set-up', () => {
  it.each(['updateUser', 'createUser'])(
    '%s sets the password once, activates the user and lets them sign in',
    async (method) => {
      const c = await invite();
      const userId = (await userRow(h, c.email))!.id;
      const res = await h.call(method, await setupBody(c.invitation, { id: userId, email: c.email, company_id: c.id }));
      expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: AUTH_MESSAGES.passwordSet, data: null });
      const after = await snapshot(c.email);
      expect(after.user).toMatchObject({ is_active: true, is_admin: true });
      expect(after.user.password_hash).toMatch(/^\$argon2id\$/);
      expect(after.links).toEqual([expect.objectContaining({ used_at: expect.any(Date) })]);
      expect(await h.login(c.email, PASSWORD)).toEqual(expect.any(String));
      expect(await auditEntries(h, 'user.activated', userId)).toEqual([
        expect.objectContaining({ actor_user_id: userId, before: { is_active: false }, after: { is_active: true } }),
      ]);
    },
  );

  it.each<[string, Record<string, unknown>, number, Record<string, string> | undefined, string | undefined]>([
    [
      'mismatching confirmation',
      { confirm_password: 'Admin@Pass2' },
      400,
      { confirm_password: 'Passwords do not match.' },
      undefined,
    ],
    [
      'a weak password',
      { password: 'weak', confirm_password: 'weak' },
      400,
      {
        password:
          'Password must have: At least one uppercase letter, At least one special character, Minimum 8 characters, At least one number',
      },
      undefined,
    ],
    ['no captcha', { captcha: '' }, 400, { captcha: 'Please verify captcha.' }, undefined],
    ['a garbage captcha', { captcha: 'garbage' }, 400, { captcha: AUTH_MESSAGES.captchaInvalid }, undefined],
    ['without is_company_registration', { is_company_registration: undefined }, 400, undefined, undefined],
    ['an unknown token', { token: 'no-such-token' }, 400, undefined, 'Invalid token'],
    ['another user’s id', { id: 999_999 }, 400, undefined, 'This link belongs to another account'],
    ['another email', { email: 'someone@else.example' }, 400, undefined, 'This link belongs to another account'],
  ])('refuses %s and changes nothing', async (_case, extra, status, fields, error) => {
    const c = await invite();
    const before = await snapshot(c.email);
    const res = await h.call('updateUser', await setupBody(c.invitation, extra));
    expectError(res, status, { ...(fields ? { fields } : {}), ...(error ? { error } : {}) });
    expect(await snapshot(c.email)).toEqual(before);
    expect(before.user).toMatchObject({ is_active: false, password_hash: null });
    expect((await h.call('verifyToken', { token: c.invitation })).statusCode).toBe(200);
  });

  it('refuses a replayed captcha', async () => {
    const [a, b] = [await invite(), await invite()];
    const body = await setupBody(a.invitation);
    expect((await h.call('updateUser', body)).statusCode).toBe(200);
    const before = await snapshot(b.email);
    expectError(await h.call('createUser', { ...body, token: b.invitation }), 400, {
      fields: { captcha: AUTH_MESSAGES.captchaInvalid },
    });
    expect(await snapshot(b.email)).toEqual(before);
  });

  it('refuses to use an invitation twice and keeps the first password', async () => {
    const c = await invite();
    expect((await h.call('updateUser', await setupBody(c.invitation))).statusCode).toBe(200);
    const before = await snapshot(c.email);
    const again = await h.call(
      'createUser',
      await setupBody(c.invitation, { password: 'Other@Pass2', confirm_password: 'Other@Pass2' }),
    );
    expectError(again, 410, { error: 'Link got deactivated' });
    expect(await snapshot(c.email)).toEqual(before);
    expectError(
      await h.call('login', { email: c.email, password: 'Other@Pass2', captcha: await h.captcha() }),
      401,
      {},
    );
    expect(await h.login(c.email, PASSWORD)).toEqual(expect.any(String));
  });

  // Last: it moves the clock past every session of this file.
  it('refuses an expired invitation (7 days) and changes nothing', async () => {
    const c = await invite();
    h.clock.offsetMs += 6 * 86_400_000;
    expect((await h.call('verifyToken', { token: c.invitation })).statusCode).toBe(200);
    h.clock.offsetMs += 2 * 86_400_000;
    expectError(await h.call('verifyToken', { token: c.invitation }), 410, { error: 'Link got deactivated' });
    const before = await snapshot(c.email);
    expectError(await h.call('updateUser', await setupBody(c.invitation)), 410, { error: 'Link got deactivated' });
    expect(await snapshot(c.email)).toEqual(before);
    expect(before.user).toMatchObject({ is_active: false, password_hash: null });
  });
});
