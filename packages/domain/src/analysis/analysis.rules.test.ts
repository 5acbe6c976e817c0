import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../common/csv.js';
import { addDays, bucketFor, daysInRange, defaultRange, isCalendarDate, rangeError } from './analysis.rules.js';
import { analysisRangeSchema, priceTrendQuerySchema } from './analysis.schemas.js';

describe('the range and its buckets', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 'day'],
    ['2026-01-01', '2026-03-03', 'day'], // 62 days
    ['2026-01-01', '2026-03-04', 'week'], // 63 days
    ['2025-01-01', '2026-01-01', 'week'], // 366 days
    ['2025-01-01', '2026-01-02', 'month'],
    ['2023-01-01', '2025-12-31', 'month'],
  ] as const)('%s to %s is bucketed by %s', (from, to, bucket) => {
    expect(bucketFor(from, to)).toBe(bucket);
  });

  it('counts both ends and steps days across months and leap days', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('opens on the last 90 days of India’s calendar', () => {
    // 20:00 UTC is already the next day in India.
    expect(defaultRange(new Date('2026-05-31T20:00:00Z'))).toEqual({ from_date: '2026-03-04', to_date: '2026-06-01' });
  });

  it('knows real calendar days', () => {
    expect(['2026-02-28', '2024-02-29'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '26-01-01', '2026-1-1', ''].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses an early start, a reversed range and one over three years', () => {
    expect(rangeError('2026-01-01', '2026-03-31')).toBeNull();
    expect(rangeError('2023-01-01', '2025-12-31')).toBeNull(); // 1,096 days
    expect(rangeError('2019-12-31', '2020-01-10')?.field).toBe('from_date');
    expect(rangeError('2026-02-01', '2026-01-01')).toEqual({
      field: 'from_date',
      message: 'From date must not be after To date',
    });
    expect(rangeError('2022-12-31', '2025-12-31')).toEqual({
      field: 'to_date',
      message: 'The date range may span at most 3 years',
    });
  });

  it('the schema says the same with its messages', () => {
    const bad = analysisRangeSchema.safeParse({ from_date: '2026-03-01', to_date: '2026-02-01' });
    expect(bad.error?.issues[0]?.message).toBe('From date must not be after To date');
    expect(analysisRangeSchema.safeParse({ from_date: 'x'.repeat(10_000) }).error?.issues[0]?.message).toBe(
      'Enter a date as YYYY-MM-DD',
    );
    expect(analysisRangeSchema.parse({})).toEqual({});
  });

  it('takes a known product or none', () => {
    expect(priceTrendQuerySchema.parse({ product: ' Grain ENA ' })).toEqual({ product: 'Grain ENA' });
    expect(priceTrendQuerySchema.parse({ product: '' })).toEqual({});
    expect(priceTrendQuerySchema.parse({ product: null })).toEqual({});
    expect(priceTrendQuerySchema.safeParse({ product: 'Vodka' }).error?.issues[0]?.message).toBe('Unknown product');
  });
});

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+91 555', "'+91 555"],
    ['-cmd', "'-cmd"],
    ['@A1', "'@A1"],
    ['\tTab', "'\tTab"],
    ['Grain ENA', 'Grain ENA'],
    ['-12.50', '-12.50'],
    ['1500.0', '1500.0'],
    ['Shah, Sons', '"Shah, Sons"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1,2', `"'=1,2"`],
  ])('%j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('writes numbers as they are and nothing for null', () => {
    expect([csvCell(-3), csvCell(0), csvCell(null), csvCell(undefined)]).toEqual(['-3', '0', '', '']);
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Company', 'Volume'],
        [
          ['=evil', 10],
          ['Acme', null],
        ],
      ),
    ).toBe("Company,Volume\r\n'=evil,10\r\nAcme,\r\n");
  });
});
