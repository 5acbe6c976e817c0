import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/validators.js';
import { COMPANY_ROLES, PASSWORD_POLICY } from './auth.constants.js';
import {
  loginEmailError,
  loginErrors,
  loginWithOtpErrors,
  normaliseRoles,
  passwordPolicyFailures,
  userActionTypeOf,
  userTypeOf,
} from './auth.rules.js';
import { generateOtpSchema, loginSchema, loginWithOtpSchema } from './auth.schemas.js';

const UPPER = 'At least one uppercase letter';
const SPECIAL = 'At least one special character';
const LENGTH = 'Minimum 8 characters';
const NUMBER = 'At least one number';

describe('password policy', () => {
  it('shows the specification’s four lines in its order', () => {
    expect(PASSWORD_POLICY.map((p) => p.text)).toEqual([UPPER, SPECIAL, LENGTH, NUMBER]);
  });

  it.each<[string, string[]]>([
    ['Admin@Pass1', []],
    ['Aa1!aaaa', []], // exactly 8
    ['Aa1!aaa', [LENGTH]], // 7
    ['admin@pass1', [UPPER]],
    ['AdminPass1', [SPECIAL]],
    ['Admin Pass1', []], // a space is a special character
    ['Admin@Pass', [NUMBER]],
    ['', [UPPER, SPECIAL, LENGTH, NUMBER]],
    ['password', [UPPER, SPECIAL, NUMBER]],
    ['12345678', [UPPER, SPECIAL]],
    ['ÄÖÜ@abc1', [UPPER]], // only A–Z count as upper case
  ])('%j fails %j', (password, failures) => {
    expect(passwordPolicyFailures(password)).toEqual(failures);
  });
});

describe('roles', () => {
  it('lists company roles in the canonical order', () => {
    expect(COMPANY_ROLES).toEqual(['Admin', 'Negotiator', 'Authorizer', 'Approver']);
  });

  it.each<[string[], string[]]>([
    [[], []],
    [
      ['Approver', 'Admin'],
      ['Admin', 'Approver'],
    ],
    [['Authenticator'], ['Authorizer']], // the spec's word for the Authorizer tier
    [
      ['Authenticator', 'Authorizer', 'Negotiator'],
      ['Negotiator', 'Authorizer'],
    ],
    [['Negotiator', 'Negotiator'], ['Negotiator']],
    [['SuperAdmin', 'Owner', 'admin'], []], // not company roles; case matters
  ])('normaliseRoles(%j) is %j', (input, expected) => {
    expect(normaliseRoles(input)).toEqual(expected);
  });

  it.each<[string[], string | null]>([
    [[], null],
    [['Admin', 'Negotiator'], 'Admin'],
    [['Approver', 'Negotiator'], 'Negotiator'],
    [['Approver', 'Authorizer'], 'Authorizer'],
    [['Authenticator', 'Approver'], 'Authorizer'],
    [['Approver'], 'Approver'],
    [['SuperAdmin'], 'SuperAdmin'],
    [['Admin', 'SuperAdmin'], 'SuperAdmin'],
    [['Unknown'], null],
  ])('userTypeOf(%j) is %j', (roles, expected) => {
    expect(userTypeOf(roles)).toBe(expected);
  });

  it.each<[string | null, string[], string | null]>([
    ['Seller', ['Negotiator'], 'SellerNegotiator'],
    ['Buyer', ['Approver', 'Admin'], 'BuyerAdmin'],
    ['Buyer', ['Authenticator'], 'BuyerAuthorizer'],
    ['Seller', [], null],
    [null, ['SuperAdmin'], 'SuperAdmin'],
    [null, [], null],
  ])('userActionTypeOf(%j, %j) is %j', (companyType, roles, expected) => {
    expect(userActionTypeOf(companyType, roles)).toBe(expected);
  });
});

