import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../common/validators.js';
import { AUTH_MESSAGES } from './auth.constants.js';
import {
  accountSetupSchema,
  changePasswordSchema,
  generateOtpSchema,
  loginResultSchema,
  loginSchema,
  loginWithOtpSchema,
  newPasswordField,
  verifyTokenResultSchema,
  verifyTokenSchema,
} from './auth.schemas.js';

/** `{ field: message }` for a refused body, or the parsed body. */
function check(schema: z.ZodType, body: unknown) {
  const r = schema.safeParse(body);
  return r.success ? { ok: true as const, data: r.data } : { ok: false as const, fields: fieldErrors(r.error) };
}

const POLICY_ALL =
  'Password must have: At least one uppercase letter, At least one special character, Minimum 8 characters, At least one number';

describe('login', () => {
  const good = { email: 'Admin@Example.com', password: 'x', captcha: 'payload' };

  it('accepts a complete body and lower-cases the email', () => {
    expect(check(loginSchema, good)).toEqual({
      ok: true,
      data: { email: 'admin@example.com', password: 'x', captcha: 'payload' },
    });
  });

  it.each([
    [{}, { email: 'Email is required.', password: 'Password is required.', captcha: 'Please verify captcha.' }],
    [{ ...good, email: '' }, { email: 'Email is required.' }],
    [{ ...good, email: '   ' }, { email: 'Email is required.' }],
    [{ ...good, email: 'admin@' }, { email: 'Please enter a valid email address.' }],
    [{ ...good, email: `${'a'.repeat(65)}@example.com` }, { email: 'Please enter a valid email address.' }],
    [{ ...good, password: '' }, { password: 'Password is required.' }],
    [{ ...good, password: null }, { password: 'Password is required.' }],
    [{ ...good, captcha: '' }, { captcha: 'Please verify captcha.' }],
    [{ ...good, captcha: null }, { captcha: 'Please verify captcha.' }],
  ])('refuses %j with %j', (body, fields) => {
    expect(check(loginSchema, body)).toEqual({ ok: false, fields });
  });
});

describe('one-time code', () => {
  it('generateOtp needs a valid email', () => {
    expect(check(generateOtpSchema, { email: 'A@B.example' })).toEqual({ ok: true, data: { email: 'a@b.example' } });
    expect(check(generateOtpSchema, {})).toEqual({ ok: false, fields: { email: 'Email is required.' } });
    expect(check(generateOtpSchema, { email: 'nope' })).toEqual({
      ok: false,
      fields: { email: 'Please enter a valid email address.' },
    });
  });

  const good = { email: 'a@b.example', otp: '012345', captcha: 'payload' };
  it('loginWithOtp accepts six digits', () => {
    expect(check(loginWithOtpSchema, good).ok).toBe(true);
    expect(check(loginWithOtpSchema, { ...good, otp: ' 012345 ' })).toMatchObject({
      ok: true,
      data: { otp: '012345' },
    });
  });

  it.each([
    [{ ...good, otp: '' }, { otp: 'OTP required.' }],
    [{ ...good, otp: undefined }, { otp: 'OTP required.' }],
    [{ ...good, otp: '12345' }, { otp: AUTH_MESSAGES.invalidOtp }],
    [{ ...good, otp: '1234567' }, { otp: AUTH_MESSAGES.invalidOtp }],
    [{ ...good, otp: '12a456' }, { otp: AUTH_MESSAGES.invalidOtp }],
    [{ ...good, captcha: '' }, { captcha: 'Please verify captcha.' }],
    [{ otp: '123456', captcha: 'x' }, { email: 'Email is required.' }],
  ])('loginWithOtp refuses %j with %j', (body, fields) => {
    expect(check(loginWithOtpSchema, body)).toEqual({ ok: false, fields });
  });
});

describe('new password', () => {
  it.each<[unknown, string | null]>([
    ['Admin@Pass1', null],
    ['', 'Password is required.'],
    [undefined, 'Password is required.'],
    ['abc', POLICY_ALL],
    [' ', 'Password must have: At least one uppercase letter, Minimum 8 characters, At least one number'],
    ['admin@pass1', 'Password must have: At least one uppercase letter'],
    ['Admin@Pass', 'Password must have: At least one number'],
    ['Ad@1', 'Password must have: Minimum 8 characters'],
    ['AdminPass1', 'Password must have: At least one special character'],
    [`Aa1!${'a'.repeat(125)}`, 'Password must be at most 128 characters'],
  ])('%j → %j', (password, message) => {
    const r = newPasswordField.safeParse(password);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(message);
  });
});

