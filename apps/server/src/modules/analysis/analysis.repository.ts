// The trend's and the analysis's figures: each one SQL aggregate (GROUP BY) over indexed columns, never rows loaded
// to be summed. Averages are quantity-weighted (Σ quantity × price ÷ Σ quantity) and rounded in SQL; amounts come
// back as decimal text. Confidential bids never count (DESIGN.md §4).
import type { Bucket, VolumeGroup } from '@spirit/domain/analysis/analysis.constants';
import { and, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bids } from '../bids/bids.table.js';
import { companies } from '../companies/companies.table.js';
import { openWhere } from '../listings/listings.repository.js';
import { listings } from '../listings/listings.table.js';
import { tradeDays } from '../bids/trade-days.table.js';

/** Quantity-weighted average price of the rows `filter` keeps, two decimals; null when they hold no quantity. */
const weighted = (quantity: SQL | typeof bids.quantity, price: SQL | typeof bids.price, filter?: SQL) => {
  const f = filter ? sql` filter (where ${filter})` : sql``;
  return sql<string | null>`(round(sum(${quantity} * ${price})${f} / nullif(sum(${quantity})${f}, 0), 2))::text`;
};
const total = (quantity: SQL | typeof bids.quantity, filter?: SQL) =>
  filter
    ? sql<string | null>`(sum(${quantity}) filter (where ${filter}))::text`
    : sql<string | null>`(sum(${quantity}))::text`;

/** Open asks and offers per state (the trend's Buyer and Seller columns): `listings_open_state_idx`. */
export function openListingsByStateQuery(tx: Tx, opts: { period: string; product?: string | undefined }) {
  const ask = sql`${listings.side} = 'Ask'`;
  const offer = sql`${listings.side} = 'Offer'`;
  return tx
    .select({
      state: listings.state,
      buyer_quantity: total(sql`${listings.available_quantity}`, ask),
      buyer_rate: weighted(sql`${listings.available_quantity}`, sql`${listings.price}`, ask),
      seller_quantity: total(sql`${listings.available_quantity}`, offer),
      seller_rate: weighted(sql`${listings.available_quantity}`, sql`${listings.price}`, offer),
    })
    .from(listings)
    .where(and(openWhere(opts.period), opts.product ? eq(listings.product, opts.product) : undefined))
    .groupBy(listings.state);
}