describe('sign-in checks without zod', () => {
  /** The first message per field the schema gives: what the form showed when it validated with zod. */
  const zodAnswer = (schema: typeof loginSchema | typeof loginWithOtpSchema, body: unknown) => {
    const r = schema.safeParse(body);
    return r.success ? {} : fieldErrors(r.error);
  };

  const EMAILS: unknown[] = [
    '',
    '   ',
    'asha@seller.test',
    '  Asha@Seller.TEST  ',
    'asha@',
    '@seller.test',
    'asha@seller',
    'asha seller@test.in',
    'a.b+c_d%e-f@sub.example.co.in',
    'asha@seller.t',
    `${'a'.repeat(64)}@example.com`,
    `${'a'.repeat(65)}@example.com`,
    `${'a'.repeat(60)}@${'b'.repeat(60)}.com`,
    `a@${'b'.repeat(247)}.com`, // 254 characters
    `a@${'b'.repeat(248)}.com`, // 255
    'asha@@seller.test',
    undefined,
    null,
    42,
  ];
  const PASSWORDS: unknown[] = ['', ' ', 'x', 'Secret#123', 'x'.repeat(128), 'x'.repeat(129), undefined, null, 7];
  const OTPS: unknown[] = [
    '',
    '  ',
    '123456',
    ' 123456 ',
    '12345',
    '1234567',
    '12a456',
    '１２３４５６',
    undefined,
    null,
    123456,
  ];
  const CAPTCHAS: unknown[] = ['', '  ', 'payload', undefined, null, 1];

  /** Every combination of the tables, as a body. */
  const bodies = <K extends string>(tables: Record<K, unknown[]>) =>
    Object.entries<unknown[]>(tables).reduce<Record<string, unknown>[]>(
      (acc, [key, values]) => acc.flatMap((body) => values.map((value) => ({ ...body, [key]: value }))),
      [{}],
    );
  const canonical = (answer: unknown) => JSON.stringify(Object.entries(answer as object).sort());
  /** The bodies on which the rule and the schema disagree (none expected), with both answers. */
  const disagreements = (
    rule: (body: Record<string, unknown>) => unknown,
    schema: typeof loginSchema | typeof loginWithOtpSchema,
    all: Record<string, unknown>[],
  ) =>
    all
      .map((body) => ({ body, rule: rule(body), zod: zodAnswer(schema, body) }))
      .filter(({ rule, zod }) => canonical(rule) !== canonical(zod));

  it('password form: same fields refused with the same messages as loginSchema', () => {
    const all = bodies({ email: EMAILS, password: PASSWORDS, captcha: CAPTCHAS });
    expect(all.length).toBe(EMAILS.length * PASSWORDS.length * CAPTCHAS.length);
    expect(disagreements(loginErrors, loginSchema, all)).toEqual([]);
    // Both accept and refuse: the table reaches every branch.
    expect(all.some((body) => loginSchema.safeParse(body).success)).toBe(true);
  });

  it('code form: same fields refused with the same messages as loginWithOtpSchema', () => {
    const all = bodies({ email: EMAILS, otp: OTPS, captcha: CAPTCHAS });
    expect(disagreements(loginWithOtpErrors, loginWithOtpSchema, all)).toEqual([]);
    expect(all.some((body) => loginWithOtpSchema.safeParse(body).success)).toBe(true);
  });

  it('Generate OTP: the email answers as generateOtpSchema', () => {
    const answers = EMAILS.map((email) => {
      const r = generateOtpSchema.safeParse({ email });
      return [email, loginEmailError(email), r.success ? undefined : fieldErrors(r.error).email];
    });
    expect(answers.filter(([, rule, zod]) => rule !== zod)).toEqual([]);
  });

  it('answers a missing body as both schemas do', () => {
    expect(loginErrors({})).toEqual(zodAnswer(loginSchema, {}));
    expect(loginWithOtpErrors({})).toEqual(zodAnswer(loginWithOtpSchema, {}));
  });
});
