// The analysis's figures (volume, funnel, top companies; the trend's are analysis.trend.repository.ts): each one SQL
// aggregate (GROUP BY) over a summary the database keeps in the statement that changes what it counts
// (analysis.table.ts, trade-days.table.ts), never rows loaded to be summed. Averages are quantity-weighted
// (Σ quantity × price ÷ Σ quantity) and rounded in SQL; amounts come back as decimal text. Confidential bids never
// count (DESIGN.md §4).
import type { Bucket, VolumeGroup } from '@spirit/domain/analysis/analysis.constants';
import { topCompaniesSpans, volumeSpans } from '@spirit/domain/analysis/analysis.periods';
import { indianDateOf } from '@spirit/domain/invoices/invoices.rules';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, shownName } from '../companies/companies.table.js';
import { tradeDays, tradePeriods } from '../bids/trade-days.table.js';
import { figure, p, signsOf, spanValues, type Args } from './analysis.figures.js';
import { bidFunnelDays, companyTradeDays, companyTradeMonths, companyTradeQuarters } from './analysis.table.js';

type VolumeShape = { bucket: Bucket; groupBy: VolumeGroup; product: boolean; periods: string; days: string };
/**
 * Traded volume and average price per bucket (its first day, India's calendar) and product or state, from the
 * trades' summaries (trade-days.table.ts): the range's days are whole IST days ([from, to) are IST midnights), read
 * as `volumeSpans` cuts them — by week or month the whole periods from `trade_periods` and the days at their ends
 * from `trade_days`, each added or taken away in its own bucket — so its rows hold exactly the range's trades, a few
 * per period instead of every trade (150,000 over 90 days at market scale, each with its offer's state looked up).
 * A trade's state is its offer's, as summed when it was approved.
 */
export function volumeQuery(tx: Tx, shape: VolumeShape) {
  const part =
    (table: typeof tradeDays | typeof tradePeriods, start: SQLWrapper, prefix: string, unit: SQL) =>
    (sign: string, i: number) => {
      const minus = sign === '-' ? sql`-` : sql``;
      const key = shape.groupBy === 'product' ? table.product : table.state;
      const product = shape.product ? sql` and ${table.product} = ${p('product')}` : sql``;
      // Grouped by the bucket's first day as a timestamp and written out once per group: formatting each of a
      // range's thousands of rows before grouping them was a third of the statement (90 days by state: 4.7 → 3.3 ms).
      return sql`select date_trunc(${p('bucket')}, ${start}::timestamp) as bucket, ${key} as key,
        ${minus}${table.trades} as trades, ${minus}${table.volume} as volume, ${minus}${table.value} as value
        from ${table} where ${unit}${start} >= ${p(`${prefix}_from${i}`)}::date and ${start} < ${p(`${prefix}_to${i}`)}::date
          and not ${table.is_confidential}${product}`;
    };
  const t = tradePeriods;
  const parts = [
    ...[...shape.periods].map(part(t, t.start, 'period', sql`${t.unit} = ${p('bucket')} and `)),
    ...[...shape.days].map(part(tradeDays, tradeDays.day, 'day', sql``)),
  ];
  const d = sql.raw('d');
  const volume = sql`sum(${d}.volume)`;
  return tx
    .select({
      period: sql<string>`to_char(${d}.bucket, 'YYYY-MM-DD')`,
      key: sql<string>`${d}.key`,
      trades: sql<number>`sum(${d}.trades)::int`,
      volume: sql<string>`${volume}::text`,
      avg_price: sql<string>`(round(sum(${d}.value) / nullif(${volume}, 0), 2))::text`,
    })
    .from(
      sql`(${sql.join(
        parts.map((q) => sql`(${q})`),
        sql` union all `,
      )}) as ${d}`,
    )
    .groupBy(sql`${d}.bucket`, sql`${d}.key`)
    .having(sql`sum(${d}.trades) > 0`)
    .orderBy(sql`${d}.bucket`, sql`${d}.key`);
}
export function volumeArgs(opts: {
  from: Date;
  to: Date;
  bucket: Bucket;
  groupBy: VolumeGroup;
  product?: string | undefined;
}): Args<VolumeShape> {
  const spans = volumeSpans(indianDateOf(opts.from), indianDateOf(opts.to), opts.bucket);
  return {
    shape: {
      bucket: opts.bucket,
      groupBy: opts.groupBy,
      product: !!opts.product,
      periods: signsOf(spans.periods),
      days: signsOf(spans.days),
    },
    values: {
      bucket: opts.bucket,
      product: opts.product,
      ...spanValues('period', spans.periods),
      ...spanValues('day', spans.days),
    },
  };
}
export const readVolume = figure(volumeQuery, volumeArgs);

