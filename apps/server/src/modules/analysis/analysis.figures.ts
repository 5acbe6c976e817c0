// What the trend's and the analysis's figures share (analysis.repository.ts, analysis.trend.repository.ts): the
// weighted rate and total of a summary's rows, and a figure's statement built once per shape.
import type { Span } from '@spirit/domain/analysis/analysis.periods';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { statement } from '../../db/statements.js';

/** Σ value ÷ Σ quantity of the rows `filter` keeps, two decimals; null when they hold no quantity. */
export const rate = (value: SQLWrapper, quantity: SQLWrapper, filter?: SQL) => {
  const f = filter ? sql` filter (where ${filter})` : sql``;
  return sql<string | null>`(round(sum(${value})${f} / nullif(sum(${quantity})${f}, 0), 2))::text`;
};
export const total = (quantity: SQLWrapper, filter: SQL) =>
  sql<string | null>`(sum(${quantity}) filter (where ${filter}))::text`;
export const p = (name: string) => sql.placeholder(name);

/**
 * A figure's statement, built once per shape (db/statements.ts: Drizzle assembling the SQL and mapping the rows was
 * most of an uncached figure's server time) and planned with its values: `args` turns a request into the shape and
 * the values of its placeholders.
 */
export type Args<S> = { shape: S; values: Record<string, unknown> };
type Executes = { execute(values: Record<string, unknown>): Promise<unknown> };
export function figure<O, S extends Record<string, string | boolean>, Q extends { prepare(name: string): Executes }>(
  build: (tx: Tx, shape: S) => Q,
  args: (opts: O) => Args<S>,
) {
  const shaped = statement(build);
  return (tx: Tx, opts: O) => {
    const { shape, values } = args(opts);
    return shaped(tx, shape).execute(values) as ReturnType<ReturnType<Q['prepare']>['execute']>;
  };
}

/** Spans' signs as a shape's text, one character a span: `+` added, `-` taken away. */
export const signsOf = (spans: readonly Span[]) => spans.map((s) => (s.sign < 0 ? '-' : '+')).join('');
/** The placeholders' values of spans named `prefix` and their index. */
export const spanValues = (prefix: string, spans: readonly Span[]) =>
  Object.fromEntries(
    spans.flatMap((s, i) => [
      [`${prefix}_from${i}`, s.from],
      [`${prefix}_to${i}`, s.to],
    ]),
  );
