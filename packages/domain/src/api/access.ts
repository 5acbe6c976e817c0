// Who may call each method: the one role map. The server's registry enforces it (through `METHODS`), the web
// app's route guards read it to keep people off screens whose calls they may not make. No schemas here, so the
// web bundle can import it whole.
import type { Role } from '../auth/auth.constants.js';

/**
 * Who may call a method: `public` (no session), `session` (any signed-in user), `optional` (public, but the
 * service decides by the body whether a session is needed), or the list of roles that may.
 */
export type Access = 'public' | 'session' | 'optional' | readonly Role[];

/** Any user of a company (trading screens); the SuperAdmin has no company and does not trade. */
const COMPANY = ['Admin', 'Negotiator', 'Authorizer', 'Approver'] as const;
/** The tiers that act on bids (an Admin reads them). Which bid a tier may act on is the service's check. */
const TRADER = ['Negotiator', 'Authorizer', 'Approver'] as const;

export const METHOD_ACCESS = {
  getCaptcha: 'public',
  login: 'public',
  generateOtp: 'public',
  loginWithOtp: 'public',
  logout: 'session',
  refreshUser: 'session',
  changePassword: 'session',
  verifyToken: 'public',
  createUser: 'optional',
  updateUser: 'optional',
  uploadFile: 'public',
  getFile: 'session',
  createCompany: 'public',
  getStateCities: 'public',
  getAllSpirit: 'public',
  updateCompanyStatus: ['SuperAdmin'],
  getAllCompany: ['SuperAdmin'],
  getCompanyDetails: 'session',
  updateCompany: ['SuperAdmin'],
  deleteCompany: ['SuperAdmin'],
  undeleteCompany: ['SuperAdmin'],
  sendCompanyCreationNotification: ['SuperAdmin'],
  // The ratings form's company pickers (a company Admin sees the companies it may rate: the opposite type).
  getAllCompanyName: ['SuperAdmin', 'Admin'],
  getUserbyId: ['Admin'],
  getAllUsers: ['Admin'],
  archiveUser: ['Admin'],
  unarchiveUser: ['Admin'],
  sendUserCredentials: ['Admin'],
  getAllDistill: ['Admin'],
  getDistillNameByCompanyId: ['SuperAdmin', 'Admin'],
  getDistillById: ['Admin'],
  createDistill: ['Admin'],
  updateDistill: ['Admin'],
  getAllDistillGroup: ['Admin'],
  getDistillGroupById: ['Admin'],
  createDistillGroup: ['Admin'],
  updateDistillGroup: ['Admin'],
  getAllUntaggedUser: ['Admin'],
  getAllUntaggedDistill: ['Admin'],
  getAllStateWiseDistillforUser: 'session',
  // The live stream: any signed-in user; what reaches them is filtered by what they may read (events.stream.ts).
  getEventTicket: 'session',
  getAllCommission: ['SuperAdmin'],
  getCommissionbyId: ['SuperAdmin'],
  createCommission: ['SuperAdmin'],
  updateCommission: ['SuperAdmin'],
  getAuditLog: ['SuperAdmin'],
  // A trade's service fee and its invoices: each company its own side, the SuperAdmin every side.
  getAllBidCommission: ['SuperAdmin', ...COMPANY],
  getBidCommissionById: ['SuperAdmin', ...COMPANY],
  updateBidCommission: ['SuperAdmin'],
  getInvoicePdf: ['SuperAdmin', ...COMPANY],
  getAllOffers: COMPANY,
  getOfferById: COMPANY,
  getMarketStats: COMPANY,
  createOffer: ['Negotiator'],
  updateInventory: ['Negotiator'],
  getSpiritsAvailableStates: COMPANY,
  latestNegotiation: COMPANY,
  getAllPossibleOffer: COMPANY,
  getOfferMap: COMPANY,
  getAllInventory: COMPANY,
  getInventorybyId: COMPANY,
  generateExcel: ['Negotiator'],
  uploadCSV: ['Negotiator'],
  createBid: ['Negotiator'],
  negotiateBid: ['Negotiator'],
  bidAction: TRADER,
  // The SuperAdmin reads approved trades, and nothing else of a bid (the services refuse the rest); acts on none.
  getAllBids: [...COMPANY, 'SuperAdmin'],
  getAwaitingBidCount: TRADER,
  getBidById: [...COMPANY, 'SuperAdmin'],
  // Which seller users may attach a trade's sale order is the service's check (its Admin, or mapped to the seller
  // distillery).
  updateBid: COMPANY,
  generateUserOTP: TRADER,
  verifyOTP: TRADER,
  createOrder: ['Negotiator'],
  updateOrder: ['Negotiator'],
  approveOrder: TRADER,
  getAllOrderDetails: COMPANY,
  getOrderById: COMPANY,
  // Rows without a bid need an Admin (the service's check); a trade's row any user of a party, who can see it.
  reviewDistillery: ['SuperAdmin', ...COMPANY],
  getBidRating: COMPANY,
  exportRating: ['SuperAdmin', 'Admin'],
  // Market-wide figures without names: every signed-in role. The analysis names companies: the SuperAdmin's alone.
  getPriceTrend: ['SuperAdmin', ...COMPANY],
  getAnalysisVolume: ['SuperAdmin'],
  getAnalysisFunnel: ['SuperAdmin'],
  getAnalysisTopCompanies: ['SuperAdmin'],
  // Dashboards: a company user reads their company's, the SuperAdmin every company's; commission is the platform's,
  // and pending approvals are a trading tier's.
  getDashboardData: ['SuperAdmin', ...COMPANY],
  getDashboardAllApprovedBids: ['SuperAdmin', ...COMPANY],
  getDashboardAllOpenBids: ['SuperAdmin', ...COMPANY],
  getDashboardCommissionData: ['SuperAdmin'],
  getDashboardAllLapsedBids: ['SuperAdmin', ...COMPANY],
  getDashboardAllPendingAprrovedBids: TRADER,
  getDashboardAllPending: TRADER,
  // Integrations (issue 25 part 5): the company's Admin manages its API keys and webhooks.
  getApiKeys: ['Admin'],
  createApiKey: ['Admin'],
  revokeApiKey: ['Admin'],
  getWebhooks: ['Admin'],
  createWebhook: ['Admin'],
  updateWebhook: ['Admin'],
  deleteWebhook: ['Admin'],
  getWebhookDeliveries: ['Admin'],
  replayWebhookDelivery: ['Admin'],
  // Notifications (issue 25): every company user has their own bell and settings; the SuperAdmin does not trade.
  getNotifications: COMPANY,
  getUnreadNotificationCount: COMPANY,
  markNotificationsRead: COMPANY,
  getNotificationPreferences: COMPANY,
  updateNotificationPreferences: COMPANY,
  // Price alerts: a Negotiator's, who places bids on what the market offers (docs/decisions.md "Price alerts").
  getPriceAlerts: ['Negotiator'],
  createPriceAlert: ['Negotiator'],
  deletePriceAlert: ['Negotiator'],
} as const satisfies Record<string, Access>;

export type AccessMethod = keyof typeof METHOD_ACCESS;

/** Whether a user holding `roles` may call `method` (signed in: `session` and `optional` methods are open). */
export function mayCall(method: AccessMethod, roles: readonly string[]): boolean {
  const access: Access = METHOD_ACCESS[method];
  if (typeof access === 'string') return true;
  return access.some((role) => roles.includes(role));
}
