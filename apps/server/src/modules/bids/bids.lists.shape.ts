// A bid list's shape turned into SQL: which bids (the parts a list reads, with their filters), how many (capped),
// and the ids of a page. bids.lists.repository.ts selects a page's columns around them and fills the placeholders.
import type { BidStatus, BidTier } from '@spirit/domain/bids/bids.constants';
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchAnyPlaceholder } from '../../db/statements.js';
import { companies, shownName } from '../companies/companies.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { liveWhere, NOW, OPEN } from './bids.sql.js';
import { bids } from './bids.table.js';

/** A company's shown name by id, as a scalar subquery (one primary-key lookup per candidate row). */
const companyName = (id: SQLWrapper) =>
  sql`(select ${shownName(companies)} from ${companies} where ${companies.id} = ${id})`;

/**
 * The effective status `$status`: an open bid past `valid_until` reads Lapsed. Three texts, as the status asks:
 * Lapsed (stored or past due), an open status (and still valid), a closed one (as stored).
 */
export type StatusFilter = 'none' | 'lapsed' | 'live' | 'closed';
export const statusFilter = (status: BidStatus | undefined): StatusFilter =>
  !status ? 'none' : status === 'Lapsed' ? 'lapsed' : status === 'New' || status === 'OnGoing' ? 'live' : 'closed';

/**
 * The status filter as alternatives that exclude each other, each a part of its own. Lapsed is two: stored Lapsed
 * (the sweep's), and open but past due (before the sweep). As one `or` no index serves it in the page's order: a
 * company's lapsed page read every bid of the company's recent ones, lapsed or not, from the table (on the bench's
 * market 177 rows for 10). Apart, the first walks the company's status index, the second its live index, each in
 * order and from the index alone.
 */
function statusWheres(filter: StatusFilter): (SQL | undefined)[] {
  if (filter === 'lapsed')
    return [sql`${bids.status} = 'Lapsed'`, sql`(${bids.status} in ${OPEN} and ${bids.valid_until} <= ${NOW})`];
  if (filter === 'live') return [and(eq(bids.status, sql.placeholder('status')), liveWhere())!];
  if (filter === 'closed') return [eq(bids.status, sql.placeholder('status'))];
  return [undefined];
}

type BidSideName = 'buyer' | 'seller';

/**
 * The distilleries at which the user `$user` holds `tier` by their mapping, as an array: uncorrelated, so it runs once
 * per statement (an InitPlan) instead of a mapping lookup per candidate bid.
 */
const mappedAs = (tier: BidTier) =>
  sql`array(select md.distillery_id from ${mappingDistilleries} md join ${mappings} m on m.id = md.mapping_id
    where m.${sql.raw(`${tier}_id`)} = ${sql.placeholder('user')})`;

/**
 * Bids of the company `$company` on `sides` waiting for the user `$user`'s tier on the company's side: its Negotiator
 * while the terms are open and its flag is null, its Authorizer then its Approver on a locked deal (the state
 * machine's `whoseTurn`), at a distillery where the caller holds that tier: the bid's own copy of its listing's
 * distillery (migration 0035), so nothing but the bid is read. `scoped`: the part already keeps the company on its
 * one side.
 */
function awaitingWhere(sides: BidSideName[], only: BidTier | undefined, scoped: boolean): SQL {
  const company = sql.placeholder('company');
  const side = (b: BidSideName) => {
    const distillery = b === 'buyer' ? bids.buyer_distillery_id : bids.seller_distillery_id;
    const f = (tier: string) => sql.raw(`"bids"."is_${tier}_${b}_approved"`);
    const turns: Record<BidTier, SQL> = {
      negotiator: sql`(not ${bids.locked} and ${f('negotiator')} is null)`,
      authorizer: sql`(${bids.locked} and ${f('authenticator')} is null)`,
      approver: sql`(${bids.locked} and ${f('authenticator')} and ${f('approver')} is null)`,
    };
    // `only` narrows to one tier: a user may hold different tiers on different distilleries.
    const tiers = only ? [only] : (Object.keys(turns) as BidTier[]);
    const anyTurn = sql.join(
      tiers.map((t) => turns[t]),
      sql` or `,
    );
    // The turns exclude each other, so the case picks the one tier's distilleries.
    const mapped = sql.join(
      tiers.map((t) => sql`when ${turns[t]} then ${mappedAs(t)}`),
      sql` `,
    );
    const party = b === 'buyer' ? bids.buyer_company_id : bids.seller_company_id;
    return sql`(${scoped ? sql`` : sql`${party} = ${company} and `}(${anyTurn})
      and ${distillery} = any(case ${mapped} end))`;
  };
  return sql`(${sql.join(sides.map(side), sql` or `)})`;
}

