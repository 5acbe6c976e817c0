// How the top companies cut a range into quarters, months and days, and the volume chart into weeks or months and
// days (analysis.periods.ts): the periods chosen, each added or taken away; apps/server analysis.summaries.test.ts
// checks the sums they give against the trades.
import { describe, expect, it } from 'vitest';
import { topCompaniesSpans, volumeSpans } from './analysis.periods.js';

describe('the top companies read a partial period', () => {
  it('by its finer periods, or as the whole period less the fewer ones it leaves out', () => {
    // A year to 2026-11-30: the day before December; December; 2026's quarters less December (not yet traded, so
    // nothing read) and November less its 30th.
    expect(topCompaniesSpans('2025-11-30', '2026-11-30')).toEqual({
      quarters: [{ from: '2026-01-01', to: '2027-01-01', sign: 1 }],
      months: [
        { from: '2025-12-01', to: '2026-01-01', sign: 1 },
        { from: '2026-12-01', to: '2027-01-01', sign: -1 },
      ],
      days: [
        { from: '2025-11-30', to: '2025-12-01', sign: 1 },
        { from: '2026-11-30', to: '2026-12-01', sign: -1 },
      ],
    });
    // Two quarters less a month at each end: fewer rows than the four months they keep.
    expect(topCompaniesSpans('2026-02-01', '2026-06-01')).toEqual({
      quarters: [{ from: '2026-01-01', to: '2026-07-01', sign: 1 }],
      months: [
        { from: '2026-01-01', to: '2026-02-01', sign: -1 },
        { from: '2026-06-01', to: '2026-07-01', sign: -1 },
      ],
      days: [],
    });
    // March, the second quarter less June, and those months less the days they leave out.
    expect(topCompaniesSpans('2026-03-03', '2026-05-27')).toEqual({
      quarters: [{ from: '2026-04-01', to: '2026-07-01', sign: 1 }],
      months: [
        { from: '2026-03-01', to: '2026-04-01', sign: 1 },
        { from: '2026-06-01', to: '2026-07-01', sign: -1 },
      ],
      days: [
        { from: '2026-03-01', to: '2026-03-03', sign: -1 },
        { from: '2026-05-27', to: '2026-06-01', sign: -1 },
      ],
    });
    expect(topCompaniesSpans('2026-03-21', '2026-04-03')).toEqual({
      quarters: [],
      months: [],
      days: [
        { from: '2026-03-21', to: '2026-04-01', sign: 1 },
        { from: '2026-04-01', to: '2026-04-03', sign: 1 },
      ],
    });
    expect(topCompaniesSpans('2026-03-02', '2026-03-30')).toEqual({
      quarters: [],
      months: [],
      days: [{ from: '2026-03-02', to: '2026-03-30', sign: 1 }],
    });
    expect(topCompaniesSpans('2026-03-01', '2026-05-01')).toEqual({
      quarters: [],
      months: [
        { from: '2026-03-01', to: '2026-04-01', sign: 1 },
        { from: '2026-04-01', to: '2026-05-01', sign: 1 },
      ],
      days: [],
    });
    expect(topCompaniesSpans('2025-10-01', '2026-10-01')).toEqual({
      quarters: [{ from: '2025-10-01', to: '2026-10-01', sign: 1 }],
      months: [],
      days: [],
    });
  });
});

describe('the volume chart reads its buckets', () => {
  it('by week: whole weeks (from Monday) and the days at the ends, added or taken from their week', () => {
    // The default 90 days to Sunday 2026-11-29: from Tuesday 1 September, so its week less Monday 31 August.
    expect(volumeSpans('2026-09-01', '2026-11-30', 'week')).toEqual({
      periods: [{ from: '2026-08-31', to: '2026-11-30', sign: 1 }],
      days: [{ from: '2026-08-31', to: '2026-09-01', sign: -1 }],
    });
    // From a Friday (three days kept, four left out) to a Thursday (three kept): the days themselves.
    expect(volumeSpans('2026-09-04', '2026-12-03', 'week')).toEqual({
      periods: [{ from: '2026-09-07', to: '2026-11-30', sign: 1 }],
      days: [
        { from: '2026-09-04', to: '2026-09-07', sign: 1 },
        { from: '2026-11-30', to: '2026-12-03', sign: 1 },
      ],
    });
    // To a Saturday: the whole week less its Sunday.
    expect(volumeSpans('2026-08-31', '2026-12-06', 'week')).toEqual({
      periods: [{ from: '2026-08-31', to: '2026-12-07', sign: 1 }],
      days: [{ from: '2026-12-06', to: '2026-12-07', sign: -1 }],
    });
    // Inside one week: its days.
    expect(volumeSpans('2026-09-01', '2026-09-04', 'week')).toEqual({
      periods: [],
      days: [{ from: '2026-09-01', to: '2026-09-04', sign: 1 }],
    });
  });

  it('by month: whole months and the days at the ends; by day, the days alone', () => {
    expect(volumeSpans('2025-01-10', '2026-03-20', 'month')).toEqual({
      periods: [{ from: '2025-01-01', to: '2026-04-01', sign: 1 }],
      days: [
        { from: '2025-01-01', to: '2025-01-10', sign: -1 },
        { from: '2026-03-20', to: '2026-04-01', sign: -1 },
      ],
    });
    expect(volumeSpans('2024-02-20', '2026-02-10', 'month')).toEqual({
      periods: [{ from: '2024-03-01', to: '2026-02-01', sign: 1 }],
      days: [
        { from: '2024-02-20', to: '2024-03-01', sign: 1 },
        { from: '2026-02-01', to: '2026-02-10', sign: 1 },
      ],
    });
    expect(volumeSpans('2026-10-01', '2026-11-30', 'day')).toEqual({
      periods: [],
      days: [{ from: '2026-10-01', to: '2026-11-30', sign: 1 }],
    });
  });
});
