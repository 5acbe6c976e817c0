import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { loginResultSchema } from '@spirit/domain/auth/auth.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.js';
import {
  expectError,
  otherCode,
  seedApprovedCompany,
  seedInvitedCompany,
  seedSuperAdmin,
  setCompanyStatus,
  userRow,
} from '../../test/fixtures.js';
import { SUPER_ADMIN, createHarness, otpCode, type Harness } from '../../test/harness.js';
import { users } from '../users/users.table.js';
import { oneTimeCodes, sessions } from './auth.table.js';

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
const otpLogin = async (email: string, otp: string) =>
  h.call('loginWithOtp', { email, otp, captcha: await h.captcha() });
const otpMails = async (email: string) => (await h.mailsTo(email)).filter((m) => m.kind === 'otp');

describe('login with a password', () => {
  it('answers the session envelope with the user, and stores only the token’s hash', async () => {
    const res = await h.call('login', await loginBody(seller.email, seller.password));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'OK', statusCode: 200, message: AUTH_MESSAGES.loginOk });
    const data = loginResultSchema.parse(res.body.data);
    expect(data.user).toEqual({
      id: (await userRow(h, seller.email))!.id,
      name: seller.body.name,
      email: seller.email,
      company_id: seller.id,
      company_name: seller.body.name,
      company_type: 'Seller',
      roles: ['Admin'],
      userType: 'Admin',
      userActionType: 'SellerAdmin',
    });
    expect(await h.db.select().from(sessions).where(eq(sessions.token_hash, data.token))).toHaveLength(0);
    expect(
      await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, sha256(data.token))),
    ).toHaveLength(1);
  });

  it('matches the email case-insensitively and tells buyers and the SuperAdmin apart', async () => {
    const buyer = await seedApprovedCompany(h, { superToken, type: 'Buyer' });
    const res = await h.call('login', await loginBody(buyer.email.toUpperCase(), buyer.password));
    expect(loginResultSchema.parse(res.body.data).user).toMatchObject({
      company_type: 'Buyer',
      userActionType: 'BuyerAdmin',
    });
    const root = await h.call('login', await loginBody(SUPER_ADMIN.email, SUPER_ADMIN.password));
    expect(loginResultSchema.parse(root.body.data).user).toMatchObject({
      company_id: null,
      company_name: null,
      company_type: null,
      roles: ['SuperAdmin'],
      userType: 'SuperAdmin',
      userActionType: 'SuperAdmin',
    });
  });

  it('answers a wrong password and an unknown email alike, and opens no session', async () => {
    const before = await h.count('sessions');
    const wrong = await h.call('login', await loginBody(seller.email, 'Wrong@Pass1'));
    const unknown = await h.call('login', await loginBody('nobody@nowhere.example', 'Wrong@Pass1'));
    expectError(wrong, 401, { error: 'Email OR Password is Incorrect' });
    expect(unknown.body).toEqual(wrong.body);
    expect(await h.count('sessions')).toBe(before);
  });

  it.each([
    ['missing', '', { captcha: 'Please verify captcha.' }],
    ['garbage', 'bm90IGEgY2FwdGNoYQ==', { captcha: AUTH_MESSAGES.captchaInvalid }],
    ['not base64 JSON', '%%%', { captcha: AUTH_MESSAGES.captchaInvalid }],
  ])('refuses a %s captcha with the correct password', async (_case, captcha, fields) => {
    const before = await h.count('sessions');
    const res = await h.call('login', { email: seller.email, password: seller.password, captcha });
    expectError(res, 400, { fields });
    expect(await h.count('sessions')).toBe(before);
  });

  it('accepts a solved captcha once', async () => {
    const body = await loginBody(seller.email, seller.password);
    expect((await h.call('login', body)).statusCode).toBe(200);
    const before = await h.count('sessions');
    expectError(await h.call('login', body), 400, {
      code: 'captcha.invalid',
      fields: { captcha: AUTH_MESSAGES.captchaInvalid },
    });
    expect(await h.count('sessions')).toBe(before);
  });
});

describe('who may not sign in', () => {
  let victim: Company;
  beforeAll(async () => {
    victim = await seedApprovedCompany(h, { superToken });
  });

  it.each([
    ['Pending', AUTH_MESSAGES.companyPending],
    ['Rejected', AUTH_MESSAGES.companyRejected],
    ['Deleted', AUTH_MESSAGES.companyDeleted],
  ] as const)('a user of a %s company gets 403, and their open session stops working', async (status, message) => {
    await setCompanyStatus(h, victim.id, status);
    try {
      const before = await h.count('sessions');
      expectError(await h.call('login', await loginBody(victim.email, victim.password)), 403, {
        error: message,
        code: 'auth.company_not_approved',
      });
      expect(await h.count('sessions')).toBe(before);
      expectError(await h.call('refreshUser', {}, victim.token), 401, { error: 'Invalid token' });
      // A wrong password still says only that the credentials are wrong.
      expectError(await h.call('login', await loginBody(victim.email, 'Wrong@Pass1')), 401, {
        error: AUTH_MESSAGES.badCredentials,
      });
    } finally {
      await setCompanyStatus(h, victim.id, 'Approved');
    }
  });

  it('an archived user gets 403 and no code', async () => {
    await h.db.update(users).set({ is_archived: true }).where(eq(users.email, victim.email));
    try {
      expectError(await h.call('login', await loginBody(victim.email, victim.password)), 403, {
        error: AUTH_MESSAGES.userArchived,
      });
      const mails = (await otpMails(victim.email)).length;
      expect((await h.call('generateOtp', { email: victim.email })).statusCode).toBe(200);
      expect(await otpMails(victim.email)).toHaveLength(mails);
    } finally {
      await h.db.update(users).set({ is_archived: false }).where(eq(users.email, victim.email));
    }
  });

  it('an inactive user with a password gets 403', async () => {
    await h.db.update(users).set({ is_active: false }).where(eq(users.email, victim.email));
    try {
      expectError(await h.call('login', await loginBody(victim.email, victim.password)), 403, {
        error: AUTH_MESSAGES.userInactive,
      });
    } finally {
      await h.db.update(users).set({ is_active: true }).where(eq(users.email, victim.email));
    }
  });

  it('the admin of an approved company who has not set a password cannot sign in by password or code', async () => {
    const invited = await seedInvitedCompany(h, { superToken });
    expect(await userRow(h, invited.email)).toMatchObject({ is_active: false, password_hash: null });
    const before = await h.count('sessions');
    expectError(await h.call('login', await loginBody(invited.email, 'Admin@Pass1')), 401, {
      error: AUTH_MESSAGES.badCredentials,
    });
    expect((await h.call('generateOtp', { email: invited.email })).statusCode).toBe(200);
    expect(await otpMails(invited.email)).toHaveLength(0);
    expect(await h.count('sessions')).toBe(before);
  });
});

