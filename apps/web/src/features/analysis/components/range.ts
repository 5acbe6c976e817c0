// The analysis's date range as the page holds it: two India calendar days, both counted.
export type Range = { from_date: string; to_date: string };
