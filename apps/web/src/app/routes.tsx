// The one route table: every screen of both specification documents, who may open it, whether and for whom it
// shows in the side menu, and its page (app/pages.tsx, loaded on first visit). One table in menu order, so it is as
// long as the spec's list of screens. Every screen is built; a screen added before its page would have `page: null`,
// render the shared "not available yet" page and stay out of the menu.
import type { AccessMethod } from '@spirit/domain/api/access';
import type { CompanyRole } from '@spirit/domain/auth/auth.constants';
import type { SessionUser } from '@spirit/domain/auth/auth.schemas';
import type { CompanyType } from '@spirit/domain/companies/companies.constants';
import type { ComponentType, LazyExoticComponent } from 'react';
import * as P from './pages';

/**
 * `public`: anyone; `guest`: anyone not signed in (a signed-in user goes to the dashboard); `session`: a signed-in user with at least one role; `superadmin`: SuperAdmin only;
 * `{ calls }`: a signed-in user whose roles may make that call (the server's role map, `api/access.ts`).
 */
export type Guard = 'public' | 'guest' | 'session' | 'superadmin' | { calls: AccessMethod };

export type MenuAudience = 'SuperAdmin' | CompanyRole;

export type MenuEntry = {
  label: string | ((user: SessionUser) => string);
  /** A live figure beside the label: the bids waiting for the user. */
  count?: 'awaiting';
  /** Shown to users holding any of these roles. */
  roles: readonly MenuAudience[];
  /** And, when given, only to users of these company types. */
  companyTypes?: readonly CompanyType[];
};

export type AppRoute = {
  path: string;
  title: string;
  guard: Guard;
  menu?: MenuEntry;
  page: LazyExoticComponent<ComponentType> | null;
  /** A page without its own menu entry highlights this one (a detail page, its list). */
  menuParent?: string;
  /** Public sign-in pages carry the login background on <body>. */
  loginBackground?: boolean;
};

const COMPANY_ROLES: readonly MenuAudience[] = ['Admin', 'Negotiator', 'Authorizer', 'Approver'];
const TRADERS: readonly MenuAudience[] = ['Negotiator', 'Authorizer', 'Approver'];
const EVERYONE: readonly MenuAudience[] = ['SuperAdmin', ...COMPANY_ROLES];

