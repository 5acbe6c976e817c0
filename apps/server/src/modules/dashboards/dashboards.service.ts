// The dashboards (issue 23): each card's figure and each table's rows, scoped by the session — a company user
// reads their company's bids, the SuperAdmin every company's. The lists are the bid lists
// (bids.lists.repository.ts) with the dashboard's filters, so "My Pending Approvals" is the "Waiting for me" inbox
// and a card's count is its list's total by construction.
import { BID_TIERS, TIER_LABELS } from '@spirit/domain/bids/bids.constants';
import { effectiveStatus, isBidLive, pickFlags } from '@spirit/domain/bids/bids.rules';
import type { GetAllBids } from '@spirit/domain/bids/bids.schemas';
import { MAX_COMMISSION_DAYS } from '@spirit/domain/dashboards/dashboards.constants';
import { nextLevelPending } from '@spirit/domain/dashboards/dashboards.rules';
import type {
  CommissionDay,
  DashboardApprovedBidsQuery,
  DashboardBid,
  DashboardBidList,
  DashboardFigures,
  DashboardPagedQuery,
} from '@spirit/domain/dashboards/dashboards.schemas';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { NEVER } from '../../lib/change-stamp.js';
import { JsonRecords, type Records } from '../../lib/json-records.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import { memoTexts } from '../../lib/record-memo.js';
import type { Deps } from '../../types.js';
import { countBids, type BidListOptions } from '../bids/bids.lists.repository.js';
import { dashboardKeysPage, dashboardRows, type DashboardRow } from '../bids/bids.kept.repository.js';
import { partiesView, sideOf } from '../bids/bids.view.js';
import { countCompanies } from '../companies/companies.repository.js';
import { countOwnListings } from '../listings/listings.repository.js';
import { tradingSide } from '../listings/listings.service.js';
import { commissionByDay } from './dashboards.repository.js';

const DAY_MS = 86_400_000;
/** India Standard Time has no daylight saving: a fixed offset. */
const IST_OFFSET_MS = 330 * 60_000;

type Scope = { companyId: number; platform: boolean };
/** The platform reads as no company (as bids.read.ts: its rating columns find no rows of a company 0). */
const scopeOf = (actor: Actor): Scope =>
  isSuperAdmin(actor) ? { companyId: 0, platform: true } : { companyId: tradingSide(actor).companyId, platform: false };

type Filters = Pick<GetAllBids, 'bid_status' | 'awaiting_me'> & Pick<BidListOptions, 'open' | 'since' | 'saleOrder'>;

/** The bid list options of a dashboard list: the caller's scope, its paging and search, the dashboard's filters. */
function optionsOf(deps: Deps, actor: Actor, q: Partial<DashboardPagedQuery>, filters: Filters): BidListOptions {
  const { companyId, platform } = scopeOf(actor);
  const { bid_status, awaiting_me, ...rest } = filters;
  const list: GetAllBids = {
    page: q.page ?? 1,
    page_size: q.page_size ?? 10,
    item_search: q.item_search,
    sort_order: 'desc',
    bid_status,
    awaiting_me,
  };
  return { companyId, platform, userId: actor.userId, now: deps.now(), q: list, ...rest };
}

function toDashboardBid(row: DashboardRow, scope: Scope, now: Date): DashboardBid {
  const { bid } = row;
  const viewer = scope.platform
    ? { companyId: null, side: null, platform: true }
    : { companyId: scope.companyId, side: sideOf(bid, scope.companyId) };
  const r = partiesView(bid, row, { buyer: row.buyer_name, seller: row.seller_name }, viewer, now);
  return {
    id: bid.id,
    product: bid.product,
    trade_reference_number: bid.trade_reference,
    quantity: bid.quantity,
    price: bid.price,
    valid_until: bid.valid_until.toISOString(),
    state: r.state,
    next_level_pending: nextLevelPending(
      { status: bid.status, locked: bid.locked, flags: pickFlags(bid), valid_until: bid.valid_until },
      now,
    ),
    // The platform oversees: it reads both names; a party the counterparty's masked until the trade.
    buyer_company: scope.platform ? row.buyer_name : r.buyer_company_name,
    seller_company: scope.platform ? row.seller_name : r.seller_company_name,
    created_on: bid.created_at.toISOString(),
    status: r.status,
    offer_id: bid.offer_id,
    ask_id: bid.ask_id,
    ...(r.status === 'Approved' ? { sellOrderGenerated: bid.sell_order_file_id !== null } : {}),
  };
}

/**
 * A dashboard list's page. Its total is kept for a few seconds like getAllBids' (bids.read.ts): the platform's
 * open bids and trades of a week run to tens of thousands, and counting them (to the cap) on every call costs far
 * more than the page. The key holds the list, its filters (the day window as days, not the instant it starts at) and
 * whose list it is.
 *
 * Its records are kept as JSON like Approved Bids' (docs/decisions.md "Trade records kept as JSON"): a row is made
 * of the bid at its version, whose view it is, the parties' names at their epoch, whether the bid has lapsed by the
 * clock and whether its sale order is uploaded (which moves no version) — the page reads those keys alone, and the
 * rows the memo does not hold by id.
 */
