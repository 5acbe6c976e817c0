// Which tabs of the listing page (/offeredit/{id}) a user sees, and which one opens (spec 001 §2 "Offer detail").
// Pure: the page and its tests read the same rule.
import type { CompanyType } from '@spirit/domain/companies/companies.constants';

export const TAB_KEYS = ['tab1', 'tab2', 'tab4', 'tab3'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** Shown in chain order: the Negotiator's two tabs, then the Authorizer's, then the Approver's. */
const TAB_ROLES: Record<TabKey, string> = {
  tab1: 'Negotiator',
  tab2: 'Negotiator',
  tab4: 'Authorizer',
  tab3: 'Approver',
};

/** The counterparty type: a Seller looks for buyers, a Buyer for sellers. */
export const counterpartyOf = (type: CompanyType | null | undefined) => (type === 'Buyer' ? 'Seller' : 'Buyer');

export function tabLabel(key: TabKey, companyType: CompanyType | null | undefined): string {
  switch (key) {
    case 'tab1':
      return `Possible ${counterpartyOf(companyType)}`;
    case 'tab2':
      return 'Placed Bids';
    case 'tab4':
      return 'Pending Authorisation';
    case 'tab3':
      return 'Pending Approval';
  }
}

/** The spec's "Authenticator" is the Authorizer's tier. */
const normalised = (roles: readonly string[]) => new Set(roles.map((r) => (r === 'Authenticator' ? 'Authorizer' : r)));

/**
 * The tabs `roles` see. A user with none of the trading roles (an Admin) still gets the possible counterparties,
 * read-only: the spec's default rule ends in "else tab1".
 */
export function visibleTabs(roles: readonly string[]): TabKey[] {
  const held = normalised(roles);
  const tabs = TAB_KEYS.filter((key) => held.has(TAB_ROLES[key]));
  return tabs.length ? tabs : ['tab1'];
}

/** Without `?tab=`: Negotiator → tab1, else Authorizer → tab4, else Approver → tab3, else tab1. */
export function defaultTab(roles: readonly string[]): TabKey {
  const held = normalised(roles);
  if (held.has('Negotiator')) return 'tab1';
  if (held.has('Authorizer')) return 'tab4';
  if (held.has('Approver')) return 'tab3';
  return 'tab1';
}

/** The tab `?tab=` asks for when the user sees it; otherwise the default one. */
export function openTab(param: string | null, roles: readonly string[]): TabKey {
  const tabs = visibleTabs(roles);
  return tabs.find((key) => key === param) ?? defaultTab(roles);
}
