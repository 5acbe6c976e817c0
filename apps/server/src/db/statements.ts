// Statements built once per shape. Drizzle assembles a query's SQL text from its builder on every call, and on a
// hot read that is the largest share of the server's time (docs/decisions.md "Performance (issue 6)"). A read
// written with `statement` is built on first use per shape, with `sql.placeholder` where the values go, and
// afterwards only executed with the values, on the database or inside a transaction: no SQL is assembled per
// request, and PostgreSQL keeps its plan per connection (the pool names every parameterised statement, db/client.ts).
import {
  Column,
  getTableColumns,
  getTableName,
  is,
  Param,
  SQL,
  sql,
  Subquery,
  type SQLWrapper,
  type Table,
} from 'drizzle-orm';
import { genericTwin, type Tx } from './client.js';
import { containsAny, searchPattern, searchTextLike } from '../lib/list.js';

type Preparable = { prepare(name: string): unknown };

/**
 * What a builder hands its session to prepare (the SQL text, the placeholders and constants in order, how rows map
 * to fields) and what it sets on the result: recorded once, then given to any session's `prepareQuery`, which only
 * wraps them. Drizzle's builders prepare through `this.session.prepareQuery(…)` (select, insert, update, delete).
 */
type Recipe = { args: unknown[]; after: Record<string, unknown> };
type Session = { prepareQuery(...args: unknown[]): Record<string, unknown> };
const sessionOf = (tx: Tx) => (tx as unknown as { session: Session }).session;

function recipeOf(builder: Preparable): Recipe {
  const held = builder as unknown as { session: Session };
  const real = held.session;
  let args: unknown[] | undefined;
  const after: Record<string, unknown> = {};
  // What the builder sets on the prepared query lands in `after`; `setToken` hands it back.
  const recorder = new Proxy(after, {
    get: (target, key) => (key === 'setToken' ? () => recorder : target[key as string]),
  });
  held.session = { prepareQuery: (...a: unknown[]) => ((args = a), recorder) };
  try {
    builder.prepare('');
  } finally {
    held.session = real;
  }
  if (!args) throw new Error('statement: the builder prepared nothing');
  return { args: withRowMapper(args, after), after };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };

