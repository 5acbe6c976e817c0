import { describe, expect, it } from 'vitest';
import { COMPANY_ROLES, PASSWORD_POLICY } from './auth.constants.js';
import { normaliseRoles, passwordPolicyFailures, userActionTypeOf, userTypeOf } from './auth.rules.js';

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
