import { describe, expect, it } from 'vitest';
import { defaultTab, openTab, tabLabel, visibleTabs } from './listing-tabs';

describe('listing page tabs', () => {
  it.each([
    [['Negotiator'], ['tab1', 'tab2'], 'tab1'],
    [['Authorizer'], ['tab4'], 'tab4'],
    [['Authenticator'], ['tab4'], 'tab4'],
    [['Approver'], ['tab3'], 'tab3'],
    [['Authorizer', 'Approver'], ['tab4', 'tab3'], 'tab4'],
    [['Approver', 'Negotiator'], ['tab1', 'tab2', 'tab3'], 'tab1'],
    [['Admin', 'Approver'], ['tab3'], 'tab3'],
    // No trading role: the spec's "else tab1", shown read-only.
    [['Admin'], ['tab1'], 'tab1'],
    [[], ['tab1'], 'tab1'],
  ])('%j sees %j and opens %s without ?tab=', (roles, tabs, first) => {
    expect(visibleTabs(roles)).toEqual(tabs);
    expect(defaultTab(roles)).toBe(first);
    expect(openTab(null, roles)).toBe(first);
  });

  it('opens the tab ?tab= names when the user sees it, otherwise the default one', () => {
    expect(openTab('tab2', ['Negotiator'])).toBe('tab2');
    expect(openTab('tab3', ['Negotiator', 'Approver'])).toBe('tab3');
    expect(openTab('tab3', ['Negotiator'])).toBe('tab1');
    expect(openTab('tab2', ['Authorizer'])).toBe('tab4');
    expect(openTab('tab9', ['Approver'])).toBe('tab3');
    expect(openTab('', ['Authorizer'])).toBe('tab4');
  });

  it('names the first tab after the counterparty', () => {
    expect(tabLabel('tab1', 'Seller')).toBe('Possible Buyer');
    expect(tabLabel('tab1', 'Buyer')).toBe('Possible Seller');
    expect(tabLabel('tab2', 'Buyer')).toBe('Placed Bids');
    expect(tabLabel('tab4', 'Buyer')).toBe('Pending Authorisation');
    expect(tabLabel('tab3', 'Seller')).toBe('Pending Approval');
  });
});
