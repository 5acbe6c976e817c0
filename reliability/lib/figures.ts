// Figures a check measured: printed as the test runs, and appended to the file the runner (reliability/run.mjs)
// turns into docs/reliability.md. A figure is a record, never a threshold: the checks assert behaviour.
import { appendFileSync } from 'node:fs';

export type FigureRow = Record<string, string | number>;

export const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Records one row of a section's table (`note` is printed under the table once). */
export function figure(section: string, row: FigureRow, note?: string) {
  console.log(
    `[${DATABASE}] ${section}: ${Object.entries(row)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ section, row, note })}\n`);
}

/** Milliseconds since `start` (a `performance.now()`), one decimal. */
export const since = (start: number) => Math.round((performance.now() - start) * 10) / 10;

/** The value at quantile `q` (0..1) of `values`, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