/** Bid lists count at most this many bids: the market's and a status's lists run to hundreds of thousands. */
export const BID_COUNT_CAP = 10_000;

/**
 * What changes a list's SQL text, never a value: the market's list or the company's own, which filters are present
 * (the status as one of `statusWheres`' texts, the awaited tier), and whether the page carries its total.
 */
export type BidListShape = {
  market: boolean;
  platform: boolean;
  /** The direction of the last-change order. */
  order: 'asc' | 'desc';
  listing: boolean;
  status: StatusFilter;
  awaiting: 'no' | 'any' | BidTier;
  spirits: boolean;
  states: boolean;
  search: boolean;
  /** The search also reads both companies' names: Approved trades only, whose parties see each other's names. */
  tradeNames: boolean;
  total: boolean;
  /**
   * The tracked trades (Approved Bids): no rating of each row's counterparty distillery and no listing's live figures
   * (the dashboards show neither either).
   */
  tracked: boolean;
  /** The dashboard's filters (BidListOptions `open`, `since`, `saleOrder`). */
  open: boolean;
  since: boolean;
  saleOrder: boolean;
};

/**
 * What a list selects from: the bids matching `where`. Every filter reads the bid alone: its listings' states are
 * its own copies (migration 0036), so the state filter and the search join no listing to each candidate bid.
 */
function matching(where: SQL | undefined, columns: SQL) {
  return sql`select ${columns} from ${bids}${where ? sql` where ${where}` : sql``}`;
}

/**
 * A list's rows in two parts. The company's own lists ("mine") read each side apart — the bids where it buys, then
 * those where it sells, each walking its own company index in the page's order and stopping after the page, merged
 * with UNION ALL — because `buyer = X or seller = X` cannot walk either index in order and would read (or sort)
 * every matching bid of the company, or walk the status index through the whole market. The market's list walks
 * its own partial index of open, non-confidential bids.
 */
export type Part = { where: SQL | undefined };

export function bidParts(shape: BidListShape): Part[] {
  const statuses = statusWheres(shape.status);
  // Each part once per status alternative: they exclude each other, so no bid is in two parts.
  return baseParts(shape).flatMap((p) => statuses.map((status) => ({ where: and(status, p.where) })));
}

