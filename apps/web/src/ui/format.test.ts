import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPeriod,
  formatQuantity,
  formatRate,
} from './format';

describe('Indian number formats', () => {
  it('groups digits in lakhs and crores', () => {
    expect(formatNumber(12345678.91)).toBe('1,23,45,678.91');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber('100000')).toBe('1,00,000');
  });

  it('shows rupees with paise', () => {
    expect(formatMoney(123456.5)).toBe('₹1,23,456.50');
    expect(formatMoney('99')).toBe('₹99.00');
    expect(formatMoney(-1234567)).toBe('-₹12,34,567.00');
  });

  it('shows bulk litres with the asked number of decimals', () => {
    expect(formatQuantity(250000)).toBe('2,50,000 B/L');
    expect(formatQuantity(1234.56, 1)).toBe('1,234.6 B/L');
    // Whole litres show no decimals (spec: "30,000 B/L"), a kept fraction its one decimal.
    expect(formatQuantity('30000.0', 1)).toBe('30,000 B/L');
    expect(formatQuantity('25000.5')).toBe('25,000.5 B/L');
    expect(formatRate('78.5')).toBe('₹78.50/L');
    expect(formatRate(null, 'N/A')).toBe('N/A');
  });

  it('shows percentages with at most two decimals', () => {
    expect(formatPercent(18)).toBe('18%');
    expect(formatPercent('2.555')).toBe('2.56%');
  });

  it('answers the fallback for missing or non-numeric values', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined, 'NA')).toBe('NA');
    expect(formatNumber('abc', { fallback: '-' })).toBe('-');
    expect(formatQuantity('', 0, 'NA')).toBe('NA');
  });
});

describe('dates in India Standard Time', () => {
  // 18:45 UTC on 31 March is 00:15 on 1 April in Kolkata (UTC+05:30), whatever zone runs the test.
  const instant = '2025-03-31T18:45:00Z';

  it('formats dd-MM-yyyy HH:mm', () => {
    expect(formatDateTime(instant)).toBe('01-04-2025 00:15');
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 5, 6, 30)))).toBe('05-12-2024 12:00');
  });

  it('formats dd-MM-yyyy and yyyy-MM-dd', () => {
    expect(formatDate(instant)).toBe('01-04-2025');
    expect(formatIsoDate(instant)).toBe('2025-04-01');
  });

  it('formats a period as MM-yyyy', () => {
    expect(formatPeriod('2025-07')).toBe('07-2025');
    expect(formatPeriod('2025-07-01')).toBe('07-2025');
    expect(formatPeriod('July')).toBe('');
  });

  it('answers the fallback for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date', 'NA')).toBe('NA');
  });
});

describe('typed days (dd-MM-yyyy)', () => {
  it('reads real days and refuses others', async () => {
    const { parseDayInput, formatDayInput } = await import('./format');
    expect(parseDayInput('05-03-2026')).toBe('2026-03-05');
    expect(parseDayInput('5/3/2026')).toBe('2026-03-05');
    expect(parseDayInput('31-02-2026')).toBeNull();
    expect(parseDayInput('2026-03-05')).toBeNull();
    expect(formatDayInput('2026-03-05')).toBe('05-03-2026');
  });
});
