// Pure rules of a bulk sheet's cells (issue 21 item 12): the periods people type or Excel stores, the state a row
// names and why it is refused, and what the template's Notes sheet says about each column. The server reads the
// sheet; these say what its cells mean.
import {
  BULK_COMMON_COLUMNS,
  FEE_NAMES,
  FEE_UNITS,
  feeFieldsOf,
  type FeeField,
  type ListingSide,
} from './listings.constants.js';
import type { ListingContext } from './listings.rules.js';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
/** Excel's day 0 (its serials count days from 1899-12-30, past its 1900 leap-year bug). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Excel's largest date serial (9999-12-31). */
const MAX_SERIAL = 2_958_465;

const period = (year: number, month: number) =>
  year >= 1900 && year <= 9999 && month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, '0')}` : null;

/** A real calendar day's month, or null (31-02-2027 is not a day). */
function dayPeriod(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return period(year, month);
}

/** "Apr", "April", "Sept" → 4: a month's name or its first three letters or more; null for anything else. */
function monthOfName(name: string): number | null {
  const lower = name.toLowerCase();
  const index = lower.length >= 3 ? MONTHS.findIndex((m) => m.startsWith(lower)) : -1;
  return index < 0 ? null : index + 1;
}

/** An Excel date serial as its month (the day's fraction, a time, is ignored). */
export function periodOfExcelSerial(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > MAX_SERIAL) return null;
  const date = new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS);
  return period(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

const TEXT_FORMATS: readonly [RegExp, (m: RegExpExecArray) => string | null][] = [
  // 04-2027, 4/2027, 04.2027, 04 2027 — the format the app shows
  [/^(\d{1,2})[-/. ](\d{4})$/, (m) => period(Number(m[2]), Number(m[1]))],
  // 2027-04, 2027/4
  [/^(\d{4})[-/.](\d{1,2})$/, (m) => period(Number(m[1]), Number(m[2]))],
  // Apr-2027, April 2027, Apr-27
  [
    /^([a-z]{3,9})[-/. ]+(\d{4}|\d{2})$/i,
    (m) => {
      const month = monthOfName(m[1]!);
      return month ? period(m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]), month) : null;
    },
  ],
  // 2027-04-15, 2027-04-15T00:00:00Z (an ISO date or time)
  [/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/, (m) => dayPeriod(Number(m[1]), Number(m[2]), Number(m[3]))],
  // 15-04-2027, 15/04/2027 (day first, as dates are written in India)
  [/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/, (m) => dayPeriod(Number(m[3]), Number(m[2]), Number(m[1]))],
  // 15-Apr-2027, 15 April 2027
  [
    /^(\d{1,2})[-/. ]([a-z]{3,9})[-/. ](\d{4})$/i,
    (m) => {
      const month = monthOfName(m[2]!);
      return month ? dayPeriod(Number(m[3]), month, Number(m[1])) : null;
    },
  ],
];

/**
 * A period cell as `YYYY-MM`, or null when it is none of the accepted forms: MM-YYYY (as the app shows periods),
 * MMM-YYYY, YYYY-MM, a date (day first or ISO) and an Excel date cell (its serial number, or a Date).
 */
export function parseBulkPeriod(value: unknown): string | null {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? null : period(value.getUTCFullYear(), value.getUTCMonth() + 1);
  if (typeof value === 'number') return periodOfExcelSerial(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  for (const [pattern, read] of TEXT_FORMATS) {
    const match = pattern.exec(text);
    if (match) return read(match);
  }
  return null;
}

export const BULK_PERIOD_HELP = 'MM-YYYY, e.g. 04-2027 (Apr-2027, 2027-04 and dates are accepted too)';
/** The message of a period cell that is not a month, with the format expected. */
export const bulkPeriodMessage = (value: unknown) => {
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 40) : '';
  return shown
    ? `"${shown}" is not a month: write it as ${BULK_PERIOD_HELP}`
    : `Write the period as ${BULK_PERIOD_HELP}`;
};

/**
 * Why a row's state cannot be used, in the real cause's words; null when it can. A state that is no state of India,
 * a state none of the caller's distilleries is in, and a distillery in another state are three different mistakes.
 */
export function bulkStateError(
  row: { state: string; distillery_id: number },
  ctx: Pick<ListingContext, 'states' | 'distilleries'>,
): string | null {
  const state = row.state.trim();
  if (!state) return null; // the schema's "*required"
  const shown = state.slice(0, 40);
  if (!ctx.states.has(state)) return `Unknown state "${shown}": write a state as the "Valid values" sheet names it`;
  const states = new Set([...ctx.distilleries.values()].map((d) => d.state));
  if (!states.has(state))
    return `Unknown state "${shown}" for your company: none of your distilleries is in it (see the "Valid values" sheet)`;
  const distillery = ctx.distilleries.get(row.distillery_id);
  if (distillery && distillery.state !== state)
    return `The distillery is not in the chosen state: distillery ${row.distillery_id} is in ${distillery.state}`;
  return null;
}

export type BulkNote = { column: string; meaning: string; format: string };

const FEE_NOTE = (f: FeeField): BulkNote => ({
  column: f,
  meaning: FEE_NAMES[f].label,
  format:
    FEE_NAMES[f].unit === FEE_UNITS.percent
      ? 'Percent of the price, 0 to 100, e.g. 18 (no % sign)'
      : '₹ per litre, up to 2 decimals, e.g. 1.50 (0 when none)',
});

/** The template's Notes sheet: each column of the side, what it means, how to write it. */
export function bulkNotesOf(side: ListingSide): BulkNote[] {
  const common: Record<(typeof BULK_COMMON_COLUMNS)[number], BulkNote> = {
    state: {
      column: 'state',
      meaning: 'State the spirit is in',
      format: 'A state as the "Valid values" sheet names it',
    },
    product: { column: 'product', meaning: 'Product', format: 'A product as the "Valid values" sheet names it' },
    from_period: { column: 'from_period', meaning: 'From Period (first month)', format: BULK_PERIOD_HELP },
    to_period: { column: 'to_period', meaning: 'To Period (last month)', format: BULK_PERIOD_HELP },
    quantity: {
      column: 'quantity',
      meaning: side === 'Offer' ? 'Quantity Available' : 'Asked Quantity',
      format: 'Bulk litres (B/L), up to 1 decimal, e.g. 30000',
    },
    price: { column: 'price', meaning: 'Price Per Litre', format: '₹ per litre, up to 2 decimals, e.g. 75.50' },
    distillery_id: {
      column: 'distillery_id',
      meaning: 'Your distillery',
      format: 'Its number from the "Valid values" sheet; it must be in the row\'s state',
    },
  };
  return [...BULK_COMMON_COLUMNS.map((c) => common[c]), ...feeFieldsOf(side).map(FEE_NOTE)];
}
