// The trend's and the analysis's figures: each one SQL aggregate (GROUP BY) over a summary the database keeps in
// the statement that changes what it counts (analysis.table.ts, trade-days.table.ts), never rows loaded to be
// summed. Averages are quantity-weighted (Σ quantity × price ÷ Σ quantity) and rounded in SQL; amounts come back as
// decimal text. Confidential bids never count (DESIGN.md §4).
import type { Bucket, VolumeGroup } from '@spirit/domain/analysis/analysis.constants';
import { topCompaniesSpans, type Span } from '@spirit/domain/analysis/analysis.periods';
import { and, eq, gte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bids } from '../bids/bids.table.js';
import { companies } from '../companies/companies.table.js';
import { tradeDays } from '../bids/trade-days.table.js';
import {
  bidFunnelDays,
  companyTradeDays,
  companyTradeMonths,
  companyTradeQuarters,
  openListingSums,
} from './analysis.table.js';

/** Σ value ÷ Σ quantity of the rows `filter` keeps, two decimals; null when they hold no quantity. */
const rate = (value: SQLWrapper, quantity: SQLWrapper, filter?: SQL) => {
  const f = filter ? sql` filter (where ${filter})` : sql``;
  return sql<string | null>`(round(sum(${value})${f} / nullif(sum(${quantity})${f}, 0), 2))::text`;
};
const total = (quantity: SQLWrapper, filter: SQL) =>
  sql<string | null>`(sum(${quantity}) filter (where ${filter}))::text`;

/**
 * Open asks and offers per state (the trend's Buyer and Seller columns), from the open listings' sums
 * (analysis.table.ts `open_listing_sums`): the rows of the periods not yet ended, a few per state and product,
 * instead of every open listing of the market (170,000 at market scale).
 */
export function openListingsByStateQuery(tx: Tx, opts: { period: string; product?: string | undefined }) {
  const s = openListingSums;
  const ask = sql`${s.side} = 'Ask'`;
  const offer = sql`${s.side} = 'Offer'`;
  return tx
    .select({
      state: s.state,
      buyer_quantity: total(s.quantity, ask),
      buyer_rate: rate(s.value, s.quantity, ask),
      seller_quantity: total(s.quantity, offer),
      seller_rate: rate(s.value, s.quantity, offer),
    })
    .from(s)
    .where(
      and(
        gte(s.to_period, opts.period),
        sql`${s.listings} > 0`,
        opts.product ? eq(s.product, opts.product) : undefined,
      ),
    )
    .groupBy(s.state);
}

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
/** The first instant of the IST day holding `at`. */
const istDayStart = (at: Date) => new Date(Math.floor((at.getTime() + IST_MS) / DAY_MS) * DAY_MS - IST_MS);
const istDay = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date`;

/**
 * Approved trades per state of their offer in [from, to) (the trend's Last Trade column). The whole IST days inside
 * the range are read from the trades' daily summary (trade-days.table.ts), the parts of a day at either end from the
 * trades themselves (`bids_traded_at_idx`): 30 days are ~30 × a few summary rows and two partial days of trades,
 * not every trade of the month (53,000 at market scale). A trade's offer state is the bid's own copy (migration
 * 0036: a live bid's listing cannot change state, so it is the state the summary took at approval), not a probe of
 * the offer for each of a partial day's ~1,400 trades.
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
    ) => sql`select ${bids.seller_state} as state, ${bids.quantity} as quantity, ${bids.quantity} * ${bids.price} as value
      from ${bids}
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
  // Grouped by the bucket's first day as a timestamp and written out once per group: formatting each of a range's
  // thousands of rows before grouping them was a third of the statement (90 days by state: 4.7 → 3.3 ms).
  const d = tx
    .select({
      bucket: sql<Date>`date_trunc(${opts.bucket}, ${tradeDays.day}::timestamp)`.as('bucket'),
      key: sql<string>`${opts.groupBy === 'product' ? tradeDays.product : tradeDays.state}`.as('key'),
      trades: tradeDays.trades,
      volume: tradeDays.volume,
      value: tradeDays.value,
    })
    .from(tradeDays)
    .where(
      and(
        sql`${tradeDays.day} >= ${istDay(opts.from)} and ${tradeDays.day} < ${istDay(opts.to)}`,
        sql`not ${tradeDays.is_confidential}`,
        opts.product ? eq(tradeDays.product, opts.product) : undefined,
      ),
    )
    .as('d');
  const volume = sql`sum(${d.volume})`;
  return tx
    .select({
      period: sql<string>`to_char(${d.bucket}, 'YYYY-MM-DD')`,
      key: d.key,
      trades: sql<number>`sum(${d.trades})::int`,
      volume: sql<string>`${volume}::text`,
      avg_price: sql<string>`(round(sum(${d.value}) / nullif(${volume}, 0), 2))::text`,
    })
    .from(d)
    .groupBy(d.bucket, d.key)
    .having(sql`sum(${d.trades}) > 0`)
    .orderBy(d.bucket, d.key);
}

