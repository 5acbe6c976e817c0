// The columns the bid lists select (bids.lists.repository.ts, bids.kept.repository.ts): what each kind of row shows
// of a bid, the nulls of what a list does not read, how a listing's bids and a rated row read theirs, and what a list
// of a shape selects (`listSelect`).
import { FEE_FIELDS, type FeeField } from '@spirit/domain/listings/listings.constants';
import { FLAG_KEYS } from '@spirit/domain/bids/bids.constants';
import { Column, SQL, getTableName, is, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { BidRow } from './bids.repository.js';
import { shownName } from '../companies/companies.table.js';
import { listings } from '../listings/listings.table.js';
import { currentRatingsEpoch } from '../ratings/ratings.table.js';
import { currentNamesEpoch } from '../companies/names-epoch.table.js';
import { ask, buyer, counterpartyDistillery, offer, seller } from './bids.sql.js';
import { byChange, partsWalk, type BidListShape, type Part } from './bids.lists.shape.js';
import { pairFields } from './bids.view.js';
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

/** Whether a column is the bids table's own (not a listing's, a company's or an alias's). */
const ofBids = (column: Column) => getTableName(column.table) === getTableName(bids);

/**
 * `columns` with the bids' own written as SQL: a walked page's bids stand under the table's name (`pageQuery`), which
 * Drizzle does not see as the table, so it would refuse its columns; each still decodes as its column.
 */
export function walkedColumns<C extends SelectedFields>(columns: C): C {
  const walked = (value: unknown): unknown => {
    if (is(value, Column)) return ofBids(value) ? sql`${value}`.mapWith(value) : value;
    if (value === null || typeof value !== 'object' || is(value, SQL) || is(value, SQL.Aliased)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, walked(v)]));
  };
  return walked(columns) as C;
}

/**
 * A walked page's source (bids.lists.repository.ts `pageQuery`): each part's first `$upto` bids in `order`, merged,
 * under the table's name, carrying the bid columns the page reads — those of `columns`, of `joins`, the parties' when
 * it joins their companies (`named`) and the order's — not whole rows (558 bytes wide, each copied through the merge;
 * Approved Bids' keys read five columns of them).
 */
export function walkSource(
  parts: Part[],
  order: 'asc' | 'desc',
  columns: SelectedFields,
  joins: Column[],
  named: boolean,
) {
  const parties = named ? [bids.buyer_company_id, bids.seller_company_id] : [];
  return sql`(${partsWalk(parts, order, bidColumnsIn(columns, joins, parties, byChange(order)))}) as ${bids}`;
}

/** The bid columns `values` read — columns, and those inside SQL and aliased SQL, through objects and arrays. */
function bidColumnsIn(...values: unknown[]): SQL {
  const found = new Map<string, Column>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    if (is(value, Column)) {
      if (ofBids(value)) found.set(value.name, value);
    } else if (is(value, SQL)) value.queryChunks.forEach(visit);
    else if (is(value, SQL.Aliased)) visit(value.sql);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (Object.getPrototypeOf(value) === Object.prototype) Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return sql.join(
    [...found.values()].map((column) => sql`${column}`),
    sql`, `,
  );
}

/**
 * What a list of `shape` selects with `bid` for the bid's own columns, and how it joins the listings: a tracked list
 * reads none, a listing's bids that listing once and each row's other one (`listingPair`; an awaiting list of a
 * listing joins both, for the terms), any other list both. The parties' names are not joined: the page reads the
 * names epoch, and the service takes the names from the process's memo (companies/company-names.ts) — two company
 * probes a row fewer.
 */
export function listSelect<B extends SelectedFields, T extends SelectedFields = typeof pricingColumns>(
  shape: BidListShape,
  bid: B,
  terms: T = pricingColumns as unknown as T,
) {
  const extras = {
    // The few rows waiting for the caller are priced at their terms; the long lists skip the fee columns.
    ...(shape.awaiting !== 'no' ? { terms } : {}),
    // Whether the listing is the caller's company's: a listing's own list answers only its owner (bids.read.ts),
    // asked here so the page needs no lookup of its own (an uncorrelated probe, run once).
    ...(shape.listing ? { listing_own: listingOwn } : {}),
  };
  const once = shape.listing && shape.awaiting === 'no';
  const columns = shape.tracked
    ? { ...trackedUnnamed, names: currentNamesEpoch, ...extras }
    : {
        bid,
        ...(once ? pairFields(bids, listingPair.offer, listingPair.ask) : pairFields(bids, offer, ask)),
        ...ratedColumns,
        names: currentNamesEpoch,
        ...extras,
      };
  // The awaiting rows' terms read the offer: a tracked list is never awaiting (its status is Approved).
  const listings = once ? ('other' as const) : !shape.tracked || shape.awaiting !== 'no';
  return { columns, listings };
}
