// Which dashboard a user sees and its cards (spec 001 §2 "Dashboard"; issue 23 part 1): the first of SuperAdmin,
// Admin, Negotiator, Authorizer/Approver they hold. Each card names the list behind its figure.
import type { DashboardFigures } from '@spirit/domain/dashboards/dashboards.schemas';

export type DashboardView = 'superadmin' | 'admin' | 'negotiator' | 'approver';

export function dashboardView(roles: readonly string[]): DashboardView | null {
  if (roles.includes('SuperAdmin')) return 'superadmin';
  if (roles.includes('Admin')) return 'admin';
  if (roles.includes('Negotiator')) return 'negotiator';
  if (roles.some((r) => r === 'Authorizer' || r === 'Authenticator' || r === 'Approver')) return 'approver';
  return null;
}

export type FigureCard = { key: keyof DashboardFigures; label: string; to: string };

const CARD = {
  pending: { key: 'pending_count', label: 'Pending Approval', to: '/prospect' },
  buyers: { key: 'approved_buyer_count', label: 'Approved Buyer', to: '/clients/Buyer' },
  sellers: { key: 'approved_seller_count', label: 'Approved Seller', to: '/clients/Seller' },
  approvedOrders: { key: 'approved_orders', label: 'Approved Orders', to: '/approvedbids' },
  saleOrders: { key: 'sale_order_generated', label: 'Sale Order Generated', to: '/dashapprovebid?sale_order=1' },
  lapsed: { key: 'bids_lapsed', label: 'Bids Lapsed', to: '/bidlapsed' },
  myOrders: { key: 'my_orders', label: 'My Orders', to: '/myorder' },
  myPending: { key: 'my_pending_approvals', label: 'My Pending Approvals', to: '/mypendingapproval' },
} as const satisfies Record<string, FigureCard>;

/**
 * The cards of a view. A company Admin holding only the Admin role has no My Orders or My Pending Approvals card;
 * one who also trades has both. A Negotiator's dashboard has no pending approvals card (the spec's Negotiator
 * cards); an Authorizer's or Approver's has.
 */
export function cardsOf(view: DashboardView, roles: readonly string[]): FigureCard[] {
  if (view === 'superadmin') return [CARD.pending, CARD.buyers, CARD.sellers];
  if (view === 'admin') {
    const onlyAdmin = roles.every((r) => r === 'Admin');
    return [CARD.approvedOrders, CARD.saleOrders, CARD.lapsed, ...(onlyAdmin ? [] : [CARD.myOrders, CARD.myPending])];
  }
  if (view === 'negotiator') return [CARD.approvedOrders, CARD.myOrders, CARD.lapsed];
  return [CARD.approvedOrders, CARD.myOrders, CARD.lapsed, CARD.myPending];
}