/** The parts before the status filter, which `bidParts` adds. */
function baseParts(shape: BidListShape): Part[] {
  const ph = sql.placeholder;
  const company = ph('company');
  // Waiting for the caller on `sides`: the company's own lists test each part's side only.
  const awaiting = (sides: BidSideName[], scoped = false) =>
    shape.awaiting !== 'no'
      ? and(liveWhere(), awaitingWhere(sides, shape.awaiting === 'any' ? undefined : shape.awaiting, scoped))
      : undefined;
  const shared = and(
    // `= any` of an array: one text whatever the number of values.
    shape.spirits ? sql`${bids.product} = any(${ph('spirits')})` : undefined,
    shape.states
      ? sql`(${bids.seller_state} = any(${ph('states')}) or ${bids.buyer_state} = any(${ph('states')}))`
      : undefined,
    shape.search
      ? searchAnyPlaceholder([
          bids.product,
          bids.seller_state,
          bids.buyer_state,
          sql`coalesce(${bids.trade_reference}, '')`,
          ...(shape.tradeNames ? [companyName(bids.buyer_company_id), companyName(bids.seller_company_id)] : []),
        ])
      : undefined,
    shape.open ? liveWhere() : undefined,
    // The last change bounds the walk along the indexes; an approved trade counts from its approval.
    shape.since
      ? sql`(${bids.updated_at} >= ${ph('since')} and coalesce(${bids.approved_at}, ${bids.updated_at}) >= ${ph('since')})`
      : undefined,
    shape.saleOrder ? sql`${bids.sell_order_file_id} is not null` : undefined,
  );
  if (shape.market)
    return [{ where: and(liveWhere(), sql`not ${bids.is_confidential}`, shared, awaiting(['buyer', 'seller'])) }];
  // The platform's approved trades walk the status index (bids_status_idx) in the page's order.
  if (shape.platform) return [{ where: and(shared, awaiting(['buyer', 'seller'])) }];
  if (shape.listing) {
    // A listing's bids with the company as a party: the bids on it as an offer, then as an ask, each walking that
    // side's listing index (bids_offer_idx, bids_ask_idx) in the page's order — one of the two finds nothing. As
    // `offer_id = L or ask_id = L` beside the company's two parts, no plan made without the values could tell the
    // listing's few bids from the company's thousands, so the statement was planned with its values on every call
    // (1–3 ms on the bench's market, against 0.1–0.4 ms to run).
    const party = or(eq(bids.buyer_company_id, company), eq(bids.seller_company_id, company));
    return [
      { where: and(eq(bids.offer_id, ph('listing')), party, shared, awaiting(['buyer', 'seller'])) },
      { where: and(eq(bids.ask_id, ph('listing')), party, shared, awaiting(['buyer', 'seller'])) },
    ];
  }
  return [
    // A company never trades with itself (`bids_companies_check`), so the parts never share a bid. Saying so again
    // here (buyer <> company) made each count of the selling side read every bid row instead of the index alone.
    { where: and(eq(bids.buyer_company_id, company), shared, awaiting(['buyer'], true)) },
    { where: and(eq(bids.seller_company_id, company), shared, awaiting(['seller'], true)) },
  ];
}

/** The number of bids in `parts`, up to `cap`, as one scalar subquery. */
export function cappedBidCount(parts: Part[], cap = BID_COUNT_CAP) {
  const union = sql.join(
    parts.map((p) => sql`(${matching(p.where, sql`1`)})`),
    sql` union all `,
  );
  return sql<number>`(select count(*) from (${union} limit ${cap}) as capped)::int`.mapWith(Number);
}

/** Last change first (`desc`, every list's own order) or last (`asc`): either way along the indexes. */
export const byChange = (order: 'asc' | 'desc') =>
  sql`${bids.updated_at} ${sql.raw(order)}, ${bids.id} ${sql.raw(order)}`;

/**
 * Each part's first `$upto` bids in order with `columns` (which include `updated_at` and `id`), merged with UNION
 * ALL: the page is cut from them in the same order.
 */
export function partsWalk(parts: Part[], order: 'asc' | 'desc', columns: SQL) {
  return sql.join(
    parts.map((p) => sql`(${matching(p.where, columns)} order by ${byChange(order)} limit ${sql.placeholder('upto')})`),
    sql` union all `,
  );
}

/** The ids of the page: each part's first `$upto` bids in order, merged, then the page cut from them. */
export function pageIds(parts: Part[], order: 'asc' | 'desc') {
  const [limit, offset] = [sql.placeholder('limit'), sql.placeholder('offset')];
  const cols = sql`${bids.id}, ${bids.updated_at}`;
  if (parts.length === 1) {
    return sql`${matching(parts[0]!.where, sql`${bids.id}`)} order by ${byChange(order)} limit ${limit} offset ${offset}`;
  }
  const dir = sql.raw(order);
  return sql`select "part"."id" from (${partsWalk(parts, order, cols)}) as "part"
    order by "part"."updated_at" ${dir}, "part"."id" ${dir} limit ${limit} offset ${offset}`;
}