/**
 * Non-confidential bids created in [from, to) (IST midnights) by how far they went, from the funnel's daily summary
 * (analysis.table.ts `bid_funnel_days`): a few rows a day instead of every bid of the range (560,000 over 90 days
 * at market scale). Each bid counts by its stored status, as the bids table holds it.
 */
export function funnelQuery(tx: Tx) {
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
    .where(sql`${f.day} >= ${p('from')}::date and ${f.day} < ${p('to')}::date`);
}
export const funnelArgs = (opts: { from: Date; to: Date }): Args<Record<string, never>> => ({
  shape: {},
  values: { from: indianDateOf(opts.from), to: indianDateOf(opts.to) },
});
export const readFunnel = figure(funnelQuery, funnelArgs);

type TopShape = { product: boolean; quarters: string; months: string; days: string };
/**
 * Companies by traded volume as either party in [from, to) (IST midnights), from the parties' summaries
 * (analysis.table.ts: each trade counts once for its seller and once for its buyer): the range's quarters, months
 * and days as `topCompaniesSpans` cuts it, each span from its summary's covering index; summed per company and the
 * first `limit` by volume named — not every trade read twice.
 */
export function topCompaniesQuery(tx: Tx, shape: TopShape) {
  // A month's or a quarter's row of all products is product '' (migrations 0038, 0039); a day has none.
  const span =
    (
      table: typeof companyTradeDays | typeof companyTradeMonths | typeof companyTradeQuarters,
      period: SQLWrapper,
      prefix: string,
      product: SQL,
    ) =>
    (sign: string, i: number) => {
      const minus = sign === '-' ? sql`-` : sql``;
      return sql`select ${table.company_id} as company_id, ${minus}${table.trades} as trades,
        ${minus}${table.volume} as volume, ${minus}${table.value} as value from ${table}
        where ${period} >= ${p(`${prefix}_from${i}`)}::date and ${period} < ${p(`${prefix}_to${i}`)}::date${product}`;
    };
  const d = companyTradeDays;
  const m = companyTradeMonths;
  const q = companyTradeQuarters;
  const parts = [
    ...[...shape.quarters].map(span(q, q.quarter, 'quarter', sql` and ${q.product} = ${p('summary_product')}`)),
    ...[...shape.months].map(span(m, m.month, 'month', sql` and ${m.product} = ${p('summary_product')}`)),
    ...[...shape.days].map(span(d, d.day, 'day', shape.product ? sql` and ${d.product} = ${p('product')}` : sql``)),
  ];
  const u = sql.raw('u');
  const top = tx
    .select({
      company_id: sql<number>`${u}.company_id`.as('company_id'),
      trades: sql<number>`sum(${u}.trades)::int`.as('trades'),
      total_volume: sql<string>`sum(${u}.volume)`.as('total_volume'),
      total_value: sql<string>`sum(${u}.value)`.as('total_value'),
    })
    .from(
      sql`(${sql.join(
        parts.map((part) => sql`(${part})`),
        sql` union all `,
      )}) as ${u}`,
    )
    .groupBy(sql`${u}.company_id`)
    .having(sql`sum(${u}.trades) > 0`)
    .orderBy(sql`sum(${u}.volume) desc`, sql`${u}.company_id`)
    .limit(p('limit'))
    .as('top');
  return (
    tx
      .select({
        company_id: top.company_id,
        company_name: shownName(companies),
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
export function topCompaniesArgs(opts: {
  from: Date;
  to: Date;
  product?: string | undefined;
  limit: number;
}): Args<TopShape> {
  const spans = topCompaniesSpans(indianDateOf(opts.from), indianDateOf(opts.to));
  return {
    shape: {
      product: !!opts.product,
      quarters: signsOf(spans.quarters),
      months: signsOf(spans.months),
      days: signsOf(spans.days),
    },
    values: {
      limit: opts.limit,
      product: opts.product,
      summary_product: opts.product ?? '',
      ...spanValues('quarter', spans.quarters),
      ...spanValues('month', spans.months),
      ...spanValues('day', spans.days),
    },
  };
}
export const readTopCompanies = figure(topCompaniesQuery, topCompaniesArgs);