/** The decoder Drizzle's `mapResultRow` gives a selected field (a column, SQL, an aliased SQL or a subquery). */
function decoderOf(field: unknown): Decoder {
  // `decoder` is internal to Drizzle's SQL (set by `mapWith`): read as mapResultRow reads it.
  const decoderOfSql = (q: SQL) => (q as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/**
 * Whether `mapResultRow` could turn a nested object into null: it does when the object's columns all come from one
 * table that `joinsNotNullableMap` does not hold not-nullable (a left-joined table, or none the select knows) and
 * every one of them is null.
 */
function mayNullify(fields: SelectedField[], joins: unknown): boolean {
  if (!joins) return false;
  const tables = new Map<string, Set<string>>();
  for (const { path, field } of fields) {
    if (path.length !== 2 || !is(field, Column)) continue;
    const names = tables.get(path[0]!) ?? new Set<string>();
    tables.set(path[0]!, names.add(getTableName(field.table)));
  }
  const notNullable = joins as Record<string, boolean>;
  return [...tables.values()].some((names) => names.size === 1 && !notNullable[[...names][0]!]);
}

/**
 * A select's rows mapped by a function written once for its fields, as Drizzle's `mapResultRow` maps them: each
 * field's decoder on its non-null value, nested objects by path in the order the fields first name them. Drizzle
 * asks every field of every row what kind of entity it is and walks its path again (a tenth of a list request's
 * server time, docs/decisions.md "A statement's rows are mapped by a function made for it"). A select where
 * `mapResultRow` could make a nested object null (`mayNullify`) keeps it.
 */
function withRowMapper(args: unknown[], after: Record<string, unknown>): unknown[] {
  const [, fields, , arrayMode, customMapper] = args as [
    unknown,
    SelectedField[] | undefined,
    unknown,
    boolean,
    unknown,
  ];
  if (!fields?.length || !arrayMode || customMapper || mayNullify(fields, after.joinsNotNullableMap)) return args;
  const decoders = fields.map((f) => decoderOf(f.field));
  type Tree = Map<string, Tree | number>;
  const tree: Tree = new Map();
  let plain = true;
  fields.forEach(({ path }, index) => {
    let node = tree;
    path.slice(0, -1).forEach((key) => {
      const next = node.get(key);
      if (next === undefined) node.set(key, (node = new Map()));
      else if (next instanceof Map) node = next;
      else plain = false;
    });
    const leaf = path[path.length - 1]!;
    if (node.get(leaf) instanceof Map || leaf === '__proto__') plain = false;
    node.set(leaf, index);
  });
  // A name that is both a value and an object of values, or the prototype's name: left to Drizzle.
  if (!plain) return args;
  const literal = (node: Tree): string =>
    `{${[...node]
      .map(
        ([key, v]) =>
          `${JSON.stringify(key)}: ${v instanceof Map ? literal(v) : `r[${v}] === null ? null : d[${v}].mapFromDriverValue(r[${v}])`}`,
      )
      .join(', ')}}`;
  // The field names are written as JSON strings and the values read by index: nothing of a row becomes code.
  const mapRow = new Function('d', `return function mapRow(r) { return ${literal(tree)}; };`)(decoders) as (
    row: unknown[],
  ) => unknown;
  const mapRows = (rows: unknown[][]) => rows.map(mapRow);
  return [args[0], fields, args[2], arrayMode, mapRows, ...args.slice(5)];
}

function bind<P>(tx: Tx, recipe: Recipe): P {
  const prepared = sessionOf(tx).prepareQuery(...recipe.args);
  Object.assign(prepared, recipe.after);
  return prepared as P;
}

/**
 * A statement per shape, run on any session. `build(tx, shape)` returns a query builder whose varying values are
 * placeholders; `shape` is what changes the text (which filters are present, the order), never a value, so the
 * number of built statements is the number of shapes the code writes. Use the result as
 * `await listShape(tx, shape).execute({ name: value, … })`.
 *
 * Built once per process and shape: a session (the database, or a transaction, whose statements must run on its
 * own connection) gets the built text wrapped for it, which costs an object, not a build. A transaction's
 * statements go with it.
 */
export function statement<S extends Record<string, string | boolean>, Q extends Preparable>(
  build: (tx: Tx, shape: S) => Q,
  options: StatementOptions<S> = {},
): (tx: Tx, shape: S) => ReturnType<Q['prepare']> {
  const recipes = new Map<string, Recipe>();
  const bySession = new WeakMap<object, Map<string, ReturnType<Q['prepare']>>>();
  return (given, shape) => {
    const tx = (options.generic?.(shape) && genericTwin.get(given)) || given;
    let shapes = bySession.get(tx);
    if (!shapes) bySession.set(tx, (shapes = new Map()));
    const key = Object.values(shape).join('|');
    let prepared = shapes.get(key);
    if (!prepared) {
      let recipe = recipes.get(key);
      // No name: the pool names each statement after its text (PreparingClient), PGlite ignores names.
      if (!recipe) recipes.set(key, (recipe = recipeOf(build(tx, shape))));
      prepared = bind<ReturnType<Q['prepare']>>(tx, recipe);
      shapes.set(key, prepared);
    }
    return prepared;
  };
}

type RawPrepared = { execute(values?: Record<string, unknown>): Promise<unknown> };
export type SqlRecipes = Map<string, Recipe>;

/**
 * The SQL `build` writes, built once per `key` (none: built for this call only) and wrapped for `tx`; `.execute`
 * answers as `tx.execute` does (the driver's result, rows unmapped).
 */
export function keyedSql(recipes: SqlRecipes, tx: Tx, key: string | null, build: () => SQL): RawPrepared {
  let recipe = key === null ? undefined : recipes.get(key);
  if (!recipe) {
    const dialect = (tx as unknown as { dialect: { sqlToQuery(q: SQL): unknown } }).dialect;
    recipe = { args: [dialect.sqlToQuery(build()), undefined, undefined, false], after: {} };
    if (key !== null) recipes.set(key, recipe);
  }
  return bind<RawPrepared>(tx, recipe);
}

/**
 * `statement` for SQL written as a template (a data-modifying WITH, an UPDATE … FROM VALUES): `build(shape)` returns
 * the SQL with `sql.placeholder`s, built once per shape.
 */
export function sqlStatement<S extends Record<string, string | boolean | number>>(build: (shape: S) => SQL) {
  const recipes: SqlRecipes = new Map();
  return (tx: Tx, shape: S) => keyedSql(recipes, tx, Object.values(shape).join('|'), () => build(shape));
}

/**
 * A placeholder filled through `column`'s encoder, as a value written there would be, with null staying SQL NULL
 * (Drizzle's own placeholders encode null too: a json column would store JSON `null`, an array column fails).
 */
export function slot(column: Column, name: string): SQL {
  const encoder = { mapToDriverValue: (v: unknown) => (v === null ? null : column.mapToDriverValue(v)) };
  return sql`${new Param(sql.placeholder(name), encoder)}`;
}

/**
 * `slot`s for the given columns of `table`, named after them (after `prefix`), for a builder's `set` or `values`:
 * `.set(slots(bids, ['status', 'locked']))`, run with `{ status, locked }`.
 */
export function slots<K extends string>(table: Table, columns: readonly K[], prefix = ''): Record<K, never> {
  const all = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(columns.map((c) => [c, slot(all[c]!, prefix + c)])) as Record<K, never>;
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
