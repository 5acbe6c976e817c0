// The one route table: every screen of both specification documents, who may open it, whether and for whom it
// shows in the side menu, and its page (loaded on first visit). Every screen is built; a screen added before its
// page would have `page: null`, render the shared "not available yet" page and stay out of the menu.
import type { AccessMethod } from '@spirit/domain/api/access';
import type { CompanyRole } from '@spirit/domain/auth/auth.constants';
import type { SessionUser } from '@spirit/domain/auth/auth.schemas';
import type { CompanyType } from '@spirit/domain/companies/companies.constants';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/companies/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const UserSetupPage = lazy(() =>
  import('../features/auth/pages/user-setup-page').then((m) => ({ default: m.UserSetupPage })),
);
const PasswordResetPage = lazy(() =>
  import('../features/auth/pages/password-reset-page').then((m) => ({ default: m.PasswordResetPage })),
);
const NoRolePage = lazy(() => import('../features/auth/pages/no-role-page').then((m) => ({ default: m.NoRolePage })));
const HomePage = lazy(() => import('./pages/home-page').then((m) => ({ default: m.HomePage })));
const DashboardPage = lazy(() =>
  import('../features/dashboards/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const DashApprovedBidsPage = lazy(() =>
  import('../features/dashboards/pages/dash-approved-bids-page').then((m) => ({ default: m.DashApprovedBidsPage })),
);
const DashOpenBidsPage = lazy(() =>
  import('../features/dashboards/pages/dash-open-bids-page').then((m) => ({ default: m.DashOpenBidsPage })),
);
const BidLapsedPage = lazy(() =>
  import('../features/dashboards/pages/bid-lapsed-page').then((m) => ({ default: m.BidLapsedPage })),
);
const MyPendingApprovalsPage = lazy(() =>
  import('../features/dashboards/pages/my-pending-approvals-page').then((m) => ({
    default: m.MyPendingApprovalsPage,
  })),
);

const PriceTrendPage = lazy(() =>
  import('../features/analysis/pages/price-trend-page').then((m) => ({ default: m.PriceTrendPage })),
);
const DataAnalysisPage = lazy(() =>
  import('../features/analysis/pages/data-analysis-page').then((m) => ({ default: m.DataAnalysisPage })),
);

const ClientsPage = lazy(() =>
  import('../features/companies/pages/clients-page').then((m) => ({ default: m.ClientsPage })),
);
const ProspectsPage = lazy(() =>
  import('../features/companies/pages/prospects-page').then((m) => ({ default: m.ProspectsPage })),
);
const CompanyInfoPage = lazy(() =>
  import('../features/companies/pages/company-info-page').then((m) => ({ default: m.CompanyInfoPage })),
);
const CompanyEditPage = lazy(() =>
  import('../features/companies/pages/company-edit-page').then((m) => ({ default: m.CompanyEditPage })),
);
const UsersListPage = lazy(() =>
  import('../features/users/pages/users-list-page').then((m) => ({ default: m.UsersListPage })),
);
const AddUserPage = lazy(() =>
  import('../features/users/pages/add-user-page').then((m) => ({ default: m.AddUserPage })),
);
const ApiKeysPage = lazy(() =>
  import('../features/apikeys/pages/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
);
const WebhooksPage = lazy(() =>
  import('../features/webhooks/pages/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const WebhookDeliveriesPage = lazy(() =>
  import('../features/webhooks/pages/webhook-deliveries-page').then((m) => ({ default: m.WebhookDeliveriesPage })),
);
const DistilleriesPage = lazy(() =>
  import('../features/distilleries/pages/distilleries-page').then((m) => ({ default: m.DistilleriesPage })),
);
const DistilleryFormPage = lazy(() =>
  import('../features/distilleries/pages/distillery-form-page').then((m) => ({ default: m.DistilleryFormPage })),
);
const CentralizedPage = lazy(() =>
  import('../features/mappings/pages/centralized-page').then((m) => ({ default: m.CentralizedPage })),
);
const CentralizedFormPage = lazy(() =>
  import('../features/mappings/pages/centralized-form-page').then((m) => ({ default: m.CentralizedFormPage })),
);
const DecentralizedPage = lazy(() =>
  import('../features/mappings/pages/decentralized-page').then((m) => ({ default: m.DecentralizedPage })),
);
const DecentralizedFormPage = lazy(() =>
  import('../features/mappings/pages/decentralized-form-page').then((m) => ({ default: m.DecentralizedFormPage })),
);
const RatingsPage = lazy(() =>
  import('../features/ratings/pages/ratings-page').then((m) => ({ default: m.RatingsPage })),
);
const CommissionListPage = lazy(() =>
  import('../features/fees/pages/commission-list-page').then((m) => ({ default: m.CommissionListPage })),
);
const SetCommissionPage = lazy(() =>
  import('../features/fees/pages/set-commission-page').then((m) => ({ default: m.SetCommissionPage })),
);
const MyCommissionPage = lazy(() =>
  import('../features/fees/pages/my-commission-page').then((m) => ({ default: m.MyCommissionPage })),
);
const EditMyCommissionPage = lazy(() =>
  import('../features/fees/pages/edit-my-commission-page').then((m) => ({ default: m.EditMyCommissionPage })),
);
const AuditPage = lazy(() => import('../features/audit/pages/audit-page').then((m) => ({ default: m.AuditPage })));
// The listing page with the bids feature's tabs and Place bid dialog: the app composes features, they do not
// import each other.
const OfferDetailPage = lazy(() =>
  Promise.all([
    import('../features/listings/pages/offer-detail-page'),
    import('../features/bids/components/listing-bid-parts'),
  ]).then(([listings, bids]) => ({
    default: () => <listings.OfferDetailPage extensions={bids.LISTING_BID_PARTS} />,
  })),
);
const OfferMapPage = lazy(() =>
  import('../features/listings/pages/offer-map-page').then((m) => ({ default: m.OfferMapPage })),
);
const BidsListPage = lazy(() =>
  import('../features/bids/pages/bids-list-page').then((m) => ({ default: m.BidsListPage })),
);
const MyBidsPage = lazy(() => import('../features/bids/pages/my-bids-page').then((m) => ({ default: m.MyBidsPage })));
const BidApprovalPage = lazy(() =>
  import('../features/bids/pages/bid-approval-page').then((m) => ({ default: m.BidApprovalPage })),
);
const BidStartPage = lazy(() =>
  import('../features/bids/pages/bid-start-page').then((m) => ({ default: m.BidStartPage })),
);
const NewBidPage = lazy(() => import('../features/bids/pages/new-bid-page').then((m) => ({ default: m.NewBidPage })));
const BidPage = lazy(() => import('../features/bids/pages/bid-page').then((m) => ({ default: m.BidPage })));
const ItemsPage = lazy(() => import('../features/listings/pages/items-page').then((m) => ({ default: m.ItemsPage })));
const ViewItemPage = lazy(() =>
  import('../features/listings/pages/view-item-page').then((m) => ({ default: m.ViewItemPage })),
);
const OffersPage = lazy(() =>
  import('../features/listings/pages/listings-page').then((m) => ({ default: m.OffersPage })),
);
const AsksPage = lazy(() => import('../features/listings/pages/listings-page').then((m) => ({ default: m.AsksPage })));
const ListingFormPage = lazy(() =>
  import('../features/listings/pages/listing-form-page').then((m) => ({ default: m.ListingFormPage })),
);
const BulkUploadPage = lazy(() =>
  import('../features/listings/pages/bulk-upload-page').then((m) => ({ default: m.BulkUploadPage })),
);
const ApprovedBidsPage = lazy(() =>
  import('../features/bids/pages/approved-bids-page').then((m) => ({ default: m.ApprovedBidsPage })),
);
// The ratings feature mounts its review here (`review`), as the listing page takes the bids' parts.
const BidDetailPage = lazy(() =>
  Promise.all([
    import('../features/bids/pages/bid-detail-page'),
    import('../features/ratings/components/trade-review'),
  ]).then(([m, r]) => ({ default: () => <m.BidDetailPage review={r.TradeReview} /> })),
);
const NotificationSettingsPage = lazy(() =>
  import('../features/notifications/pages/notification-settings-page').then((m) => ({
    default: m.NotificationSettingsPage,
  })),
);
const PriceAlertsPage = lazy(() =>
  import('../features/alerts/pages/price-alerts-page').then((m) => ({ default: m.PriceAlertsPage })),
);
const MyOrdersPage = lazy(() =>
  import('../features/listings/pages/my-orders-page').then((m) => ({ default: m.MyOrdersPage })),
);

export const ROUTES: readonly AppRoute[] = [
  // Public
  { path: '/login', title: 'Login', guard: 'guest', page: LoginPage, loginBackground: true },
  { path: '/register', title: 'Register', guard: 'guest', page: RegisterPage, loginBackground: true },
  { path: '/usersetup', title: 'Account Setup', guard: 'public', page: UserSetupPage, loginBackground: true },
  { path: '/home', title: 'Home', guard: 'public', page: HomePage },
  { path: '/error', title: 'Error', guard: 'public', page: NoRolePage },

  // Everyone signed in
  {
    path: '/dashboard',
    title: 'Dashboard',
    guard: 'session',
    page: DashboardPage,
    menu: { label: 'Dashboard', roles: EVERYONE },
  },
  { path: '/passwordreset', title: 'Change Password', guard: 'session', page: PasswordResetPage },

  // Platform administration (SuperAdmin)
  {
    path: '/clients',
    title: 'Clients',
    guard: 'superadmin',
    page: ClientsPage,
    menu: { label: 'Clients', roles: ['SuperAdmin'] },
  },
  { path: '/clients/:type', title: 'Clients', guard: 'superadmin', page: ClientsPage },
  {
    path: '/prospect',
    title: 'Prospects',
    guard: 'superadmin',
    page: ProspectsPage,
    menu: { label: 'Prospects', roles: ['SuperAdmin'] },
  },
  {
    path: '/commissionlist',
    title: 'Platform Service Fee',
    guard: 'superadmin',
    page: CommissionListPage,
    menu: { label: 'Service Fees', roles: ['SuperAdmin'] },
  },
  {
    path: '/setcommission',
    title: 'Set Commission',
    guard: 'superadmin',
    menuParent: '/commissionlist',
    page: SetCommissionPage,
  },
  {
    path: '/setcommission/:id',
    title: 'Set Commission',
    guard: 'superadmin',
    menuParent: '/commissionlist',
    page: SetCommissionPage,
  },
  // Not a screen of the spec: DESIGN.md §5 has SuperAdmin read the audit log.
  {
    path: '/audit',
    title: 'Audit Log',
    guard: 'superadmin',
    page: AuditPage,
    menu: { label: 'Audit Log', roles: ['SuperAdmin'] },
  },
  {
    path: '/dashapprovebid',
    title: 'Approved Bids',
    guard: { calls: 'getDashboardAllApprovedBids' },
    page: DashApprovedBidsPage,
    // Opened from the dashboard ("View Full Report", the cards): the menu's Approved Bids is /approvedbids.
    menuParent: '/dashboard',
  },
  {
    path: '/dashopenbid',
    title: 'Open Bids',
    guard: { calls: 'getDashboardAllOpenBids' },
    page: DashOpenBidsPage,
    menuParent: '/dashboard',
  },
  {
    path: '/ratings',
    title: 'Ratings',
    // The SuperAdmin for any company, a company Admin for its own (both may export).
    guard: { calls: 'exportRating' },
    page: RatingsPage,
    menu: { label: 'Ratings', roles: ['SuperAdmin', 'Admin'] },
  },
  {
    path: '/dataanalysis',
    title: 'Data Analysis',
    guard: 'superadmin',
    page: DataAnalysisPage,
    menu: { label: 'Data Analysis', roles: ['SuperAdmin'] },
  },

  // Company administration (company Admin)
  {
    path: '/companyinfo',
    title: 'Company Information',
    guard: 'session',
    page: CompanyInfoPage,
    menu: { label: 'Company Info', roles: ['Admin'] },
  },
  {
    path: '/companyinfo/:id',
    title: 'Company Information',
    guard: 'session',
    menuParent: '/clients',
    page: CompanyInfoPage,
  },
  { path: '/companyedit/:id', title: 'Company Edit', guard: 'session', menuParent: '/clients', page: CompanyEditPage },
  {
    path: '/userslist',
    title: 'Users List',
    guard: { calls: 'getAllUsers' },
    page: UsersListPage,
    menu: { label: 'Users', roles: ['Admin'] },
  },
  {
    path: '/adduser',
    title: 'Add User Details',
    guard: { calls: 'getUserbyId' },
    menuParent: '/userslist',
    page: AddUserPage,
  },
  {
    path: '/adduser/:id',
    title: 'Add User Details',
    guard: { calls: 'getUserbyId' },
    menuParent: '/userslist',
    page: AddUserPage,
  },
  {
    path: '/distilleries',
    title: 'Distilleries',
    guard: { calls: 'getAllDistill' },
    page: DistilleriesPage,
    menu: { label: 'Distilleries', roles: ['Admin'] },
  },
  {
    path: '/adddistillery',
    title: 'Add Distillery',
    guard: { calls: 'createDistill' },
    menuParent: '/distilleries',
    page: DistilleryFormPage,
  },
  {
    path: '/adddistillery/:id',
    title: 'Edit Distillery',
    guard: { calls: 'getDistillById' },
    menuParent: '/distilleries',
    page: DistilleryFormPage,
  },
  {
    path: '/centralized',
    title: 'Centralized Mappings',
    guard: { calls: 'getAllDistillGroup' },
    page: CentralizedPage,
    menu: { label: 'Centralized Mappings', roles: ['Admin'] },
  },
  {
    path: '/centralized/edit',
    title: 'Centralized Mapping',
    guard: { calls: 'createDistillGroup' },
    menuParent: '/centralized',
    page: CentralizedFormPage,
  },
  {
    path: '/decentralized',
    title: 'De-Centralized Mappings',
    guard: { calls: 'getAllDistillGroup' },
    page: DecentralizedPage,
    menu: { label: 'De-Centralized Mappings', roles: ['Admin'] },
  },
  {
    path: '/decentralized/edit',
    title: 'De-Centralized Mapping',
    guard: { calls: 'createDistillGroup' },
    menuParent: '/decentralized',
    page: DecentralizedFormPage,
  },
  // Integrations (issue 25 part 5): the company Admin's API keys and webhooks.
  {
    path: '/apikeys',
    title: 'API Keys',
    guard: { calls: 'getApiKeys' },
    page: ApiKeysPage,
    menu: { label: 'API Keys', roles: ['Admin'] },
  },
  {
    path: '/webhooks',
    title: 'Webhooks',
    guard: { calls: 'getWebhooks' },
    page: WebhooksPage,
    menu: { label: 'Webhooks', roles: ['Admin'] },
  },
  {
    path: '/webhooks/:id',
    title: 'Webhook Deliveries',
    guard: { calls: 'getWebhookDeliveries' },
    menuParent: '/webhooks',
    page: WebhookDeliveriesPage,
  },

  // Trading: Sellers see "Offers", Buyers see "Asks"
  {
    path: '/offers',
    title: 'Offers',
    guard: { calls: 'getAllOffers' },
    page: OffersPage,
    menu: { label: 'Offers', roles: TRADERS, companyTypes: ['Seller'] },
  },
  {
    path: '/ask',
    title: 'Asks',
    guard: { calls: 'getAllOffers' },
    page: AsksPage,
    menu: { label: 'Asks', roles: TRADERS, companyTypes: ['Buyer'] },
  },
  {
    path: '/additem',
    title: 'New Offer',
    guard: { calls: 'createOffer' },
    menuParent: '/offers',
    page: ListingFormPage,
  },
  { path: '/additem/:id', title: 'Edit Offer', guard: { calls: 'updateInventory' }, page: ListingFormPage },
  { path: '/askcreate', title: 'New Ask', guard: { calls: 'createOffer' }, menuParent: '/ask', page: ListingFormPage },
  { path: '/offeredit', title: 'Offer Detail', guard: { calls: 'getOfferById' }, page: OfferDetailPage },
  { path: '/offeredit/:id', title: 'Offer Detail', guard: { calls: 'getOfferById' }, page: OfferDetailPage },
  { path: '/offermap', title: 'Possible Counterparty Map', guard: { calls: 'getOfferMap' }, page: OfferMapPage },
  { path: '/offermap/:id', title: 'Possible Counterparty Map', guard: { calls: 'getOfferMap' }, page: OfferMapPage },
  { path: '/bulkupload', title: 'Bulk Upload', guard: { calls: 'uploadCSV' }, page: BulkUploadPage },
  {
    path: '/items',
    title: 'Item List',
    guard: { calls: 'getAllInventory' },
    page: ItemsPage,
    menu: { label: 'Item List', roles: ['Negotiator'] },
  },
  {
    path: '/viewitem/:id',
    title: 'Item Info',
    guard: { calls: 'getInventorybyId' },
    page: ViewItemPage,
    menuParent: '/items',
  },
  { path: '/biditem', title: 'Bid', guard: 'session', page: BidStartPage, menuParent: '/items' },
  {
    path: '/biditem/:id',
    title: 'Bid',
    guard: { calls: 'getInventorybyId' },
    page: NewBidPage,
    menuParent: '/items',
  },
  {
    path: '/biditem/:id/:orderid',
    title: 'Bid',
    guard: { calls: 'getOrderById' },
    page: BidPage,
    menuParent: '/currentbids',
  },
  {
    path: '/bidslist',
    title: 'Bids List',
    guard: { calls: 'getAllOrderDetails' },
    page: BidsListPage,
    menu: { label: 'Current Bids', roles: ['Negotiator'] },
  },
  // The inbox (issue 21): every trading tier finds here the bids at its turn, counted in the menu.
  {
    path: '/bidapproval',
    title: 'Waiting for me',
    guard: { calls: 'getAwaitingBidCount' },
    page: BidApprovalPage,
    menu: { label: 'Waiting for me', roles: TRADERS, count: 'awaiting' },
  },
  {
    path: '/currentbids',
    title: 'My Bids',
    // The order-named alias stays the companies' (the SuperAdmin reads approved trades through getAllBids).
    guard: { calls: 'getAllOrderDetails' },
    page: MyBidsPage,
    menu: { label: 'My Bids', roles: TRADERS },
  },
  {
    path: '/mypendingapproval',
    title: 'My Pending Approvals',
    guard: { calls: 'getDashboardAllPendingAprrovedBids' },
    page: MyPendingApprovalsPage,
    menu: { label: 'My Pending Approvals', roles: ['Authorizer', 'Approver'] },
  },
  {
    path: '/myorder',
    title: 'My Orders',
    guard: { calls: 'getAllOffers' },
    page: MyOrdersPage,
    menu: { label: 'My Orders', roles: TRADERS },
  },
  {
    path: '/approvedbids',
    title: 'Approved Bids',
    guard: { calls: 'getAllBids' },
    page: ApprovedBidsPage,
    // The SuperAdmin reads every trade here (and only approved ones).
    menu: { label: 'Approved Bids', roles: EVERYONE },
  },
  {
    path: '/biddetail/:id',
    title: 'Bid Detail',
    guard: { calls: 'getBidById' },
    page: BidDetailPage,
    menuParent: '/approvedbids',
  },
  {
    path: '/bidlapsed',
    title: 'Lapsed Bids',
    guard: { calls: 'getDashboardAllLapsedBids' },
    page: BidLapsedPage,
    menu: { label: 'Lapsed Bids', roles: COMPANY_ROLES },
  },
  {
    path: '/mycommission',
    title: 'My Service Fee',
    guard: { calls: 'getAllBidCommission' },
    page: MyCommissionPage,
    menu: {
      label: (user) => (user.roles.includes('SuperAdmin') ? 'Bid Service Fees' : 'My Service Fee'),
      roles: EVERYONE,
    },
  },
  {
    path: '/editmycommission/:id',
    title: 'Service Fee Detail',
    guard: { calls: 'getBidCommissionById' },
    page: EditMyCommissionPage,
    menuParent: '/mycommission',
  },
  {
    path: '/pricetrend',
    title: 'Price / Quote Trend',
    guard: { calls: 'getPriceTrend' },
    page: PriceTrendPage,
    menu: { label: 'Price Trend', roles: EVERYONE },
  },
  // Issue 25: every company user's notification settings; a Negotiator's price alerts.
  {
    path: '/pricealerts',
    title: 'Price Alerts',
    guard: { calls: 'getPriceAlerts' },
    page: PriceAlertsPage,
    menu: { label: 'Price Alerts', roles: ['Negotiator'] },
  },
  {
    path: '/notificationsettings',
    title: 'Notification Settings',
    guard: { calls: 'getNotificationPreferences' },
    page: NotificationSettingsPage,
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
