import { describe, expect, it } from 'vitest';
import { cardsOf, dashboardView } from './dashboard-view';

const labels = (roles: string[]) => {
  const view = dashboardView(roles);
  return view ? cardsOf(view, roles).map((c) => `${c.label} → ${c.to}`) : null;
};

describe('the dashboard of each role', () => {
  it('picks the first of SuperAdmin, Admin, Negotiator, Authorizer/Approver', () => {
    expect(dashboardView(['Approver', 'Negotiator'])).toBe('negotiator');
    expect(dashboardView(['Negotiator', 'Admin'])).toBe('admin');
    expect(dashboardView(['Authenticator'])).toBe('approver');
    expect(dashboardView([])).toBeNull();
  });

  it('gives each view the spec’s cards and links', () => {
    expect(labels(['SuperAdmin'])).toEqual([
      'Pending Approval → /prospect',
      'Approved Buyer → /clients/Buyer',
      'Approved Seller → /clients/Seller',
    ]);
    expect(labels(['Admin'])).toEqual([
      'Approved Orders → /approvedbids',
      'Sale Order Generated → /dashapprovebid?sale_order=1',
      'Bids Lapsed → /bidlapsed',
    ]);
    expect(labels(['Admin', 'Approver'])).toEqual([
      'Approved Orders → /approvedbids',
      'Sale Order Generated → /dashapprovebid?sale_order=1',
      'Bids Lapsed → /bidlapsed',
      'My Orders → /myorder',
      'My Pending Approvals → /mypendingapproval',
    ]);
    expect(labels(['Negotiator'])).toEqual([
      'Approved Orders → /approvedbids',
      'My Orders → /myorder',
      'Bids Lapsed → /bidlapsed',
    ]);
    expect(labels(['Authorizer'])).toEqual([
      'Approved Orders → /approvedbids',
      'My Orders → /myorder',
      'Bids Lapsed → /bidlapsed',
      'My Pending Approvals → /mypendingapproval',
    ]);
  });
});
