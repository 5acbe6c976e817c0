// The columns the bid lists select (bids.lists.repository.ts, bids.kept.repository.ts): what each kind of row shows
// of a bid, and the nulls of what a list does not read.
import { FEE_FIELDS, type FeeField } from '@spirit/domain/listings/listings.constants';
import { FLAG_KEYS } from '@spirit/domain/bids/bids.constants';
import { sql } from 'drizzle-orm';
import type { BidRow } from './bids.repository.js';
import { shownName } from '../companies/companies.table.js';
import { buyer, offer, seller } from './bids.sql.js';
import { bids } from './bids.table.js';

/**
 * What a dashboard's row shows of a bid (dashboards.service.ts `toDashboardBid`): a list record's columns but its
 * version, confidentiality, who placed it and when it last changed.
 */
export const DASHBOARD_COLUMNS = [
  'id',
  'status',
  'locked',
  'valid_until',
  'product',
  'quantity',
  'price',
  'offer_id',
  'ask_id',
  'trade_reference',
  'created_at',
  'buyer_company_id',
  'seller_company_id',
  'sell_order_file_id',
  ...FLAG_KEYS,
] as const satisfies readonly (keyof BidRow)[];
export type DashboardListBid = Pick<BidRow, (typeof DASHBOARD_COLUMNS)[number]>;

/**
 * The columns of a bid a list shows (bids.view.ts `toListRecord`): not the fees, GST figures and comments, which
 * only its detail shows — half the columns, and reading each row's columns is most of a page's cost on PGlite.
 */
export const LIST_COLUMNS = [
  ...DASHBOARD_COLUMNS,
  'version',
  'is_confidential',
  'placed_by',
  'updated_at',
] as const satisfies readonly (keyof BidRow)[];
export type BidListBid = Pick<BidRow, (typeof LIST_COLUMNS)[number]>;

/** The bid columns named, keyed by name, as a select's nested object. */
const bidColumns = <K extends keyof BidRow & keyof typeof bids>(names: readonly K[]) =>
  Object.fromEntries(names.map((c) => [c, bids[c]])) as { [C in K]: (typeof bids)[C] };
export const bidListColumns = bidColumns(LIST_COLUMNS);
export const dashboardColumns = bidColumns(DASHBOARD_COLUMNS);

/** What a bid's landed price reads (`bidLandedPrice`): its price and fees, and the offer listing's two fees. */
export const pricingColumns = {
  ...(Object.fromEntries(FEE_FIELDS.map((f) => [f, bids[f]])) as { [F in FeeField]: (typeof bids)[F] }),
  offer_sales_tax: offer.sales_tax,
  offer_export_pass_fee: offer.export_pass_fee,
};
export type BidPricing = { [K in keyof typeof pricingColumns]: string | null };

/** The listings' live figures of a list that shows none (`pairFields` without the listings): nulls. */
export const noListingFigures = {
  offer_available: sql<string | null>`null::numeric`,
  ask_available: sql<string | null>`null::numeric`,
  offer_price: sql<string | null>`null::numeric`,
  ask_price: sql<string | null>`null::numeric`,
};

/**
 * A tracked trade's row (Approved Bids), without its parties' names (a list takes them from the names memo,
 * companies/company-names.ts): the bid's own states and no listing, no ratings — two listing probes and three
 * rating probes a row fewer; what it does not read is null.
 */
export const trackedUnnamed = {
  bid: bidListColumns,
  offer_state: bids.seller_state,
  ask_state: bids.buyer_state,
  ...noListingFigures,
};

/** A tracked trade's row with its parties' names (the rows of records kept in the memo, bids.kept.repository.ts). */
export const trackedColumns = { ...trackedUnnamed, buyer_name: shownName(buyer), seller_name: shownName(seller) };