describe('change password', () => {
  const good = { user_id: '7', old_password: 'Old@Pass1', new_password: 'New@Pass1', captcha: 'payload' };

  it('accepts a different, policy-conforming new password (user_id coerced, not trusted)', () => {
    expect(check(changePasswordSchema, good)).toEqual({ ok: true, data: { ...good, user_id: 7 } });
    expect(check(changePasswordSchema, { ...good, user_id: undefined }).ok).toBe(true);
  });

  it.each([
    [{ ...good, old_password: '' }, { old_password: 'Password is required.' }],
    [{ ...good, new_password: '' }, { new_password: 'Password is required.' }],
    [
      { ...good, new_password: 'weakpass' },
      {
        new_password:
          'Password must have: At least one uppercase letter, At least one special character, At least one number',
      },
    ],
    [{ ...good, new_password: good.old_password }, { new_password: AUTH_MESSAGES.samePassword }],
    [{ ...good, captcha: '' }, { captcha: 'Please verify captcha.' }],
  ])('refuses %j with %j', (body, fields) => {
    expect(check(changePasswordSchema, body)).toEqual({ ok: false, fields });
  });
});

describe('invitation and account set-up', () => {
  it('verifyToken needs a token; an empty one is a broken link', () => {
    expect(check(verifyTokenSchema, { token: ' abc ' })).toEqual({ ok: true, data: { token: 'abc' } });
    expect(check(verifyTokenSchema, { token: '' })).toEqual({
      ok: false,
      fields: { token: 'This link seems to be broken.' },
    });
    expect(check(verifyTokenSchema, { token: 'x'.repeat(201) }).ok).toBe(false);
  });

  it('verifyToken answers email, company and an optional user id', () => {
    expect(verifyTokenResultSchema.parse({ email: 'a@b.example', company_id: 3, user_id: 9 })).toEqual({
      email: 'a@b.example',
      company_id: 3,
      user_id: 9,
    });
    expect(verifyTokenResultSchema.parse({ email: 'a@b.example', company_id: null })).toEqual({
      email: 'a@b.example',
      company_id: null,
    });
  });

  const good = {
    is_company_registration: true,
    token: 't',
    password: 'Admin@Pass1',
    confirm_password: 'Admin@Pass1',
    captcha: 'c',
  };

  it('accepts matching passwords, and no confirmation at all', () => {
    expect(check(accountSetupSchema, good).ok).toBe(true);
    expect(
      check(accountSetupSchema, { ...good, confirm_password: undefined, id: '4', company_id: null }),
    ).toMatchObject({ ok: true, data: { id: 4, company_id: null } });
  });

  it.each([
    [{ ...good, confirm_password: 'Admin@Pass2' }, { confirm_password: 'Passwords do not match.' }],
    [{ ...good, confirm_password: '' }, { confirm_password: 'Passwords do not match.' }],
    [{ ...good, password: '', confirm_password: '' }, { password: 'Password is required.' }],
    [
      { ...good, password: 'short', confirm_password: 'short' },
      {
        password:
          'Password must have: At least one uppercase letter, At least one special character, Minimum 8 characters, At least one number',
      },
    ],
    [{ ...good, token: '' }, { token: 'This link seems to be broken.' }],
    [{ ...good, captcha: '' }, { captcha: 'Please verify captcha.' }],
    [{ ...good, is_company_registration: false }, { is_company_registration: expect.any(String) }],
  ])('refuses %j with %j', (body, fields) => {
    expect(check(accountSetupSchema, body)).toEqual({ ok: false, fields });
  });
});

describe('login result', () => {
  it('is the token and the session user', () => {
    const user = {
      id: 1,
      name: 'A',
      email: 'a@b.example',
      company_id: 2,
      company_name: 'Co',
      company_type: 'Seller',
      roles: ['Admin'],
      userType: 'Admin',
      userActionType: 'SellerAdmin',
    };
    expect(loginResultSchema.parse({ token: 't', user })).toEqual({ token: 't', user });
    expect(loginResultSchema.safeParse({ token: 't', user: { ...user, company_type: 'Trader' } }).success).toBe(false);
  });
});