/** Approved, non-confidential trades approved in [from, to): `bids_approved_at_idx`. */
const tradedIn = (range: { from: Date; to: Date }, product?: string) =>
  and(
    sql`${bids.status} = 'Approved' and not ${bids.is_confidential}`,
    gte(bids.approved_at, range.from),
    lt(bids.approved_at, range.to),
    product ? eq(bids.product, product) : undefined,
  );

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
/** The first instant of the IST day holding `at`. */
const istDayStart = (at: Date) => new Date(Math.floor((at.getTime() + IST_MS) / DAY_MS) * DAY_MS - IST_MS);
const istDay = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date`;

/**
 * Approved trades per state of their offer in [from, to) (the trend's Last Trade column). The whole IST days inside
 * the range are read from the trades' daily summary (trade-days.table.ts), the parts of a day at either end from the
 * trades themselves (`bids_traded_at_idx`): 30 days are ~30 × a few summary rows and two partial days of trades,
 * not every trade of the month (53,000 at market scale).
 */
export function tradesByStateQuery(tx: Tx, opts: { from: Date; to: Date; product?: string | undefined }) {
  const firstWhole = new Date(istDayStart(opts.from).getTime() + (istDayStart(opts.from) < opts.from ? DAY_MS : 0));
  const lastWhole = istDayStart(opts.to);
  const ends: { from: Date; to: Date }[] =
    firstWhole < lastWhole
      ? [
          { from: opts.from, to: firstWhole },
          { from: lastWhole, to: opts.to },
        ].filter((r) => r.from < r.to)
      : [{ from: opts.from, to: opts.to }];
  const product = (column: SQLWrapper) => (opts.product ? sql` and ${column} = ${opts.product}` : sql``);
  const days =
    firstWhole < lastWhole
      ? sql`select ${tradeDays.state} as state, ${tradeDays.volume} as quantity, ${tradeDays.value} as value
        from ${tradeDays} where ${tradeDays.day} >= ${istDay(firstWhole)} and ${tradeDays.day} < ${istDay(lastWhole)}
          and ${tradeDays.trades} > 0 and not ${tradeDays.is_confidential}${product(tradeDays.product)}`
      : undefined;
  const partial = ends.map(
    (
      r,
    ) => sql`select ${listings.state} as state, ${bids.quantity} as quantity, ${bids.quantity} * ${bids.price} as value
      from ${bids} join ${listings} on ${listings.id} = ${bids.offer_id}
      where ${bids.status} = 'Approved' and not ${bids.is_confidential}
        and ${bids.approved_at} >= ${r.from.toISOString()} and ${bids.approved_at} < ${r.to.toISOString()}${product(bids.product)}`,
  );
  const parts = sql.join(
    [...(days ? [days] : []), ...partial].map((p) => sql`(${p})`),
    sql` union all `,
  );
  const t = sql.raw('t');
  return tx
    .select({
      state: sql<string>`${t}.state`,
      trade_volume: sql<string | null>`(sum(${t}.quantity))::text`,
      trade_avg_rate: sql<string | null>`(round(sum(${t}.value) / nullif(sum(${t}.quantity), 0), 2))::text`,
    })
    .from(sql`(${parts}) as ${t}`)
    .groupBy(sql`1`);
}

/**
 * Traded volume and average price per bucket (its first day, India's calendar) and product or state, from the
 * trades' daily summary (trade-days.table.ts): the range's days are whole IST days ([from, to) are IST midnights),
 * so its rows hold exactly the range's trades, a few per day instead of every trade (150,000 over 90 days at market
 * scale, each with its offer's state looked up). A trade's state is its offer's, as summed when it was approved.
 */
export function volumeQuery(
  tx: Tx,
  opts: { from: Date; to: Date; bucket: Bucket; groupBy: VolumeGroup; product?: string | undefined },
) {
  const period = sql<string>`to_char(date_trunc(${opts.bucket}, ${tradeDays.day}::timestamp), 'YYYY-MM-DD')`;
  const key = sql<string>`${opts.groupBy === 'product' ? tradeDays.product : tradeDays.state}`;
  const volume = sql`sum(${tradeDays.volume})`;
  return tx
    .select({
      period,
      key,
      trades: sql<number>`sum(${tradeDays.trades})::int`,
      volume: sql<string>`${volume}::text`,
      avg_price: sql<string>`(round(sum(${tradeDays.value}) / nullif(${volume}, 0), 2))::text`,
    })
    .from(tradeDays)
    .where(
      and(
        sql`${tradeDays.day} >= ${istDay(opts.from)} and ${tradeDays.day} < ${istDay(opts.to)}`,
        sql`not ${tradeDays.is_confidential}`,
        opts.product ? eq(tradeDays.product, opts.product) : undefined,
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .having(sql`sum(${tradeDays.trades}) > 0`)
    .orderBy(sql`1`, sql`2`);
}

/** Non-confidential bids created in [from, to) by how far they went: `bids_created_idx`. */
export function funnelQuery(tx: Tx, opts: { from: Date; to: Date }) {
  const n = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
  return tx
    .select({
      placed: sql<number>`count(*)::int`,
      accepted: n(sql`${bids.locked} or ${bids.status} = 'Approved'`),
      approved: n(sql`${bids.status} = 'Approved'`),
      rejected: n(sql`${bids.status} = 'Rejected'`),
      lapsed: n(sql`${bids.status} = 'Lapsed'`),
      open: n(sql`${bids.status} in ('New', 'OnGoing')`),
    })
    .from(bids)
    .where(and(gte(bids.created_at, opts.from), lt(bids.created_at, opts.to), sql`not ${bids.is_confidential}`));
}

/** Companies by traded volume as either party (each trade counts once for its seller and once for its buyer). */
export function topCompaniesQuery(tx: Tx, opts: { from: Date; to: Date; product?: string | undefined; limit: number }) {
  const where = tradedIn(opts, opts.product);
  const parties = sql`(select ${bids.seller_company_id} as company_id, ${bids.quantity} as quantity,
      ${bids.price} as price from ${bids} where ${where}
    union all select ${bids.buyer_company_id}, ${bids.quantity}, ${bids.price} from ${bids} where ${where}) as p`;
  const quantity = sql`p.quantity`;
  return tx
    .select({
      company_id: sql<number>`p.company_id`,
      company_name: sql<string>`min(coalesce(nullif(${companies.name}, ''), ${companies.registered_name}))`,
      company_type: sql<'Seller' | 'Buyer'>`min(${companies.type})`,
      trades: sql<number>`count(*)::int`,
      volume: sql<string>`(sum(${quantity}))::text`,
      avg_price: sql<string>`${weighted(quantity, sql`p.price`)}`,
    })
    .from(parties)
    .innerJoin(companies, sql`${companies.id} = p.company_id`)
    .groupBy(sql`p.company_id`)
    .orderBy(sql`sum(${quantity}) desc`, sql`p.company_id`)
    .limit(opts.limit);
}
