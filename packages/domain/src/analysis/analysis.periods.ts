// How a range of India's days is read from the analysis's summaries (apps/server analysis.table.ts: a company's
// trades by day, by month and by quarter; trade-days.table.ts: the market's trades by day, week and month): as few
// periods as cover it exactly, each added or taken away. Pure date arithmetic on `YYYY-MM-DD` texts.
import type { Bucket } from './analysis.constants.js';
import { addDays, daysInRange } from './analysis.rules.js';

/** The first day of the month holding `day` (`YYYY-MM-DD`). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
/** The first day of the quarter (January, April, July, October) holding `day`. */
const quarterOf = (day: string) =>
  `${day.slice(0, 4)}-${String(Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
/** The first day `months` months after `first` (a first of a month). */
const addMonths = (first: string, months: number) => {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};
/** The Monday of the week holding `day` (as PostgreSQL's `date_trunc('week', …)`). */
const weekOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
/** Days from `a` up to `b`, `b` not counted (`daysInRange` counts both). */
const daysBetween = (a: string, b: string) => daysInRange(a, b) - 1;
const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/** `[from, to)` of a summary's periods, added (1) or taken away (−1). */
export type Span = { from: string; to: string; sign: 1 | -1 };
/** A calendar unit made of finer ones: its first day holding a day, the next unit's first day, finer units between. */
type Unit = { of: (day: string) => string; next: (first: string) => string; between: (a: string, b: string) => number };
const WEEK: Unit = { of: weekOf, next: (w) => addDays(w, 7), between: daysBetween };
const MONTH: Unit = { of: monthOf, next: (m) => addMonths(m, 1), between: daysBetween };
const QUARTER: Unit = { of: quarterOf, next: (q) => addMonths(q, 3), between: monthsBetween };

/**
 * `[from, to)` as whole units (`whole`, empty when from = to) and spans of the finer unit at its ends. A partial
 * unit at either end is read as its finer periods, or — when those it leaves out are fewer than those it keeps — as
 * the whole unit less the ones it leaves out: a year to today reads the current month less today, not the 29 days
 * before it. The sums are exact either way.
 */
function coarsen(from: string, to: string, unit: Unit): { whole: { from: string; to: string }; ends: Span[] } {
  if (unit.of(from) === unit.of(to)) return { whole: { from, to: from }, ends: [{ from, to, sign: 1 }] };
  const ends: Span[] = [];
  let [wholeFrom, wholeTo] = [unit.of(from), unit.of(to)];
  if (from !== wholeFrom) {
    const next = unit.next(wholeFrom);
    if (unit.between(wholeFrom, from) < unit.between(from, next)) {
      ends.push({ from: wholeFrom, to: from, sign: -1 });
    } else {
      ends.push({ from, to: next, sign: 1 });
      wholeFrom = next;
    }
  }
  if (to !== wholeTo) {
    const next = unit.next(wholeTo);
    if (unit.between(to, next) < unit.between(wholeTo, to)) {
      ends.push({ from: to, to: next, sign: -1 });
      wholeTo = next;
    } else {
      ends.push({ from: wholeTo, to, sign: 1 });
    }
  }
  return { whole: { from: wholeFrom, to: wholeTo }, ends };
}

/**
 * How the top companies read the IST days [from, to): whole quarters from `company_trade_quarters`, the months at
 * their ends from `company_trade_months` and the days at those ends from `company_trade_days`, each end added or
 * taken away as `coarsen` chooses (at market scale a quarter or a month of all products holds ~900 rows, a day of a
 * company and product ~360).
 */
export function topCompaniesSpans(from: string, to: string): { quarters: Span[]; months: Span[]; days: Span[] } {
  const byMonth = coarsen(from, to, MONTH);
  const months = byMonth.whole;
  if (months.from === months.to) return { quarters: [], months: [], days: byMonth.ends };
  const byQuarter = coarsen(months.from, months.to, QUARTER);
  const quarters = byQuarter.whole.from < byQuarter.whole.to ? [{ ...byQuarter.whole, sign: 1 as const }] : [];
  return { quarters, months: byQuarter.ends, days: byMonth.ends };
}

/**
 * How the traded volume chart reads the IST days [from, to) in buckets of `bucket`: by week or month, the whole
 * periods from `trade_periods` and the days at their ends from `trade_days`, added or taken away as `coarsen`
 * chooses (each end at most three days of a week, fifteen of a month; a day taken away belongs to the bucket of the
 * period it is taken from). By day, the days alone.
 */
export function volumeSpans(from: string, to: string, bucket: Bucket): { periods: Span[]; days: Span[] } {
  if (bucket === 'day') return { periods: [], days: [{ from, to, sign: 1 }] };
  const { whole, ends } = coarsen(from, to, bucket === 'week' ? WEEK : MONTH);
  return { periods: whole.from < whole.to ? [{ ...whole, sign: 1 }] : [], days: ends };
}