/**
 * Non-confidential bids created in [from, to) (IST midnights) by how far they went, from the funnel's daily summary
 * (analysis.table.ts `bid_funnel_days`): a few rows a day instead of every bid of the range (560,000 over 90 days
 * at market scale). Each bid counts by its stored status, as the bids table holds it.
 */
export function funnelQuery(tx: Tx, opts: { from: Date; to: Date }) {
  const f = bidFunnelDays;
  const n = (filter?: SQL) =>
    sql<number>`coalesce(sum(${f.bids})${filter ? sql` filter (where ${filter})` : sql``}, 0)::int`;
  return tx
    .select({
      placed: n(),
      accepted: n(sql`${f.locked} or ${f.status} = 'Approved'`),
      approved: n(sql`${f.status} = 'Approved'`),
      rejected: n(sql`${f.status} = 'Rejected'`),
      lapsed: n(sql`${f.status} = 'Lapsed'`),
      open: n(sql`${f.status} in ('New', 'OnGoing')`),
    })
    .from(f)
    .where(sql`${f.day} >= ${istDay(opts.from)} and ${f.day} < ${istDay(opts.to)}`);
}

/** India's date of an instant, `YYYY-MM-DD`. */
const istDate = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);
/**
 * Companies by traded volume as either party in [from, to) (IST midnights), from the parties' summaries
 * (analysis.table.ts: each trade counts once for its seller and once for its buyer): the range's quarters, months
 * and days as `topCompaniesSpans` cuts it, each span from its summary's covering index; summed per company and the
 * first `limit` by volume named — not every trade read twice.
 */
export function topCompaniesQuery(tx: Tx, opts: { from: Date; to: Date; product?: string | undefined; limit: number }) {
  const spans = topCompaniesSpans(istDate(opts.from), istDate(opts.to));
  // A month's or a quarter's row of all products is product '' (migrations 0038, 0039); a day has none.
  const span =
    (
      table: typeof companyTradeDays | typeof companyTradeMonths | typeof companyTradeQuarters,
      period: SQLWrapper,
      product: SQL,
    ) =>
    ({ from, to, sign }: Span) => {
      const minus = sign < 0 ? sql`-` : sql``;
      return sql`select ${table.company_id} as company_id, ${minus}${table.trades} as trades,
        ${minus}${table.volume} as volume, ${minus}${table.value} as value from ${table}
        where ${period} >= ${from}::date and ${period} < ${to}::date${product}`;
    };
  const d = companyTradeDays;
  const m = companyTradeMonths;
  const q = companyTradeQuarters;
  const parts = [
    ...spans.quarters.map(span(q, q.quarter, sql` and ${q.product} = ${opts.product ?? ''}`)),
    ...spans.months.map(span(m, m.month, sql` and ${m.product} = ${opts.product ?? ''}`)),
    ...spans.days.map(span(d, d.day, opts.product ? sql` and ${d.product} = ${opts.product}` : sql``)),
  ];
  const p = sql.raw('p');
  const top = tx
    .select({
      company_id: sql<number>`${p}.company_id`.as('company_id'),
      trades: sql<number>`sum(${p}.trades)::int`.as('trades'),
      total_volume: sql<string>`sum(${p}.volume)`.as('total_volume'),
      total_value: sql<string>`sum(${p}.value)`.as('total_value'),
    })
    .from(
      sql`(${sql.join(
        parts.map((q) => sql`(${q})`),
        sql` union all `,
      )}) as ${p}`,
    )
    .groupBy(sql`${p}.company_id`)
    .having(sql`sum(${p}.trades) > 0`)
    .orderBy(sql`sum(${p}.volume) desc`, sql`${p}.company_id`)
    .limit(opts.limit)
    .as('top');
  return (
    tx
      .select({
        company_id: top.company_id,
        company_name: sql<string>`coalesce(nullif(${companies.name}, ''), ${companies.registered_name})`,
        company_type: sql<'Seller' | 'Buyer'>`${companies.type}`,
        trades: top.trades,
        volume: sql<string>`${top.total_volume}::text`,
        avg_price: sql<string>`(round(${top.total_value} / nullif(${top.total_volume}, 0), 2))::text`,
      })
      .from(top)
      .innerJoin(companies, eq(companies.id, top.company_id))
      // Qualified: a bare name in ORDER BY is the output column of that name first (`total_volume::text` is one).
      .orderBy(sql`"top"."total_volume" desc`, top.company_id)
  );
}