async function page(
  deps: Deps,
  actor: Actor,
  q: DashboardPagedQuery & { days?: number },
  filters: Filters,
): Promise<DashboardRecords> {
  const opts = optionsOf(deps, actor, q, filters);
  const scope = scopeOf(actor);
  const { now } = opts;
  const { since: _, ...kept } = filters;
  const result = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: totalKey('dashboard', q, { ...kept, companyId: scope.companyId, userId: scope.platform ? 0 : actor.userId }),
    now: now.getTime(),
    q: opts.q,
    page: (withTotal) => dashboardKeysPage(deps.db, opts, withTotal),
    countAll: () => countBids(deps.db, opts),
  });
  const keys = result.records.map((k) => ({ ...k, also: saleOrderPart(k.sale_order) }));
  const texts = await memoTexts(deps.recordMemo, {
    kind: 'dashboard',
    keys,
    viewOf: (k) => `${scope.platform ? 'platform' : sideOf(k, scope.companyId)}|${effectiveStatus(k, now)}`,
    read: (ids) => dashboardRows(deps.db, ids),
    stampOf: ({ bid, names }) => ({
      id: bid.id,
      version: bid.version,
      names,
      also: saleOrderPart(bid.sell_order_file_id !== null),
    }),
    render: (row) => toDashboardBid(row, scope, now),
  });
  // A record changes by time alone when its bid lapses (its status by the clock is in the key's view): the first of
  // the page's open bids to reach its validity.
  const lapses = keys.filter((k) => isBidLive(k, now));
  const until = Math.min(NEVER, ...lapses.map((k) => k.valid_until.getTime()));
  return { records: new JsonRecords<DashboardBid>(texts, until), totalRecords: result.totalRecords };
}

/** The part of a record's key its sale order makes (lib/record-memo.ts `RecordStamp.also`): uploaded or not. */
const saleOrderPart = (uploaded: boolean) => (uploaded ? 'sale order' : '');

type DashboardRecords = Omit<DashboardBidList, 'records'> & { records: Records<DashboardBid> };

const sinceDays = (deps: Deps, days: number | undefined) =>
  days ? new Date(deps.now().getTime() - days * DAY_MS) : undefined;

export const approvedBids = (deps: Deps, actor: Actor, q: DashboardApprovedBidsQuery & { days?: number }) =>
  page(deps, actor, q, { bid_status: 'Approved', since: sinceDays(deps, q.days), saleOrder: q.sell_order_generated });

export const openBids = (deps: Deps, actor: Actor, q: DashboardPagedQuery & { days?: number }) =>
  page(deps, actor, q, { open: true, since: sinceDays(deps, q.days) });

export const lapsedBids = (deps: Deps, actor: Actor, q: DashboardPagedQuery) =>
  page(deps, actor, q, { bid_status: 'Lapsed' });

/** The bids waiting for the caller's own tier at the distilleries mapped to them: getAllBids `awaiting_me`. */
export const pendingApprovals = (deps: Deps, actor: Actor, q: DashboardPagedQuery) =>
  page(deps, actor, q, { awaiting_me: true });

const holdsTier = (actor: Actor) => BID_TIERS.some((tier) => actor.roles.includes(TIER_LABELS[tier]));

/**
 * The cards' figures, each counted by the statement of the list the card opens. Kept a few seconds per caller in the
 * market cache, as the lists' totals are (`page`): every signed-in user lands here, and a company user's five counts
 * were most of the call. A write of this process or a market change of another forgets them.
 */
export async function figures(deps: Deps, actor: Actor): Promise<DashboardFigures> {
  const key = isSuperAdmin(actor) ? 'cards|platform' : `cards|${actor.userId}|${tradingSide(actor).companyId}`;
  return deps.marketCache.get(key, deps.now().getTime(), () => countFigures(deps, actor));
}

async function countFigures(deps: Deps, actor: Actor): Promise<DashboardFigures> {
  const db = deps.db;
  if (isSuperAdmin(actor)) {
    const companies = (status: string, type?: 'Buyer' | 'Seller') =>
      countCompanies(db, { page: 1, page_size: 10, sort_order: 'asc', sort_by: 'name', type, status: [status] });
    const [pending_count, approved_buyer_count, approved_seller_count] = await Promise.all([
      companies('Pending'),
      companies('Approved', 'Buyer'),
      companies('Approved', 'Seller'),
    ]);
    return { pending_count, approved_buyer_count, approved_seller_count };
  }
  const { companyId, side } = tradingSide(actor);
  const count = (filters: Filters) => countBids(db, optionsOf(deps, actor, {}, filters));
  const approved_orders = await count({ bid_status: 'Approved' });
  const sale_order_generated = await count({ bid_status: 'Approved', saleOrder: true });
  const bids_lapsed = await count({ bid_status: 'Lapsed' });
  const my_orders = await countOwnListings(db, { companyId, side });
  const my_pending_approvals = holdsTier(actor) ? await count({ awaiting_me: true }) : null;
  return { approved_orders, sale_order_generated, bids_lapsed, my_orders, my_pending_approvals };
}

/** The first instant of the IST day `days - 1` days before today's: a window of `days` whole IST days. */
export function commissionSince(now: Date, days: number): Date {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  return new Date(istMidnight - (Math.min(days, MAX_COMMISSION_DAYS) - 1) * DAY_MS);
}

/** Commission over time, kept a few seconds in the market cache like the market's other figures. */
export async function commission(deps: Deps, days: number): Promise<CommissionDay[]> {
  const now = deps.now();
  const since = commissionSince(now, days);
  return deps.marketCache.get(`commission|${since.toISOString()}`, now.getTime(), () =>
    commissionByDay(deps.db, since),
  );
}
