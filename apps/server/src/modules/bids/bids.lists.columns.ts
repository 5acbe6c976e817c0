// The columns the bid lists select (bids.lists.repository.ts, bids.kept.repository.ts): what each kind of row shows
// of a bid, the nulls of what a list does not read, and how a listing's bids and a rated row read theirs.
import { FEE_FIELDS, type FeeField } from '@spirit/domain/listings/listings.constants';
import { FLAG_KEYS } from '@spirit/domain/bids/bids.constants';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BidRow } from './bids.repository.js';
import { shownName } from '../companies/companies.table.js';
import { listings } from '../listings/listings.table.js';
import { currentRatingsEpoch } from '../ratings/ratings.table.js';
import { buyer, counterpartyDistillery, offer, seller } from './bids.sql.js';
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

/** Whether the listing `$listing` is the caller's company's (`$company`): an uncorrelated probe, run once. */
export const listingOwn = sql<boolean>`exists (select 1 from ${listings} lo
  where lo.id = ${sql.placeholder('listing')} and lo.company_id = ${sql.placeholder('company')})`;

/**
 * A listing's bids (`shape.listing`) share one of their two listings, `$listing`: it is read once (uncorrelated
 * subqueries, run once a statement) and only each row's other listing is joined — at market scale a page of ten read
 * the same listing ten times (40 of its 183 buffers).
 */
export const other = alias(listings, 'other');
export const LISTING = sql.placeholder('listing');
const fixedListing = (column: 'available_quantity' | 'price') =>
  sql`(select l.${sql.identifier(column)} from ${listings} l where l.id = ${LISTING})`;
const onListing = (side: 'offer_id' | 'ask_id', column: 'available_quantity' | 'price') =>
  sql<string | null>`(case when ${bids[side]} = ${LISTING} then ${fixedListing(column)} else ${other[column]} end)`;
export const listingPair = {
  offer: { available_quantity: onListing('offer_id', 'available_quantity'), price: onListing('offer_id', 'price') },
  ask: { available_quantity: onListing('ask_id', 'available_quantity'), price: onListing('ask_id', 'price') },
};

/**
 * The distillery whose ratings a row shows, the caller's counterparty's, and the ratings epoch: the ratings come from
 * the ratings memo at that epoch (ratings/rating-memo.ts) — probing both rating indexes a row was 60 of a listing's
 * page's 151 buffers.
 */
export const ratedColumns = { rated_distillery: counterpartyDistillery, ratings: currentRatingsEpoch };

/**
 * What a live list's record is made of besides the bid at its version and whose view it is (bids.read.ts
 * `liveList`): the bid's status and validity (its status by the clock) and parties; with the listings' live
 * quantities and prices, the names and ratings epochs and the priced rows' `offerFees`, what a record reads from
 * elsewhere than the bid row, which no version of the bid follows.
 */
export const liveKeyColumns = {
  id: bids.id,
  version: bids.version,
  status: bids.status,
  valid_until: bids.valid_until,
  buyer_company_id: bids.buyer_company_id,
  seller_company_id: bids.seller_company_id,
};
/** The offer's two fees a priced row's landed price reads (`pricingColumns`), in a live list's keys. */
export const offerFees = { offer_sales_tax: offer.sales_tax, offer_export_pass_fee: offer.export_pass_fee };
