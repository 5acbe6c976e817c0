import { MESSAGES, isValidEmail } from '../common/patterns.js';
import { AUTH_MESSAGES, COMPANY_ROLES, OTP_PATTERN, PASSWORD_POLICY, type CompanyRole } from './auth.constants.js';

/** The policy lines a password fails, in the order the policy list shows them. */
export function passwordPolicyFailures(password: string): string[] {
  return PASSWORD_POLICY.filter((rule) => !rule.test(password)).map((rule) => rule.text);
}

/** Roles in the canonical order; the spec's 'Authenticator' is the Authorizer tier. */
export function normaliseRoles(roles: readonly string[]): CompanyRole[] {
  const wanted = new Set(roles.map((r) => (r === 'Authenticator' ? 'Authorizer' : r)));
  return COMPANY_ROLES.filter((r) => wanted.has(r));
}

/** `userType` is the first role in the order Admin, Negotiator, Authorizer, Approver. */
export function userTypeOf(roles: readonly string[]): string | null {
  if (roles.includes('SuperAdmin')) return 'SuperAdmin';
  return normaliseRoles(roles)[0] ?? null;
}

/** `userActionType` = company type joined with user type, e.g. "SellerNegotiator". */
export function userActionTypeOf(companyType: string | null, roles: readonly string[]): string | null {
  const type = userTypeOf(roles);
  if (!type) return null;
  return companyType ? `${companyType}${type}` : type;
}

// The sign-in forms' checks without zod, so the /login page loads no schema library (docs/decisions.md "Web").
// Each answers exactly what `loginSchema` / `loginWithOtpSchema` answer for the field (auth.rules.test.ts proves
// it on a table of inputs); the server still parses with the schemas.

export type LoginErrors = Partial<Record<'email' | 'password' | 'otp' | 'captcha', string>>;

/** What `requiredText` makes of a value: trimmed text, or null where it answers "required". */
function requiredValue(value: unknown): string | null {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : null;
  return text ? text : null;
}

/** `loginEmailField`: required, then a valid address. */
export function loginEmailError(email: unknown): string | undefined {
  const text = requiredValue(email);
  if (text === null) return MESSAGES.loginEmailRequired;
  return isValidEmail(text) ? undefined : MESSAGES.loginEmailInvalid;
}

/** `loginSchema.password`: not trimmed; its "required" text also answers a password over 128 characters. */
function loginPasswordError(password: unknown): string | undefined {
  return typeof password === 'string' && password.length >= 1 && password.length <= 128
    ? undefined
    : MESSAGES.passwordRequired;
}

function otpError(otp: unknown): string | undefined {
  const text = requiredValue(otp);
  if (text === null) return MESSAGES.otpRequired;
  return OTP_PATTERN.test(text) ? undefined : AUTH_MESSAGES.invalidOtp;
}

function captchaError(captcha: unknown): string | undefined {
  return requiredValue(captcha) === null ? MESSAGES.captchaRequired : undefined;
}

/** Drops the fields that passed, as a schema's issue list leaves them out. */
function present(errors: LoginErrors): LoginErrors {
  const found: LoginErrors = {};
  for (const [field, message] of Object.entries(errors) as [keyof LoginErrors, string | undefined][]) {
    if (message !== undefined) found[field] = message;
  }
  return found;
}

/** The first message per field that `loginSchema` gives, none for a field it accepts. */
export function loginErrors(values: { email?: unknown; password?: unknown; captcha?: unknown }): LoginErrors {
  return present({
    email: loginEmailError(values.email),
    password: loginPasswordError(values.password),
    captcha: captchaError(values.captcha),
  });
}

/** The first message per field that `loginWithOtpSchema` gives, none for a field it accepts. */
export function loginWithOtpErrors(values: { email?: unknown; otp?: unknown; captcha?: unknown }): LoginErrors {
  return present({
    email: loginEmailError(values.email),
    otp: otpError(values.otp),
    captcha: captchaError(values.captcha),
  });
}
