import { COMPANY_ROLES, PASSWORD_POLICY, type CompanyRole } from './auth.constants.js';

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
