// Which plan a filtered page of the market (getAllInventory by product or state) runs. Planned with its values,
// such a page cost PostgreSQL more to plan (0.45 ms at market scale) than to run (0.2 ms); planned once, without
// values, it walks the side's open listings newest first — right when the filter matches a fair share of them,
// 100 ms for a state with none. The open listings' sums (`open_listing_sums`, kept by triggers for the trend) say
// how many a filter matches. They are kept a minute per process and only choose the plan: both plans answer the
// same rows (docs/decisions.md "The market's filtered pages choose their plan").
import { gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import { openListingSums } from '../analysis/analysis.table.js';

const KEEP_MS = 60_000;
/**
 * How many listings a page may expect to walk, newest first, before a plan made for its values is cheaper: at
 * market scale a walk of 200 cost 0.12 ms, planning with the values 0.45 ms.
 */
export const MARKET_WALK_LIMIT = 1_000;

/** Open listings per side: in all, and per product and state. */
export type Counts = Map<string, { all: number; cells: { product: string; state: string; n: number }[] }>;
type Kept = { at: number; period: string; counts: Promise<Counts> };
const kept = new WeakMap<object, Kept>();

const countsStatement = fixedStatement(
  (tx) =>
    tx
      .select({
        side: openListingSums.side,
        product: openListingSums.product,
        state: openListingSums.state,
        n: sql<number>`sum(${openListingSums.listings})::int`.mapWith(Number),
      })
      .from(openListingSums)
      .where(gte(openListingSums.to_period, sql.placeholder('period')))
      .groupBy(openListingSums.side, openListingSums.product, openListingSums.state),
  alwaysGeneric,
);

async function readCounts(tx: Tx, period: string): Promise<Counts> {
  const counts: Counts = new Map();
  for (const { side, product, state, n } of await countsStatement(tx).execute({ period })) {
    let ofSide = counts.get(side);
    if (!ofSide) counts.set(side, (ofSide = { all: 0, cells: [] }));
    ofSide.all += n;
    ofSide.cells.push({ product, state, n });
  }
  return counts;
}

/** The open listings' counts of `period` on, read at most once a minute per database handle. */
function countsOf(tx: Tx, period: string, now: number): Promise<Counts> {
  const hit = kept.get(tx);
  if (hit && hit.period === period && now - hit.at < KEEP_MS) return hit.counts;
  const counts = readCounts(tx, period);
  kept.set(tx, { at: now, period, counts });
  counts.catch(() => kept.delete(tx));
  return counts;
}

export type MarketFilter = {
  side: string;
  period: string;
  products?: string[];
  states?: string[];
  /** The rows a page needs found: its offset and limit. */
  rows: number;
};

/** Whether walking the side's open listings newest first finds a page of `filter` within MARKET_WALK_LIMIT. */
export function walkFinds(counts: Counts, filter: MarketFilter): boolean {
  const ofSide = counts.get(filter.side);
  if (!ofSide || ofSide.all === 0) return true;
  let matched = 0;
  for (const { product, state, n } of ofSide.cells) {
    if ((!filter.products || filter.products.includes(product)) && (!filter.states || filter.states.includes(state)))
      matched += n;
  }
  return filter.rows * ofSide.all <= MARKET_WALK_LIMIT * matched;
}

/** Whether a filtered page of the market runs the plan made without values (the newest-first walk). */
export async function marketWalks(tx: Tx, filter: MarketFilter, now: number): Promise<boolean> {
  return walkFinds(await countsOf(tx, filter.period, now), filter);
}
