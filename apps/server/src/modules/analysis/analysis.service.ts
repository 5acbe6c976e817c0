// Price / Quote Trend and Data Analysis (issue 23 parts 5 and 6). Who may call is the contract's (every signed-in
// role for the trend, the SuperAdmin for the analysis); nothing here depends on the caller's company, since the
// trend is market-wide and names nobody. Each answer is kept a few seconds in the market cache like the market's
// other figures (lib/market-cache.ts): an aggregate over the whole market is not recomputed per request.
import { DEFAULT_RANGE_DAYS, TREND_TRADE_DAYS, type VolumeGroup } from '@spirit/domain/analysis/analysis.constants';
import { addDays, bucketFor, rangeError } from '@spirit/domain/analysis/analysis.rules';
import type { AnalysisRange, PriceTrend, PriceTrendRow } from '@spirit/domain/analysis/analysis.schemas';
import { indianDateOf } from '@spirit/domain/invoices/invoices.rules';
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import { invalidField } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { stateCities } from '../geo/geo.service.js';
import { readFunnel, readTopCompanies, readVolume } from './analysis.repository.js';
import { readOpenListingsByState, readTradesByState } from './analysis.trend.repository.js';

const DAY_MS = 86_400_000;

export async function priceTrend(deps: Deps, product: string | undefined): Promise<PriceTrend> {
  const now = deps.now();
  return deps.marketCache.get(`trend|${product ?? ''}`, now.getTime(), async () => {
    const listed = await readOpenListingsByState(deps.db, { period: currentPeriod(now), product });
    const traded = await readTradesByState(deps.db, {
      from: new Date(now.getTime() - TREND_TRADE_DAYS * DAY_MS),
      to: new Date(now.getTime() + 1),
      product,
    });
    const byState = new Map<string, PriceTrendRow>();
    const row = (state: string) => {
      let r = byState.get(state);
      if (!r) {
        r = {
          state,
          buyer_quantity: null,
          buyer_rate: null,
          seller_quantity: null,
          seller_rate: null,
          trade_volume: null,
          trade_avg_rate: null,
        };
        byState.set(state, r);
      }
      return r;
    };
    // Every state of the app's list, then any other a listing holds (a state renamed since), in name order.
    for (const { state } of await stateCities()) row(state);
    for (const l of listed) Object.assign(row(l.state), { ...l, state: l.state });
    for (const t of traded) Object.assign(row(t.state), { ...t, state: t.state });
    const records = [...byState.values()].sort((a, b) => a.state.localeCompare(b.state));
    return { product: product ?? null, trade_days: TREND_TRADE_DAYS, records };
  });
}

/** A range with its defaults filled in (90 days ending today or at `to_date`), checked; its instants [from, to). */
function resolveRange(deps: Deps, range: AnalysisRange) {
  const now = deps.now();
  const span = DEFAULT_RANGE_DAYS - 1;
  const to_date = range.to_date ?? (range.from_date ? addDays(range.from_date, span) : indianDateOf(now));
  const from_date = range.from_date ?? addDays(to_date, -span);
  const error = rangeError(from_date, to_date);
  if (error) throw invalidField(error.field, error.message);
  return {
    now,
    from_date,
    to_date,
    from: new Date(`${from_date}T00:00:00+05:30`),
    to: new Date(`${addDays(to_date, 1)}T00:00:00+05:30`),
  };
}

export async function volume(deps: Deps, q: AnalysisRange & { group_by: VolumeGroup; product?: string | undefined }) {
  const r = resolveRange(deps, q);
  const bucket = bucketFor(r.from_date, r.to_date);
  const key = `volume|${r.from_date}|${r.to_date}|${q.group_by}|${q.product ?? ''}`;
  return deps.marketCache.get(key, r.now.getTime(), async () => ({
    from_date: r.from_date,
    to_date: r.to_date,
    bucket,
    group_by: q.group_by,
    product: q.product ?? null,
    records: await readVolume(deps.db, { ...r, bucket, groupBy: q.group_by, product: q.product }),
  }));
}

export async function funnel(deps: Deps, q: AnalysisRange) {
  const r = resolveRange(deps, q);
  return deps.marketCache.get(`funnel|${r.from_date}|${r.to_date}`, r.now.getTime(), async () => {
    const [counts] = await readFunnel(deps.db, r);
    return { from_date: r.from_date, to_date: r.to_date, ...counts! };
  });
}

export async function topCompanies(deps: Deps, q: AnalysisRange & { product?: string | undefined; limit: number }) {
  const r = resolveRange(deps, q);
  const key = `top|${r.from_date}|${r.to_date}|${q.product ?? ''}|${q.limit}`;
  return deps.marketCache.get(key, r.now.getTime(), async () => ({
    from_date: r.from_date,
    to_date: r.to_date,
    product: q.product ?? null,
    records: (await readTopCompanies(deps.db, { ...r, product: q.product, limit: q.limit })).map((c) => ({
      ...c,
      company_id: Number(c.company_id),
    })),
  }));
}
