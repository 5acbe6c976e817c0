// Every page of the route table (routes.tsx), each loaded on first visit: one chunk per page, so /login and the
// lists carry none of the others' code.
import { lazy, type ComponentType } from 'react';

/** The page component `name` of the module `load` brings, loaded on first render. */
function page<M extends Record<K, ComponentType>, K extends string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const LoginPage = page(() => import('../features/auth/pages/login-page'), 'LoginPage');
export const RegisterPage = page(() => import('../features/companies/pages/register-page'), 'RegisterPage');
export const UserSetupPage = page(() => import('../features/auth/pages/user-setup-page'), 'UserSetupPage');
export const PasswordResetPage = page(() => import('../features/auth/pages/password-reset-page'), 'PasswordResetPage');
export const NoRolePage = page(() => import('../features/auth/pages/no-role-page'), 'NoRolePage');
export const HomePage = page(() => import('./pages/home-page'), 'HomePage');
export const DashboardPage = page(() => import('../features/dashboards/pages/dashboard-page'), 'DashboardPage');
export const DashApprovedBidsPage = page(
  () => import('../features/dashboards/pages/dash-approved-bids-page'),
  'DashApprovedBidsPage',
);
export const DashOpenBidsPage = page(
  () => import('../features/dashboards/pages/dash-open-bids-page'),
  'DashOpenBidsPage',
);
export const BidLapsedPage = page(() => import('../features/dashboards/pages/bid-lapsed-page'), 'BidLapsedPage');
export const MyPendingApprovalsPage = page(
  () => import('../features/dashboards/pages/my-pending-approvals-page'),
  'MyPendingApprovalsPage',
);

export const PriceTrendPage = page(() => import('../features/analysis/pages/price-trend-page'), 'PriceTrendPage');
export const DataAnalysisPage = page(() => import('../features/analysis/pages/data-analysis-page'), 'DataAnalysisPage');

export const ClientsPage = page(() => import('../features/companies/pages/clients-page'), 'ClientsPage');
export const ProspectsPage = page(() => import('../features/companies/pages/prospects-page'), 'ProspectsPage');
export const CompanyInfoPage = page(() => import('../features/companies/pages/company-info-page'), 'CompanyInfoPage');
export const CompanyEditPage = page(() => import('../features/companies/pages/company-edit-page'), 'CompanyEditPage');
export const UsersListPage = page(() => import('../features/users/pages/users-list-page'), 'UsersListPage');
export const AddUserPage = page(() => import('../features/users/pages/add-user-page'), 'AddUserPage');
export const ApiKeysPage = page(() => import('../features/apikeys/pages/api-keys-page'), 'ApiKeysPage');
export const WebhooksPage = page(() => import('../features/webhooks/pages/webhooks-page'), 'WebhooksPage');
export const WebhookDeliveriesPage = page(
  () => import('../features/webhooks/pages/webhook-deliveries-page'),
  'WebhookDeliveriesPage',
);
export const DistilleriesPage = page(
  () => import('../features/distilleries/pages/distilleries-page'),
  'DistilleriesPage',
);
export const DistilleryFormPage = page(
  () => import('../features/distilleries/pages/distillery-form-page'),
  'DistilleryFormPage',
);
export const CentralizedPage = page(() => import('../features/mappings/pages/centralized-page'), 'CentralizedPage');
export const CentralizedFormPage = page(
  () => import('../features/mappings/pages/centralized-form-page'),
  'CentralizedFormPage',
);
export const DecentralizedPage = page(
  () => import('../features/mappings/pages/decentralized-page'),
  'DecentralizedPage',
);
export const DecentralizedFormPage = page(
  () => import('../features/mappings/pages/decentralized-form-page'),
  'DecentralizedFormPage',
);
export const RatingsPage = page(() => import('../features/ratings/pages/ratings-page'), 'RatingsPage');
export const CommissionListPage = page(
  () => import('../features/fees/pages/commission-list-page'),
  'CommissionListPage',
);
export const SetCommissionPage = page(() => import('../features/fees/pages/set-commission-page'), 'SetCommissionPage');
export const MyCommissionPage = page(() => import('../features/fees/pages/my-commission-page'), 'MyCommissionPage');
export const EditMyCommissionPage = page(
  () => import('../features/fees/pages/edit-my-commission-page'),
  'EditMyCommissionPage',
);
export const AuditPage = page(() => import('../features/audit/pages/audit-page'), 'AuditPage');
// The listing page with the bids feature's tabs and Place bid dialog: the app composes features, they do not
// import each other.
export const OfferDetailPage = lazy(() =>
  Promise.all([
    import('../features/listings/pages/offer-detail-page'),
    import('../features/bids/components/listing-bid-parts'),
  ]).then(([listings, bids]) => ({
    default: () => <listings.OfferDetailPage extensions={bids.LISTING_BID_PARTS} />,
  })),
);
export const OfferMapPage = page(() => import('../features/listings/pages/offer-map-page'), 'OfferMapPage');
export const BidsListPage = page(() => import('../features/bids/pages/bids-list-page'), 'BidsListPage');
export const MyBidsPage = page(() => import('../features/bids/pages/my-bids-page'), 'MyBidsPage');
export const BidApprovalPage = page(() => import('../features/bids/pages/bid-approval-page'), 'BidApprovalPage');
export const BidStartPage = page(() => import('../features/bids/pages/bid-start-page'), 'BidStartPage');
export const NewBidPage = page(() => import('../features/bids/pages/new-bid-page'), 'NewBidPage');
export const BidPage = page(() => import('../features/bids/pages/bid-page'), 'BidPage');
export const ItemsPage = page(() => import('../features/listings/pages/items-page'), 'ItemsPage');
export const ViewItemPage = page(() => import('../features/listings/pages/view-item-page'), 'ViewItemPage');
export const OffersPage = page(() => import('../features/listings/pages/listings-page'), 'OffersPage');
export const AsksPage = page(() => import('../features/listings/pages/listings-page'), 'AsksPage');
export const ListingFormPage = page(() => import('../features/listings/pages/listing-form-page'), 'ListingFormPage');
export const BulkUploadPage = page(() => import('../features/listings/pages/bulk-upload-page'), 'BulkUploadPage');
export const ApprovedBidsPage = page(() => import('../features/bids/pages/approved-bids-page'), 'ApprovedBidsPage');
// The ratings feature mounts its review here (`review`), as the listing page takes the bids' parts.
export const BidDetailPage = lazy(() =>
  Promise.all([
    import('../features/bids/pages/bid-detail-page'),
    import('../features/ratings/components/trade-review'),
  ]).then(([m, r]) => ({ default: () => <m.BidDetailPage review={r.TradeReview} /> })),
);
export const NotificationSettingsPage = page(
  () => import('../features/notifications/pages/notification-settings-page'),
  'NotificationSettingsPage',
);
export const PriceAlertsPage = page(() => import('../features/alerts/pages/price-alerts-page'), 'PriceAlertsPage');
export const MyOrdersPage = page(() => import('../features/listings/pages/my-orders-page'), 'MyOrdersPage');
