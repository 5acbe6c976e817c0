// Dashboards (spec 001 §2 "Dashboard", §9; issue 23): the day windows and bounds of the dashboard calls.

/** The dashboard's approved and open bid tables read the last 7 days (spec 001 §9). */
export const DASHBOARD_DAYS = 7;
/** A day window asked of a list is 1 to 90 days. */
export const MAX_LIST_DAYS = 90;
/** Commission over time: the last 90 days unless asked otherwise, at most a year and a day. */
export const COMMISSION_DAYS = 90;
export const MAX_COMMISSION_DAYS = 366;
/** A dashboard list pages through at most this many pages (the lists count to 10,000 bids). */
export const MAX_DASHBOARD_PAGE = 1_000;
/** A search term of a dashboard list. */
export const MAX_DASHBOARD_SEARCH = 100;
/** Figures are shown in India Standard Time: a commission day is an IST day. */
export const DASHBOARD_TIME_ZONE = 'Asia/Kolkata';

export const DASHBOARD_MESSAGES = {
  days: (max: number) => `Days must be a whole number from 1 to ${max}`,
  page: `Page must be a whole number from 1 to ${MAX_DASHBOARD_PAGE}`,
  search: `Search must be at most ${MAX_DASHBOARD_SEARCH} characters`,
} as const;
