import { describe, expect, it } from 'vitest';
import { COMPANY_STATUSES, SPIRITS, SPIRIT_NAMES, type CompanyStatus } from './companies.constants.js';
import { canReview, companyAllowsSignIn, maskCompanyName } from './companies.rules.js';

describe('review', () => {
  const allowed = new Set(['Pending→Approved', 'Pending→Rejected']);
  const pairs = COMPANY_STATUSES.flatMap((from) =>
    COMPANY_STATUSES.map((to) => [from, to] as [CompanyStatus, CompanyStatus]),
  );

  it.each(pairs)('%s → %s', (from, to) => {
    expect(canReview(from, to)).toBe(allowed.has(`${from}→${to}`));
  });
});

describe('sign-in by company status', () => {
  it.each<[CompanyStatus, boolean]>([
    ['Approved', true],
    ['Pending', false],
    ['Rejected', false],
    ['Deleted', false],
  ])('%s → %s', (status, allowed) => {
    expect(companyAllowsSignIn(status)).toBe(allowed);
  });
});

describe('masking', () => {
  it.each([
    ['Deccan Distilleries', '****es'],
    ['Punjab Bottling Company', '****ny'],
    ['AB', '****AB'],
    ['A', '****A'],
    ['', '****'],
  ])('%j → %j', (name, masked) => {
    expect(maskCompanyName(name)).toBe(masked);
  });
});

describe('spirits', () => {
  it('are the eight of the registration form, with short names for trading screens', () => {
    expect(SPIRIT_NAMES).toEqual([
      'Molasses ENA',
      'Molasses RS',
      'Grain ENA',
      'Grain Tripple Distilled ENA',
      'Molasses',
      'Malt Spirit',
      'Grape Spirit',
      'Rum Spirit',
    ]);
    expect(SPIRITS.map((s) => s.short_name)).toEqual(
      expect.arrayContaining(['Mol ENA', 'Grain ENA', 'TD ENA', 'Molasses']),
    );
    expect(new Set(SPIRITS.map((s) => s.id)).size).toBe(8);
  });
});
