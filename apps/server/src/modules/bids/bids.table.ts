import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { files } from '../files/files.table.js';
import { listings } from '../listings/listings.table.js';
import { users } from '../users/users.table.js';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const litres = (name: string) => numeric(name, { precision: 14, scale: 1 });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });
/** An approval flag: null pending, true approved; never false (spec 001 §3). */
const flag = (name: string) => boolean(name);

/** The number part of `TR-YYYY-NNNNNN`: one sequence, so two approvals never share a reference. */
export const tradeReferenceSeq = pgSequence('trade_reference_seq', { startWith: 1, increment: 1 });

const BID_STATUS = ['New', 'OnGoing', 'Approved', 'Rejected', 'Lapsed'] as const;

/**
 * A bid joins one offer (the seller's listing) and one ask (the buyer's) (DESIGN.md §4 "Trading model"). The
 * companies and product are copied from the listings (they never change) so lists filter on indexed columns; who
 * may act is read from the listings' distilleries at the time of the action, and who is waiting (the lists' "waiting
 * for me") from the bid's copies of them, which are the same on a live bid.
 */
export const bids = pgTable(
  'bids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => listings.id),
    ask_id: integer('ask_id')
      .notNull()
      .references(() => listings.id),
    seller_company_id: integer('seller_company_id')
      .notNull()
      .references(() => companies.id),
    buyer_company_id: integer('buyer_company_id')
      .notNull()
      .references(() => companies.id),
    // The listings' distilleries, copied when the bid is placed (filled from the listings by the `bids_listing_terms`
    // trigger when an insert leaves them out): whose chains act on it. A listing's distillery is one of its terms,
    // fixed while a live bid is on it (listings.service.ts `update`), so on every live bid the copy is the listing's.
    seller_distillery_id: integer('seller_distillery_id').notNull(),
    buyer_distillery_id: integer('buyer_distillery_id').notNull(),
    // The listings' states, copied likewise (the `bids_listing_terms` trigger fills them when an insert leaves them
    // out): a listing's state is a term too, so on a live bid the copy is the listing's; a trade keeps the states it
    // was made between. The lists and dashboards show and filter by them without reading either listing.
    seller_state: text('seller_state').notNull(),
    buyer_state: text('buyer_state').notNull(),
    product: text('product').notNull(),
    placed_by: text('placed_by', { enum: ['Buyer', 'Seller'] }).notNull(),
    quantity: litres('quantity').notNull(),
    price: money('price').notNull(),
    valid_until: timestamp('valid_until', { withTimezone: true }).notNull(),
    export_pass_fee: money('export_pass_fee'),
    sales_tax: percent('sales_tax'),
    import_pass_fee: money('import_pass_fee'),
    transit_permit_fee: money('transit_permit_fee'),
    escort_fee: money('escort_fee'),
    corporation_fee: money('corporation_fee'),
    misc_handling: money('misc_handling'),
    transportation: money('transportation'),
    /** The comment of the current terms (a rejection's comment is in the history). */
    comment: text('comment').notNull().default(''),
    /** Hidden from market lists, the ticker and statistics (Premium Client companies only); fixed at placement. */
    is_confidential: boolean('is_confidential').notNull().default(false),
    is_negotiator_buyer_approved: flag('is_negotiator_buyer_approved'),
    is_authenticator_buyer_approved: flag('is_authenticator_buyer_approved'),
    is_approver_buyer_approved: flag('is_approver_buyer_approved'),
    is_negotiator_seller_approved: flag('is_negotiator_seller_approved'),
    is_authenticator_seller_approved: flag('is_authenticator_seller_approved'),
    is_approver_seller_approved: flag('is_approver_seller_approved'),
    locked: boolean('locked').notNull().default(false),
    status: text('status', { enum: BID_STATUS }).notNull().default('New'),
    /** Raised by every transition; an action naming another version is refused (`bid.stale`). */
    version: integer('version').notNull().default(1),
    trade_reference: text('trade_reference'),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    // Each side's service fee rate, copied at the final approval (DESIGN.md §4 "Service fees").
    buyer_commission_amount: money('buyer_commission_amount'),
    buyer_state_gst: percent('buyer_state_gst'),
    buyer_central_gst: percent('buyer_central_gst'),
    seller_commission_amount: money('seller_commission_amount'),
    seller_state_gst: percent('seller_state_gst'),
    seller_central_gst: percent('seller_central_gst'),
    /**
     * The seller's sale order of an approved trade (a `sale_order` file of the seller company). A replacement points
     * here anew and keeps the earlier file; the audit entry names both.
     */
    sell_order_file_id: uuid('sell_order_file_id').references(() => files.id),
    created_by: integer('created_by').references(() => users.id),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bids_quantity_check', sql`${t.quantity} > 0`),
    check('bids_price_check', sql`${t.price} > 0`),
    check('bids_companies_check', sql`${t.buyer_company_id} <> ${t.seller_company_id}`),
    check(
      'bids_flags_check',
      sql`coalesce(${t.is_negotiator_buyer_approved}, true) and coalesce(${t.is_authenticator_buyer_approved}, true)
        and coalesce(${t.is_approver_buyer_approved}, true) and coalesce(${t.is_negotiator_seller_approved}, true)
        and coalesce(${t.is_authenticator_seller_approved}, true) and coalesce(${t.is_approver_seller_approved}, true)`,
    ),
    check('bids_trade_reference_check', sql`(${t.status} = 'Approved') = (${t.trade_reference} is not null)`),
    uniqueIndex('bids_trade_reference_idx').on(t.trade_reference),
    // One open bid per pair of listings: a second placement races into this index instead of doubling the bid.
    uniqueIndex('bids_open_pair_idx')
      .on(t.offer_id, t.ask_id)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    // The caller's open bid on each listing of a market page (listings.market.repository.ts `callerOpenBidId`): the
    // listing and the caller's company both in the index, so a listing with someone else's open bid is not read from
    // the table to be refused (a market page 72 -> 62 buffers, its database time a call down a third).
    index('bids_open_offer_buyer_idx')
      .on(t.offer_id, t.buyer_company_id)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    index('bids_open_ask_seller_idx')
      .on(t.ask_id, t.seller_company_id)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    // A listing's bids (Placed Bids tab, open-bid counts), newest change first.
    index('bids_offer_idx').on(t.offer_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bids_ask_idx').on(t.ask_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A company's bids (My Bids, pending approvals), newest change first.
    index('bids_buyer_company_idx').on(t.buyer_company_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bids_seller_company_idx').on(
      t.seller_company_id,
      t.updated_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // By status across the market (approved trades), newest change first. The approval time is in the index so the
    // platform's trades of a day window are counted from the index alone (issue 23 "Budgets").
    index('bids_status_idx').on(t.status, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst(), t.approved_at),
    // A company's bids of one status (My Bids by status, approved trades), newest change first: each side apart,
    // as the lists read them (bids.lists.shape.ts `bidParts`).
    index('bids_buyer_status_idx').on(
      t.buyer_company_id,
      t.status,
      t.updated_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bids_seller_status_idx').on(
      t.seller_company_id,
      t.status,
      t.updated_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Approved trades by approval time, each side's and the platform's (My Service Fee, the fee list: issue 22's
    // budget): the page stops after its rows in index order.
    index('bids_seller_approved_idx')
      .on(t.seller_company_id, t.approved_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'Approved'`),
    index('bids_buyer_approved_idx')
      .on(t.buyer_company_id, t.approved_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'Approved'`),
    index('bids_approved_idx')
      .on(t.approved_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'Approved'`),
    // A company's live bids (the pending tabs, refreshed every 15 s by every approver, the menu's badge, the
    // dashboard's open bids): open and still valid, newest change first. The validity is in the index so the planner
    // does not pair the company with the market-wide validity index (it takes "open" and "still valid" as
    // independent and badly underestimates their overlap), and after the order, so a page walks the company's open
    // bids in its order and stops after its rows instead of sorting them all (migration 0034).
    index('bids_buyer_live_idx')
      .on(t.buyer_company_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst(), t.valid_until)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    index('bids_seller_live_idx')
      .on(t.seller_company_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst(), t.valid_until)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    // The market's current bids: open, non-confidential, newest change first.
    index('bids_market_idx')
      .on(t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('New', 'OnGoing') and not ${t.is_confidential}`),
    // The platform's open bids (the SuperAdmin's dashboard), newest change first, confidential ones included; with
    // the validity and the (null) approval time, so their count in a day window is read from the index alone.
    index('bids_open_changed_idx')
      .on(t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst(), t.valid_until, t.approved_at)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    // The lapse sweep: open bids by validity.
    index('bids_open_valid_until_idx')
      .on(t.valid_until)
      .where(sql`${t.status} in ('New', 'OnGoing')`),
    // Market statistics and the last traded price: a product's non-confidential bids, newest change first.
    index('bids_product_recent_idx')
      .on(t.product, t.updated_at.desc().nullsFirst())
      .where(sql`not ${t.is_confidential}`),
    // Whose sale order a file is (getFile for the trade's buyer): the few bids that have one.
    index('bids_sell_order_idx')
      .on(t.sell_order_file_id)
      .where(sql`${t.sell_order_file_id} is not null`),
    // The last traded price of a product: its newest approved, non-confidential trade, one index entry away.
    index('bids_product_traded_idx')
      .on(t.product, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'Approved' and not ${t.is_confidential}`),
    // The trend (issue 23): the market's non-confidential trades of a date range (its window's partial days). The
    // funnel reads its daily summary (analysis.table.ts), no longer an index of every bid (migration 0030).
    index('bids_traded_at_idx')
      .on(t.approved_at, t.product, t.quantity, t.price)
      .where(sql`${t.status} = 'Approved' and not ${t.is_confidential}`),
  ],
);

/**
 * A bid's negotiation history (DESIGN.md §4): one entry per transition. Product, state and confidentiality are
 * copied so the market ticker reads one index.
 */
export const bidHistory = pgTable(
  'bid_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    company_type: text('company_type', { enum: ['Buyer', 'Seller'] }).notNull(),
    /** Who acted; null for the clock (a lapse). */
    user_id: integer('user_id').references(() => users.id),
    role: text('role', { enum: ['Negotiator', 'Authorizer', 'Approver'] }),
    quantity: litres('quantity').notNull(),
    price: money('price').notNull(),
    valid_until: timestamp('valid_until', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    comment: text('comment'),
    product: text('product').notNull(),
    /** The acting side's listing's state. */
    state: text('state').notNull(),
    is_confidential: boolean('is_confidential').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bid_history_bid_idx').on(t.bid_id, t.id),
    // The ticker: a product's newest non-confidential entries of the ticker's statuses (a literal in the statement,
    // bids.market.repository.ts tickerQuery), and the whole market's. Both hold the same entries, so a plan made
    // without the product never walks the market's newest for one product's.
    index('bid_history_ticker_idx')
      .on(t.product, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.is_confidential} and ${t.status} in ('New', 'OnGoing', 'Accepted')`),
    index('bid_history_ticker_recent_idx')
      .on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.is_confidential} and ${t.status} in ('New', 'OnGoing', 'Accepted')`),
  ],
);
