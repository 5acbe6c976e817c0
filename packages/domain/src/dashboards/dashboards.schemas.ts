// The dashboard calls' bodies and answers (spec 001 §3 "Bid list record (dashboard)", "Dashboard data", §7). Ids a
// client sends (`company_id`, …) are not part of any body here: zod drops them, and scope comes from the session.
import { z } from 'zod';
import { BID_STATUSES } from '../bids/bids.constants.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { wholeNumberField } from '../common/numbers.js';
import {
  COMMISSION_DAYS,
  DASHBOARD_MESSAGES,
  MAX_COMMISSION_DAYS,
  MAX_DASHBOARD_PAGE,
  MAX_DASHBOARD_SEARCH,
  MAX_LIST_DAYS,
} from './dashboards.constants.js';

const days = (max: number) =>
  wholeNumberField(DASHBOARD_MESSAGES.days(max)).pipe(
    z.number().min(1, DASHBOARD_MESSAGES.days(max)).max(max, DASHBOARD_MESSAGES.days(max)),
  );

/** Paging as every list has it, bounded, and a shorter search: a dashboard list searches product, state, reference. */
const dashboardListSchema = listQuerySchema.extend({
  page: wholeNumberField(DASHBOARD_MESSAGES.page)
    .pipe(z.number().min(1, DASHBOARD_MESSAGES.page).max(MAX_DASHBOARD_PAGE, DASHBOARD_MESSAGES.page))
    .default(1),
  item_search: z
    .string()
    .trim()
    .max(MAX_DASHBOARD_SEARCH, DASHBOARD_MESSAGES.search)
    .transform((s) => s.replace(/\s+/g, ' '))
    .optional(),
});

/** getDashboardAllApprovedBids, getDashboardAllOpenBids: `days` (the dashboard's 7) or the whole list, paged. */
export const dashboardBidsSchema = dashboardListSchema.extend({
  days: days(MAX_LIST_DAYS).optional(),
});
/** Approved trades; `sell_order_generated` keeps those whose sale order is uploaded (the Sale Order Generated card). */
export const dashboardApprovedBidsSchema = dashboardBidsSchema.extend({
  sell_order_generated: z.boolean().optional(),
});
export type DashboardApprovedBidsInput = z.input<typeof dashboardApprovedBidsSchema>;
export type DashboardApprovedBidsQuery = z.output<typeof dashboardApprovedBidsSchema>;
export type DashboardBidsInput = z.input<typeof dashboardBidsSchema>;
export type DashboardBidsQuery = z.output<typeof dashboardBidsSchema>;

/** getDashboardAllLapsedBids, getDashboardAllPending, getDashboardAllPendingAprrovedBids: paging, `item_search`. */
export const dashboardPagedSchema = dashboardListSchema;
export type DashboardPagedInput = z.input<typeof dashboardPagedSchema>;
export type DashboardPagedQuery = z.output<typeof dashboardPagedSchema>;

export const dashboardCommissionSchema = z.object({
  days: days(MAX_COMMISSION_DAYS).default(COMMISSION_DAYS),
});
export type DashboardCommissionInput = z.input<typeof dashboardCommissionSchema>;

export const dashboardDataSchema = z.object({});

/**
 * A dashboard bid (spec 001 §3): names as elsewhere — the counterparty's masked until the trade, both clear to the
 * SuperAdmin. `next_level_pending` names who acts next ("Seller Authorizer"), null once nobody does;
 * `sellOrderGenerated` is present on approved trades. `offer_id` and `ask_id` open the bid page
 * (/biditem/{counterparty listing}/{id}).
 */
export const dashboardBidSchema = z.object({
  id: z.number(),
  product: z.string(),
  trade_reference_number: z.string().nullable(),
  quantity: z.string(),
  price: z.string(),
  valid_until: z.string(),
  /** The counterparty's state for a party, the seller's for the SuperAdmin. */
  state: z.string(),
  next_level_pending: z.string().nullable(),
  buyer_company: z.string(),
  seller_company: z.string(),
  created_on: z.string(),
  status: z.enum(BID_STATUSES),
  offer_id: z.number(),
  ask_id: z.number(),
  sellOrderGenerated: z.boolean().optional(),
});
export type DashboardBid = z.infer<typeof dashboardBidSchema>;
export const dashboardBidListSchema = listResultSchema(dashboardBidSchema);
export type DashboardBidList = z.infer<typeof dashboardBidListSchema>;

/**
 * getDashboardData. The SuperAdmin's figures are the spec's three (the totals of /prospect, /clients/Buyer and
 * /clients/Seller); a company user's are the cards of their dashboard, each the total of the list it links to:
 * `approved_orders` /approvedbids, `sale_order_generated` /dashapprovebid?sale_order=1, `bids_lapsed` /bidlapsed,
 * `my_orders` /myorder, `my_pending_approvals` /mypendingapproval (null for a user holding no trading tier). The
 * other side's fields are absent.
 */
export const dashboardFiguresSchema = z.object({
  pending_count: z.number().optional(),
  approved_buyer_count: z.number().optional(),
  approved_seller_count: z.number().optional(),
  approved_orders: z.number().optional(),
  sale_order_generated: z.number().optional(),
  bids_lapsed: z.number().optional(),
  my_orders: z.number().optional(),
  my_pending_approvals: z.number().nullable().optional(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** One day of commission: each side's fees (base plus GST) of the trades approved that day (IST), in rupees. */
export const commissionDaySchema = z.object({
  date: z.string(),
  buyer_commission: z.string(),
  seller_commission: z.string(),
  total_commission: z.string(),
});
export type CommissionDay = z.infer<typeof commissionDaySchema>;
export const commissionDataSchema = z.array(commissionDaySchema);
