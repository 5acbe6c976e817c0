// Statements built once per shape. Drizzle assembles a query's SQL text from its builder on every call, and on a
// hot read that is the largest share of the server's time (docs/decisions.md "Performance (issue 6)"). A read
// written with `statement` is built on first use per database session and shape, with `sql.placeholder` where the
// values go, and afterwards only executed with the values: no SQL is assembled per request, and PostgreSQL keeps
// its plan per connection (the pool names every parameterised statement, db/client.ts).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { genericTwin, type Tx } from './client.js';
import { containsAny, searchPattern, searchTextLike } from '../lib/list.js';

type Preparable = { prepare(name: string): unknown };

/**
 * A statement per session and shape. `build(tx, shape)` returns a query builder whose varying values are
 * placeholders; `shape` is what changes the text (which filters are present, the order), never a value, so the
 * number of built statements is the number of shapes the code writes. Use the result as
 * `await listShape(tx, shape).execute({ name: value, … })`.
 *
 * Built per session: the database's own statements live as long as the process; a transaction gets statements
 * of its own, which go with it (a statement runs on the session it was built on).
 */
export function statement<S extends Record<string, string | boolean>, Q extends Preparable>(
  build: (tx: Tx, shape: S) => Q,
  options: StatementOptions<S> = {},
): (tx: Tx, shape: S) => ReturnType<Q['prepare']> {
  const bySession = new WeakMap<object, Map<string, ReturnType<Q['prepare']>>>();
  return (given, shape) => {
    const tx = (options.generic?.(shape) && genericTwin.get(given)) || given;
    let shapes = bySession.get(tx);
    if (!shapes) bySession.set(tx, (shapes = new Map()));
    const key = Object.values(shape).join('|');
    let prepared = shapes.get(key);
    if (!prepared) {
      // No name: the pool names each statement after its text (PreparingClient), PGlite ignores names.
      prepared = build(tx, shape).prepare('') as ReturnType<Q['prepare']>;
      shapes.set(key, prepared);
    }
    return prepared;
  };
}

export type StatementOptions<S> = {
  /**
   * A generic statement names its constant statuses as SQL literals (`sql\`status in ('New', 'OnGoing')\``), never
   * as Drizzle values: `eq(col, 'Approved')` and `inArray(col, [...])` become parameters, and a plan made without
   * the values cannot prove a partial index's predicate (`where status = 'Approved'`) from a parameter, so it walks
   * or sorts the whole table instead (the market's ticker: 1.4 s; My Service Fee: 1.1 s).
   *
   * Shapes whose best plan does not depend on the values — no search term or list of values whose frequency decides
   * which index to walk: outside a transaction they run on the database's generic twin (db/client.ts), planned once
   * per connection instead of on every call. Their generic plans are checked by the EXPLAIN tests.
   */
  generic?: (shape: S) => boolean;
};

/** Every shape of a statement is `generic`. */
export const alwaysGeneric = { generic: () => true } as const;

/** The shapes without a search term are `generic`. */
export const notSearched = { generic: (shape: { search: boolean }) => !shape.search } as const;

/** `statement` for a read with one shape (`alwaysGeneric` when its plan does not depend on the values). */
export function fixedStatement<Q extends Preparable>(
  build: (tx: Tx) => Q,
  options: StatementOptions<Record<string, never>> = {},
) {
  const shaped = statement((tx: Tx) => build(tx), options);
  return (tx: Tx) => shaped(tx, {});
}

/**
 * `searchAny` for a statement: case-insensitive "contains" over the columns against the placeholder `name`, to be
 * filled with `searchPattern(term)`.
 */
export function searchAnyPlaceholder(columns: SQLWrapper[], name = 'pattern'): SQL {
  return containsAny(columns, sql.placeholder(name));
}

/** `searchTextLike` for a statement: the table's `search_text` against the placeholder `name` (`searchPattern`). */
export function searchTextPlaceholder(column: SQLWrapper, name = 'pattern'): SQL {
  return searchTextLike(column, sql.placeholder(name));
}

/** The value of a search placeholder (lib/list.ts), exported here beside the placeholder it fills. */
export { searchPattern };
