// Pure rules of the analysis screens: the date range, its buckets and its defaults. Days are India's calendar days.
import { indianDateOf } from '../invoices/invoices.rules.js';
import {
  ANALYSIS_MESSAGES,
  DAY_BUCKET_MAX_DAYS,
  DEFAULT_RANGE_DAYS,
  EARLIEST_DATE,
  MAX_RANGE_DAYS,
  WEEK_BUCKET_MAX_DAYS,
  type Bucket,
} from './analysis.constants.js';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is one day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A day per bucket for two months, a week for a year, a month beyond. */
export function bucketFor(from: string, to: string): Bucket {
  const days = daysInRange(from, to);
  if (days <= DAY_BUCKET_MAX_DAYS) return 'day';
  if (days <= WEEK_BUCKET_MAX_DAYS) return 'week';
  return 'month';
}

/** The range a screen opens on: the last `DEFAULT_RANGE_DAYS` days up to today in India. */
export function defaultRange(now: Date): { from_date: string; to_date: string } {
  const to = indianDateOf(now);
  return { from_date: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to_date: to };
}

export type RangeError = { field: 'from_date' | 'to_date'; message: string };

/** What is wrong with a range of two calendar days, or null. */
export function rangeError(from: string, to: string): RangeError | null {
  if (from < EARLIEST_DATE) return { field: 'from_date', message: ANALYSIS_MESSAGES.tooEarly };
  if (from > to) return { field: 'from_date', message: ANALYSIS_MESSAGES.reversed };
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return { field: 'to_date', message: ANALYSIS_MESSAGES.tooLong };
  return null;
}
