// Display formats: Indian digit grouping (1,23,45,678), rupees, bulk litres, and times in India Standard Time
// whatever the browser's own zone. Inputs may be numbers or the numeric strings PostgreSQL `numeric` gives.

const TIME_ZONE = 'Asia/Kolkata';
const LOCALE = 'en-IN';

type Numeric = number | string | null | undefined;

function toNumber(value: Numeric): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** 1234567.5 → "12,34,567.5" (at most `maxDecimals`, at least `minDecimals`). */
export function formatNumber(
  value: Numeric,
  opts: { minDecimals?: number; maxDecimals?: number; fallback?: string } = {},
): string {
  const n = toNumber(value);
  if (n === null) return opts.fallback ?? '';
  const min = opts.minDecimals ?? 0;
  const max = Math.max(min, opts.maxDecimals ?? 2);
  return numberFormat(`n:${min}:${max}`, { minimumFractionDigits: min, maximumFractionDigits: max }).format(n);
}

/** Rupees with paise: 123456 → "₹1,23,456.00". */
export function formatMoney(value: Numeric, fallback = ''): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  return numberFormat('money', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
}

/** A price or fee per litre: 78.5 → "₹78.50/L" (spec: rates carry "/L"). */
export function formatRate(value: Numeric, fallback = ''): string {
  const money = formatMoney(value);
  return money ? `${money}/L` : fallback;
}

/**
 * Bulk litres with no decimals for whole litres (spec: "30,000 B/L"): 250000 → "2,50,000 B/L". Litres are kept to
 * one decimal, so a fraction shows up to `maxDecimals` digits (25000.5 → "25,000.5 B/L") rather than being rounded
 * away.
 */
export function formatQuantity(value: Numeric, maxDecimals = 1, fallback = ''): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  return `${formatNumber(n, { minDecimals: 0, maxDecimals })} B/L`;
}

/** Percentages with up to two decimals: 18 → "18%", 2.5 → "2.5%". */
export function formatPercent(value: Numeric, fallback = ''): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  return `${formatNumber(n, { maxDecimals: 2 })}%`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type DateParts = { year: string; month: string; day: string; hour: string; minute: string };

function partsOf(value: Date | string | number | null | undefined): DateParts | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Partial<DateParts> = {};
  for (const part of dateTimeFormat.formatToParts(date)) {
    if (
      part.type === 'year' ||
      part.type === 'month' ||
      part.type === 'day' ||
      part.type === 'hour' ||
      part.type === 'minute'
    ) {
      parts[part.type] = part.value;
    }
  }
  const { year, month, day, hour, minute } = parts;
  if (!year || !month || !day || !hour || !minute) return null;
  return { year, month, day, hour, minute };
}

/** "dd-MM-yyyy HH:mm" in India Standard Time. */
export function formatDateTime(value: Date | string | number | null | undefined, fallback = ''): string {
  const p = partsOf(value);
  return p ? `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}` : fallback;
}

/** "dd-MM-yyyy" in India Standard Time. */
export function formatDate(value: Date | string | number | null | undefined, fallback = ''): string {
  const p = partsOf(value);
  return p ? `${p.day}-${p.month}-${p.year}` : fallback;
}

/** "yyyy-MM-dd" in India Standard Time (dashboard lists). */
export function formatIsoDate(value: Date | string | number | null | undefined, fallback = ''): string {
  const p = partsOf(value);
  return p ? `${p.year}-${p.month}-${p.day}` : fallback;
}

/** "yyyy-MM-dd HH:mm" in India Standard Time (dashboard lists' created and valid-until times). */
export function formatIsoDateTime(value: Date | string | number | null | undefined, fallback = ''): string {
  const p = partsOf(value);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : fallback;
}

/** A period "YYYY-MM" (or a longer date string starting with it) as "MM-yyyy". */
export function formatPeriod(value: string | null | undefined, fallback = ''): string {
  const match = value ? /^(\d{4})-(\d{2})/.exec(value) : null;
  return match ? `${match[2]}-${match[1]}` : fallback;
}

/** A calendar day typed as "dd-MM-yyyy" (or with / or .) as "yyyy-MM-dd"; null when it is not a real day. */
export function parseDayInput(text: string): string | null {
  const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "yyyy-MM-dd" as "dd-MM-yyyy" (a calendar day, no time zone); anything else unchanged. */
export function formatDayInput(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}
