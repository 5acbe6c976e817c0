// Issue 7, items 1 and 2: a set-password link must not outlive the address it was mailed to, nor the account's
// set-up, and setting a password from a link ends every other session.
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../lib/crypto.js';
import { insertSession } from '../modules/auth/auth.repository.js';
import { sessions } from '../modules/auth/auth.table.js';
import { users } from '../modules/users/users.table.js';
import { expectError, seedInvitedCompany, seedSuperAdmin, userRow } from '../test/fixtures.js';
import { createHarness, invitationToken, type Harness } from '../test/harness.js';

let h: Harness;
let superToken: string;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
});
afterAll(async () => h.close());

const PASSWORD = 'Owner@Pass1';

async function setUp(token: string, password = PASSWORD) {
  return h.call('updateUser', {
    token,
    password,
    confirm_password: password,
    is_company_registration: true,
    captcha: await h.captcha(),
  });
}

/** Moves a company's email through the SuperAdmin's edit, every other field as it is. */
async function moveCompanyEmail(id: number, email: string) {
  const details = await h.call<Record<string, unknown>>('getCompanyDetails', { id }, superToken);
  return h.call('updateCompany', { ...details.body.data, license_number: 'MHD/12345/2026', email }, superToken);
}

describe('a company email change before the admin sets a password', () => {
  it('voids the link mailed to the old address and mails a fresh one to the new address', async () => {
    const company = await seedInvitedCompany(h, { superToken });
    const newEmail = `moved-${company.id}@distillery.example`;
    expect((await moveCompanyEmail(company.id, newEmail)).statusCode).toBe(200);

    expectError(await h.call('verifyToken', { token: company.invitation }), 410, {
      error: AUTH_MESSAGES.deactivatedLink,
    });
    expectError(await setUp(company.invitation), 410, { error: AUTH_MESSAGES.deactivatedLink });

    const fresh = await invitationToken(h, newEmail);
    const verified = await h.call<{ email: string }>('verifyToken', { token: fresh });
    expect(verified.body.data.email).toBe(newEmail);
    expect((await setUp(fresh)).statusCode).toBe(200);
    await expect(h.login(newEmail, PASSWORD)).resolves.toBeTruthy();
  });

  it('mails nothing new when the edit leaves the email alone', async () => {
    const company = await seedInvitedCompany(h, { superToken });
    expect((await moveCompanyEmail(company.id, company.email)).statusCode).toBe(200);
    expect((await h.call('verifyToken', { token: company.invitation })).statusCode).toBe(200);
    expect((await h.mailsTo(company.email)).filter((m) => m.kind === 'invitation')).toHaveLength(1);
  });
});

describe('a set-password link of an account that already has a password', () => {
  it('is dead (410 "Link got deactivated") and cannot replace the password', async () => {
    const company = await seedInvitedCompany(h, { superToken });
    // The account got its password another way while the link stayed unused (as the demo seed did).
    await h.db.update(users).set({ is_active: true }).where(eq(users.email, company.email));
    expectError(await h.call('verifyToken', { token: company.invitation }), 410, {
      error: AUTH_MESSAGES.deactivatedLink,
    });
    expectError(await setUp(company.invitation, 'Thief@Pass1'), 410, { error: AUTH_MESSAGES.deactivatedLink });
  });

  it('a link that set the password once is dead after it', async () => {
    const company = await seedInvitedCompany(h, { superToken });
    expect((await setUp(company.invitation)).statusCode).toBe(200);
    expectError(await setUp(company.invitation, 'Thief@Pass1'), 410, { error: AUTH_MESSAGES.deactivatedLink });
    await expect(h.login(company.email, PASSWORD)).resolves.toBeTruthy();
  });
});

describe('setting a password from a link', () => {
  it('ends every other session of the user', async () => {
    const company = await seedInvitedCompany(h, { superToken });
    const user = (await userRow(h, company.email))!;
    const now = new Date();
    // A session that exists before the set-up (the account cannot sign in yet, so it is written directly).
    const stray = await insertSession(h.db, {
      token_hash: sha256('stray-session'),
      user_id: user.id,
      expires_at: new Date(now.getTime() + 3_600_000),
      ip: null,
      now,
    });
    expect((await setUp(company.invitation)).statusCode).toBe(200);
    const [row] = await h.db.select().from(sessions).where(eq(sessions.id, stray.id));
    expect(row!.revoked_at).not.toBeNull();
  });
});
