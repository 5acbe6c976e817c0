// Dashboards (spec 001 §2 "Dashboard", §7; issue 23): the figures and the lists behind each card and table.
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import {
  commissionDataSchema,
  dashboardApprovedBidsSchema,
  dashboardBidListSchema,
  dashboardBidsSchema,
  dashboardCommissionSchema,
  dashboardDataSchema,
  dashboardFiguresSchema,
  dashboardPagedSchema,
} from './dashboards.schemas.js';

const SCOPE =
  'The caller’s company’s bids (every company’s for the SuperAdmin), counterparty names masked until the trade';

export const DASHBOARD_METHODS = {
  getDashboardData: {
    body: dashboardDataSchema,
    data: dashboardFiguresSchema,
    access: METHOD_ACCESS.getDashboardData,
    summary:
      'The dashboard cards: for the SuperAdmin pending_count, approved_buyer_count, approved_seller_count; for a ' +
      'company user approved_orders, sale_order_generated, bids_lapsed, my_orders, my_pending_approvals, each the ' +
      'total of the list its card opens',
  },
  getDashboardAllApprovedBids: {
    body: dashboardApprovedBidsSchema,
    data: dashboardBidListSchema,
    access: METHOD_ACCESS.getDashboardAllApprovedBids,
    summary: `Approved trades, newest first: the last \`days\` (the dashboard's 7) or all, paged and searched. ${SCOPE}`,
  },
  getDashboardAllOpenBids: {
    body: dashboardBidsSchema,
    data: dashboardBidListSchema,
    access: METHOD_ACCESS.getDashboardAllOpenBids,
    summary: `Open, still valid bids with who acts next, newest change first, optionally of the last \`days\`. ${SCOPE}`,
  },
  getDashboardCommissionData: {
    body: dashboardCommissionSchema,
    data: commissionDataSchema,
    access: METHOD_ACCESS.getDashboardCommissionData,
    summary:
      'Service fees per day (IST) of the trades approved in the last `days` (90 unless asked): each side’s fee ' +
      'snapshot, quantity × rate plus GST, summed; days without a trade are left out',
  },
  getDashboardAllLapsedBids: {
    body: dashboardPagedSchema,
    data: dashboardBidListSchema,
    access: METHOD_ACCESS.getDashboardAllLapsedBids,
    summary: `Lapsed bids (stored, or past their validity before the sweep), newest change first. ${SCOPE}`,
  },
  getDashboardAllPendingAprrovedBids: {
    body: dashboardPagedSchema,
    data: dashboardBidListSchema,
    access: METHOD_ACCESS.getDashboardAllPendingAprrovedBids,
    summary:
      'My Pending Approvals: the live bids waiting for the caller’s own tier at the distilleries mapped to them ' +
      '(getAllBids `awaiting_me`, the “Waiting for me” inbox)',
  },
  getDashboardAllPending: {
    body: dashboardPagedSchema,
    data: dashboardBidListSchema,
    access: METHOD_ACCESS.getDashboardAllPending,
    summary: 'Spec name of getDashboardAllPendingAprrovedBids (its body is not shown in the spec)',
  },
} as const satisfies Record<string, MethodSpec>;