export const ROUTES: readonly AppRoute[] = [
  // Public
  { path: '/login', title: 'Login', guard: 'guest', page: P.LoginPage, loginBackground: true },
  { path: '/register', title: 'Register', guard: 'guest', page: P.RegisterPage, loginBackground: true },
  { path: '/usersetup', title: 'Account Setup', guard: 'public', page: P.UserSetupPage, loginBackground: true },
  { path: '/home', title: 'Home', guard: 'public', page: P.HomePage },
  { path: '/error', title: 'Error', guard: 'public', page: P.NoRolePage },

  // Everyone signed in
  {
    path: '/dashboard',
    title: 'Dashboard',
    guard: 'session',
    page: P.DashboardPage,
    menu: { label: 'Dashboard', roles: EVERYONE },
  },
  { path: '/passwordreset', title: 'Change Password', guard: 'session', page: P.PasswordResetPage },

  // Platform administration (SuperAdmin)
  {
    path: '/clients',
    title: 'Clients',
    guard: 'superadmin',
    page: P.ClientsPage,
    menu: { label: 'Clients', roles: ['SuperAdmin'] },
  },
  { path: '/clients/:type', title: 'Clients', guard: 'superadmin', page: P.ClientsPage },
  {
    path: '/prospect',
    title: 'Prospects',
    guard: 'superadmin',
    page: P.ProspectsPage,
    menu: { label: 'Prospects', roles: ['SuperAdmin'] },
  },
  {
    path: '/commissionlist',
    title: 'Platform Service Fee',
    guard: 'superadmin',
    page: P.CommissionListPage,
    menu: { label: 'Service Fees', roles: ['SuperAdmin'] },
  },
  {
    path: '/setcommission',
    title: 'Set Commission',
    guard: 'superadmin',
    menuParent: '/commissionlist',
    page: P.SetCommissionPage,
  },
  {
    path: '/setcommission/:id',
    title: 'Set Commission',
    guard: 'superadmin',
    menuParent: '/commissionlist',
    page: P.SetCommissionPage,
  },
  // Not a screen of the spec: DESIGN.md §5 has SuperAdmin read the audit log.
  {
    path: '/audit',
    title: 'Audit Log',
    guard: 'superadmin',
    page: P.AuditPage,
    menu: { label: 'Audit Log', roles: ['SuperAdmin'] },
  },
  {
    path: '/dashapprovebid',
    title: 'Approved Bids',
    guard: { calls: 'getDashboardAllApprovedBids' },
    page: P.DashApprovedBidsPage,
    // Opened from the dashboard ("View Full Report", the cards): the menu's Approved Bids is /approvedbids.
    menuParent: '/dashboard',
  },
  {
    path: '/dashopenbid',
    title: 'Open Bids',
    guard: { calls: 'getDashboardAllOpenBids' },
    page: P.DashOpenBidsPage,
    menuParent: '/dashboard',
  },
  {
    path: '/ratings',
    title: 'Ratings',
    // The SuperAdmin for any company, a company Admin for its own (both may export).
    guard: { calls: 'exportRating' },
    page: P.RatingsPage,
    menu: { label: 'Ratings', roles: ['SuperAdmin', 'Admin'] },
  },
  {
    path: '/dataanalysis',
    title: 'Data Analysis',
    guard: 'superadmin',
    page: P.DataAnalysisPage,
    menu: { label: 'Data Analysis', roles: ['SuperAdmin'] },
  },

  // Company administration (company Admin)
  {
    path: '/companyinfo',
    title: 'Company Information',
    guard: 'session',
    page: P.CompanyInfoPage,
    menu: { label: 'Company Info', roles: ['Admin'] },
  },
  {
    path: '/companyinfo/:id',
    title: 'Company Information',
    guard: 'session',
    menuParent: '/clients',
    page: P.CompanyInfoPage,
  },
  {
    path: '/companyedit/:id',
    title: 'Company Edit',
    guard: 'session',
    menuParent: '/clients',
    page: P.CompanyEditPage,
  },
  {
    path: '/userslist',
    title: 'Users List',
    guard: { calls: 'getAllUsers' },
    page: P.UsersListPage,
    menu: { label: 'Users', roles: ['Admin'] },
  },
  {
    path: '/adduser',
    title: 'Add User Details',
    guard: { calls: 'getUserbyId' },
    menuParent: '/userslist',
    page: P.AddUserPage,
  },
  {
    path: '/adduser/:id',
    title: 'Add User Details',
    guard: { calls: 'getUserbyId' },
    menuParent: '/userslist',
    page: P.AddUserPage,
  },
  {
    path: '/distilleries',
    title: 'Distilleries',
    guard: { calls: 'getAllDistill' },
    page: P.DistilleriesPage,
    menu: { label: 'Distilleries', roles: ['Admin'] },
  },
  {
    path: '/adddistillery',
    title: 'Add Distillery',
    guard: { calls: 'createDistill' },
    menuParent: '/distilleries',
    page: P.DistilleryFormPage,
  },
  {
    path: '/adddistillery/:id',
    title: 'Edit Distillery',
    guard: { calls: 'getDistillById' },
    menuParent: '/distilleries',
    page: P.DistilleryFormPage,
  },
  {
    path: '/centralized',
    title: 'Centralized Mappings',
    guard: { calls: 'getAllDistillGroup' },
    page: P.CentralizedPage,
    menu: { label: 'Centralized Mappings', roles: ['Admin'] },
  },
  {
    path: '/centralized/edit',
    title: 'Centralized Mapping',
    guard: { calls: 'createDistillGroup' },
    menuParent: '/centralized',
    page: P.CentralizedFormPage,
  },
  {
    path: '/decentralized',
    title: 'De-Centralized Mappings',
    guard: { calls: 'getAllDistillGroup' },
    page: P.DecentralizedPage,
    menu: { label: 'De-Centralized Mappings', roles: ['Admin'] },
  },
  {
    path: '/decentralized/edit',
    title: 'De-Centralized Mapping',
    guard: { calls: 'createDistillGroup' },
    menuParent: '/decentralized',
    page: P.DecentralizedFormPage,
  },
  // Integrations (issue 25 part 5): the company Admin's API keys and webhooks.
  {
    path: '/apikeys',
    title: 'API Keys',
    guard: { calls: 'getApiKeys' },
    page: P.ApiKeysPage,
    menu: { label: 'API Keys', roles: ['Admin'] },
  },
  {
    path: '/webhooks',
    title: 'Webhooks',
    guard: { calls: 'getWebhooks' },
    page: P.WebhooksPage,
    menu: { label: 'Webhooks', roles: ['Admin'] },
  },
  {
    path: '/webhooks/:id',
    title: 'Webhook Deliveries',
    guard: { calls: 'getWebhookDeliveries' },
    menuParent: '/webhooks',
    page: P.WebhookDeliveriesPage,
  },

  // Trading: Sellers see "Offers", Buyers see "Asks"
  {
    path: '/offers',
    title: 'Offers',
    guard: { calls: 'getAllOffers' },
    page: P.OffersPage,
    menu: { label: 'Offers', roles: TRADERS, companyTypes: ['Seller'] },
  },
  {
    path: '/ask',
    title: 'Asks',
    guard: { calls: 'getAllOffers' },
    page: P.AsksPage,
    menu: { label: 'Asks', roles: TRADERS, companyTypes: ['Buyer'] },
  },
  {
    path: '/additem',
    title: 'New Offer',
    guard: { calls: 'createOffer' },
    menuParent: '/offers',
    page: P.ListingFormPage,
  },
  { path: '/additem/:id', title: 'Edit Offer', guard: { calls: 'updateInventory' }, page: P.ListingFormPage },
  {
    path: '/askcreate',
    title: 'New Ask',
    guard: { calls: 'createOffer' },
    menuParent: '/ask',
    page: P.ListingFormPage,
  },
  { path: '/offeredit', title: 'Offer Detail', guard: { calls: 'getOfferById' }, page: P.OfferDetailPage },
  { path: '/offeredit/:id', title: 'Offer Detail', guard: { calls: 'getOfferById' }, page: P.OfferDetailPage },
  { path: '/offermap', title: 'Possible Counterparty Map', guard: { calls: 'getOfferMap' }, page: P.OfferMapPage },
  { path: '/offermap/:id', title: 'Possible Counterparty Map', guard: { calls: 'getOfferMap' }, page: P.OfferMapPage },
  { path: '/bulkupload', title: 'Bulk Upload', guard: { calls: 'uploadCSV' }, page: P.BulkUploadPage },
  {
    path: '/items',
    title: 'Item List',
    guard: { calls: 'getAllInventory' },
    page: P.ItemsPage,
    menu: { label: 'Item List', roles: ['Negotiator'] },
  },
  {
    path: '/viewitem/:id',
    title: 'Item Info',
    guard: { calls: 'getInventorybyId' },
    page: P.ViewItemPage,
    menuParent: '/items',
  },
  { path: '/biditem', title: 'Bid', guard: 'session', page: P.BidStartPage, menuParent: '/items' },
  {
    path: '/biditem/:id',
    title: 'Bid',
    guard: { calls: 'getInventorybyId' },
    page: P.NewBidPage,
    menuParent: '/items',
  },
  {
    path: '/biditem/:id/:orderid',
    title: 'Bid',
    guard: { calls: 'getOrderById' },
    page: P.BidPage,
    menuParent: '/currentbids',
  },
  {
    path: '/bidslist',
    title: 'Bids List',
    guard: { calls: 'getAllOrderDetails' },
    page: P.BidsListPage,
    menu: { label: 'Current Bids', roles: ['Negotiator'] },
  },
  // The inbox (issue 21): every trading tier finds here the bids at its turn, counted in the menu.
  {
    path: '/bidapproval',
    title: 'Waiting for me',
    guard: { calls: 'getAwaitingBidCount' },
    page: P.BidApprovalPage,
    menu: { label: 'Waiting for me', roles: TRADERS, count: 'awaiting' },
  },
  {
    path: '/currentbids',
    title: 'My Bids',
    // The order-named alias stays the companies' (the SuperAdmin reads approved trades through getAllBids).
    guard: { calls: 'getAllOrderDetails' },
    page: P.MyBidsPage,
    menu: { label: 'My Bids', roles: TRADERS },
  },
  {
    path: '/mypendingapproval',
    title: 'My Pending Approvals',
    guard: { calls: 'getDashboardAllPendingAprrovedBids' },
    page: P.MyPendingApprovalsPage,
    menu: { label: 'My Pending Approvals', roles: ['Authorizer', 'Approver'] },
  },
  {
    path: '/myorder',
    title: 'My Orders',
    guard: { calls: 'getAllOffers' },
    page: P.MyOrdersPage,
    menu: { label: 'My Orders', roles: TRADERS },
  },
  {
    path: '/approvedbids',
    title: 'Approved Bids',
    guard: { calls: 'getAllBids' },
    page: P.ApprovedBidsPage,
    // The SuperAdmin reads every trade here (and only approved ones).
    menu: { label: 'Approved Bids', roles: EVERYONE },
  },
  {
    path: '/biddetail/:id',
    title: 'Bid Detail',
    guard: { calls: 'getBidById' },
    page: P.BidDetailPage,
    menuParent: '/approvedbids',
  },
  {
    path: '/bidlapsed',
    title: 'Lapsed Bids',
    guard: { calls: 'getDashboardAllLapsedBids' },
    page: P.BidLapsedPage,
    menu: { label: 'Lapsed Bids', roles: COMPANY_ROLES },
  },
  {
    path: '/mycommission',
    title: 'My Service Fee',
    guard: { calls: 'getAllBidCommission' },
    page: P.MyCommissionPage,
    menu: {
      label: (user) => (user.roles.includes('SuperAdmin') ? 'Bid Service Fees' : 'My Service Fee'),
      roles: EVERYONE,
    },
  },
  {
    path: '/editmycommission/:id',
    title: 'Service Fee Detail',
    guard: { calls: 'getBidCommissionById' },
    page: P.EditMyCommissionPage,
    menuParent: '/mycommission',
  },
  {
    path: '/pricetrend',
    title: 'Price / Quote Trend',
    guard: { calls: 'getPriceTrend' },
    page: P.PriceTrendPage,
    menu: { label: 'Price Trend', roles: EVERYONE },
  },
  // Issue 25: every company user's notification settings; a Negotiator's price alerts.
  {
    path: '/pricealerts',
    title: 'Price Alerts',
    guard: { calls: 'getPriceAlerts' },
    page: P.PriceAlertsPage,
    menu: { label: 'Price Alerts', roles: ['Negotiator'] },
  },
  {
    path: '/notificationsettings',
    title: 'Notification Settings',
    guard: { calls: 'getNotificationPreferences' },
    page: P.NotificationSettingsPage,
    menu: { label: 'Notification Settings', roles: COMPANY_ROLES },
  },
];

export type MenuItem = { path: string; label: string; count?: MenuEntry['count'] };

/**
 * The menu entries `user` sees, in table order. A screen not built yet (`page: null`) keeps its route but no entry:
 * the menu never leads to "not available yet".
 */
export function menuFor(user: SessionUser): MenuItem[] {
  const roles = new Set(user.roles.map((r) => (r === 'Authenticator' ? 'Authorizer' : r)));
  return ROUTES.flatMap((route) => {
    const menu = route.menu;
    if (!menu || route.page === null) return [];
    if (!menu.roles.some((role) => roles.has(role))) return [];
    if (menu.companyTypes && (!user.company_type || !menu.companyTypes.includes(user.company_type))) return [];
    const label = typeof menu.label === 'function' ? menu.label(user) : menu.label;
    return [{ path: route.path, label, ...(menu.count ? { count: menu.count } : {}) }];
  });
}