describe('login with a one-time code', () => {
  it('mails a code that signs in once', async () => {
    h.clock.offsetMs += 61_000;
    const res = await h.call('generateOtp', { email: seller.email });
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: AUTH_MESSAGES.otpSent, data: null });
    const code = await otpCode(h, seller.email);
    const ok = await otpLogin(seller.email, code);
    expect(ok.statusCode).toBe(200);
    expect(loginResultSchema.parse(ok.body.data).user.email).toBe(seller.email);
    expectError(await otpLogin(seller.email, code), 401, { error: AUTH_MESSAGES.invalidOtp });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    h.clock.offsetMs += 61_000;
    const known = await h.call('generateOtp', { email: seller.email });
    const [mails, codes] = [await h.count('mail_outbox'), await h.count('one_time_codes')];
    const unknown = await h.call('generateOtp', { email: 'nobody@nowhere.example' });
    expect(unknown.body).toEqual(known.body);
    expect(await h.count('mail_outbox')).toBe(mails);
    expect(await h.count('one_time_codes')).toBe(codes);
    expectError(await otpLogin('nobody@nowhere.example', '123456'), 401, { error: AUTH_MESSAGES.invalidOtp });
  });

  it('sends no second mail within 60 seconds; after that a new code replaces the old', async () => {
    h.clock.offsetMs += 61_000;
    await h.call('generateOtp', { email: seller.email });
    const first = await otpCode(h, seller.email);
    const [mails, codes] = [(await otpMails(seller.email)).length, await h.count('one_time_codes')];
    h.clock.offsetMs += 30_000;
    // A repeat does not claim a code was sent; an unknown email gets the same answer, so accounts stay hidden.
    expectError(await h.call('generateOtp', { email: seller.email }), 429, { error: AUTH_MESSAGES.otpTooSoon });
    await h.call('generateOtp', { email: 'someone-else@nowhere.example' });
    expectError(await h.call('generateOtp', { email: 'someone-else@nowhere.example' }), 429, {
      error: AUTH_MESSAGES.otpTooSoon,
    });
    expect(await otpMails(seller.email)).toHaveLength(mails);
    expect(await h.count('one_time_codes')).toBe(codes);
    h.clock.offsetMs += 31_000;
    await h.call('generateOtp', { email: seller.email });
    expect(await otpMails(seller.email)).toHaveLength(mails + 1);
    const second = await otpCode(h, seller.email);
    if (second !== first) expectError(await otpLogin(seller.email, first), 401, { error: AUTH_MESSAGES.invalidOtp });
    expect((await otpLogin(seller.email, second)).statusCode).toBe(200);
  });

  it('counts wrong codes and kills the code after five', async () => {
    h.clock.offsetMs += 61_000;
    await h.call('generateOtp', { email: seller.email });
    const code = await otpCode(h, seller.email);
    const before = await h.count('sessions');
    for (let i = 0; i < 5; i++) {
      expectError(await otpLogin(seller.email, otherCode(code)), 401, { error: AUTH_MESSAGES.invalidOtp });
    }
    expectError(await otpLogin(seller.email, code), 401, { error: AUTH_MESSAGES.invalidOtp });
    const user = (await userRow(h, seller.email))!;
    const [row] = await h.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.user_id, user.id), eq(oneTimeCodes.code_hash, sha256(`${user.id}:${code}`))));
    expect(row).toMatchObject({ attempts: 5, used_at: null });
    expect(await h.count('sessions')).toBe(before);
  });

  it('refuses an expired code', async () => {
    h.clock.offsetMs += 61_000;
    await h.call('generateOtp', { email: seller.email });
    const code = await otpCode(h, seller.email);
    h.clock.offsetMs += 6 * 60_000;
    const before = await h.count('sessions');
    expectError(await otpLogin(seller.email, code), 401, { error: AUTH_MESSAGES.invalidOtp });
    expect(await h.count('sessions')).toBe(before);
  });

  it('needs the code and the captcha', async () => {
    expectError(await h.call('loginWithOtp', { email: seller.email, otp: '', captcha: '' }), 400, {
      fields: { otp: 'OTP required.', captcha: 'Please verify captcha.' },
    });
  });
});
