// The SQL pieces the bid repositories share: the open statuses and what "live" means before the sweep, a bid's two
// listings and two companies under the names the statements give them, a company's shown name, and a listing as a
// bid shows it.
import { getTableColumns, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companies, shownName } from '../companies/companies.table.js';
import type { distilleries } from '../distilleries/distilleries.table.js';
import { listings } from '../listings/listings.table.js';
import { bids } from './bids.table.js';

export const OPEN = sql`('New', 'OnGoing')`;

export const offer = alias(listings, 'offer');
export const ask = alias(listings, 'ask');
export const buyer = alias(companies, 'buyer');
export const seller = alias(companies, 'seller');

export const NOW = sql.placeholder('now');

/**
 * Open and still valid (at `$now` in a list): what "New" and "OnGoing" mean to a reader before the sweep. `bid` is
 * the bids table or an alias of it.
 */
export const liveWhere = (
  now: Placeholder | string = NOW,
  bid: { status: SQLWrapper; valid_until: SQLWrapper } = bids,
) => sql`(${bid.status} in ${OPEN} and ${bid.valid_until} > ${now})`;

/**
 * The caller's (`$company`) counterparty distillery, for ratings: the other company's listing's distillery, as the
 * bid's own copy of it (migration 0035), so no listing is read for it.
 */
export const counterpartyDistillery = sql<number>`(case when ${bids.buyer_company_id} = ${sql.placeholder('company')}
  then ${bids.seller_distillery_id} else ${bids.buyer_distillery_id} end)`;

/**
 * A bid listing's columns with its distillery and company (`bidListings`: typed as the tables, an alias would render
 * its own name and its values are the table's).
 */
export function listingView(l: unknown, d: unknown, c: unknown) {
  const [listing, distillery, company] = [l, d, c] as [typeof listings, typeof distilleries, typeof companies];
  return {
    ...getTableColumns(listing),
    distillery_name: distillery.name,
    company_name: shownName(company),
    company_is_premium: company.is_bid_confidential,
    company_approved: sql<boolean>`${company.status} = 'Approved'`,
  };
}
