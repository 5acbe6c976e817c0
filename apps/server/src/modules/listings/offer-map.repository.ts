// The offer map's figures (issue 23 part 4): a listing's possible counterparties summed per state and per the
// caller's source for their distilleries, in one statement. The counterparties are first summed per distillery (the
// source and ratings belong to a distillery, so their subqueries run once per distillery, not per listing), then
// per state and source. No row is loaded into the process to be summed.
import type { ListingSide } from '@spirit/domain/listings/listings.constants';
import { count, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, statement } from '../../db/statements.js';
import { industryRatingText, yourReviewText } from '../ratings/ratings.repository.js';
import { possibleValues, possibleWhere } from './listings.possible.repository.js';
import type { ListingRow } from './listings.repository.js';
import { listings } from './listings.table.js';

/** The side of the caller's listing: a buyer's best offer is the lowest price, a seller's best ask the highest. */
export type OfferMapShape = { mine: ListingSide };

/** The statement of `offerMapRecords`. Values: side, product, from_period, to_period, company, period. */
export function offerMapQuery(tx: Tx, shape: OfferMapShape) {
  const best = shape.mine === 'Ask' ? sql`min(${listings.price})` : sql`max(${listings.price})`;
  // The caller's review (one probe: stars' digit, then source) and the industry rating, read per distillery inside
  // the grouping: from a subquery over it, each column made of the review was planned as a probe of its own.
  const distillery = sql`${listings.distillery_id}`;
  const company = sql.placeholder('company');
  const perDistillery = tx
    .select({
      state: sql<string>`${listings.state}`.as('state'),
      quantity: sql<string>`sum(${listings.available_quantity})`.as('quantity'),
      price: sql<string>`${best}`.as('price'),
      n: count().as('n'),
      review: sql<string | null>`${yourReviewText(distillery, company)}`.as('review'),
      industry_rating: sql<string | null>`${industryRatingText(distillery)}::numeric`.as('industry_rating'),
    })
    .from(listings)
    .where(possibleWhere())
    .groupBy(listings.distillery_id, listings.state)
    .as('cp');
  const rated = tx
    .select({
      state: perDistillery.state,
      quantity: perDistillery.quantity,
      price: perDistillery.price,
      n: perDistillery.n,
      source: sql<string>`coalesce(substr(${perDistillery.review}, 2), 'New')`.as('source'),
      your_rating: sql<number | null>`left(${perDistillery.review}, 1)::int`.as('your_rating'),
      industry_rating: perDistillery.industry_rating,
    })
    .from(perDistillery)
    .as('rated');
  const bestOfGroup = shape.mine === 'Ask' ? sql`min(${rated.price})` : sql`max(${rated.price})`;
  return tx
    .select({
      state: rated.state,
      source: rated.source,
      available_quantity: sql<string>`sum(${rated.quantity})::text`,
      offer_price: sql<string>`(${bestOfGroup})::text`,
      your_rating: sql<string | null>`round(avg(${rated.your_rating}), 1)::text`,
      industry_rating: sql<string | null>`round(avg(${rated.industry_rating}), 1)::text`,
      listings: sql<number>`sum(${rated.n})::int`,
      distilleries: sql<number>`count(*)::int`,
    })
    .from(rated)
    .groupBy(rated.state, rated.source)
    .orderBy(rated.state, rated.source);
}

const offerMapStatement = statement(offerMapQuery, alwaysGeneric);

/** The map's records of `mine`'s counterparties: at most one per state and source. */
export async function offerMapRecords(tx: Tx, mine: ListingRow, period: string) {
  return offerMapStatement(tx, { mine: mine.side }).execute(possibleValues(mine, period));
}
