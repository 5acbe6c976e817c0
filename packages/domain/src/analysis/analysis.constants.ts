// Price / Quote Trend and Data Analysis (issue 23 parts 5 and 6; DESIGN.md §4 "Dashboards, trend, analysis").

/** The trend's Last Trade column: approved trades of this many days up to now. */
export const TREND_TRADE_DAYS = 30;

/** /dataanalysis opens on this many days up to today. */
export const DEFAULT_RANGE_DAYS = 90;
/** A range spans at most three years (1,096 days counts a leap day), so a figure never sums the platform's life. */
export const MAX_RANGE_DAYS = 1_096;
/** No range starts before the platform could have traded. */
export const EARLIEST_DATE = '2020-01-01';

/** Buckets of a range: a day up to two months, a week up to a year, a month beyond. */
export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const DAY_BUCKET_MAX_DAYS = 62;
export const WEEK_BUCKET_MAX_DAYS = 366;

export const VOLUME_GROUPS = ['product', 'state'] as const;
export type VolumeGroup = (typeof VOLUME_GROUPS)[number];

export const TOP_COMPANIES_DEFAULT = 10;
export const TOP_COMPANIES_MAX = 50;

export const ANALYSIS_MESSAGES = {
  invalidDate: 'Enter a date as YYYY-MM-DD',
  tooEarly: `Dates start at ${EARLIEST_DATE}`,
  reversed: 'From date must not be after To date',
  tooLong: 'The date range may span at most 3 years',
  unknownProduct: 'Unknown product',
} as const;
