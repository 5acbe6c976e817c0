// A named statement's rows described once, not on every execution. node-postgres asks PostgreSQL to describe the
// portal of every prepared statement it executes, then parses the description and builds a parser per column before
// the first row: for a bid list's 35 columns that cost the server about as much as the page's ten rows, and the
// database sent the description each time (docs/decisions.md, "Rows described once").
//
// `DescribedQuery` is node-postgres' own query with one change: when the statement was parsed on this connection
// and its description is known, it binds and executes without Describe, and reads the rows with the columns and
// parsers kept from the last description. The description is trusted only where it cannot have changed unheard:
// on a connection that parsed the statement, PostgreSQL refuses to run a prepared statement whose result columns
// changed ("cached plan must not change result type"), and a connection that has not parsed it yet describes again.
import pg from 'pg';

/** What of node-postgres' connection the skipped Describe's path uses. */
type Connection = {
  bind(msg: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: unknown }): void;
  sync(): void;
};

/** What a row description leaves on node-postgres' result: the columns and, for the types it was read with, parsers. */
type Shape = { fields: pg.FieldDef[]; types: unknown; parsers: unknown[]; empty: unknown };

type ResultInternals = {
  fields: pg.FieldDef[];
  _types: unknown;
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: unknown;
  addFields(fields: pg.FieldDef[]): void;
};

type QueryInternals = {
  name?: string;
  values?: unknown[];
  rows?: number;
  binary?: boolean;
  portal: string;
  callback?: unknown;
  types?: unknown;
  queryMode?: string;
  _rowMode?: string;
  _result: ResultInternals;
  _results: ResultInternals;
  _accumulateRows: unknown;
  hasBeenParsed(connection: Connection): boolean;
  handleError(err: unknown, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
};

/** Statement name → its rows' shape as last described. Bounded by the named statements (db/client.ts). */
const shapes = new Map<string, Shape>();

/** How `prepareValue` turns values into the wire's text: node-postgres' own, as its query uses. */
const { prepareValue } = (pg as unknown as { utils?: { prepareValue: unknown } }).utils ?? {};

const Base = pg.Query as unknown as new (config: unknown, values?: unknown, callback?: unknown) => QueryInternals;

/** A statement as Drizzle hands it to the client. */
type StatementConfig = {
  text: string;
  name?: string;
  rowMode?: string;
  types?: unknown;
  rows?: number;
  queryMode?: string;
  binary?: boolean;
  portal?: string;
};

const PgResult = (pg as unknown as { Result: new (rowMode: unknown, types: unknown) => ResultInternals }).Result;

export class DescribedQuery extends Base {
  /**
   * node-postgres' query, made from the statement's text and its fields as its constructor sets them: given a config
   * object, it copies it property by property first (`cloneQueryConfig`, 4 % of a list's server time in a profile).
   */
  constructor(config: StatementConfig, values?: unknown, callback?: unknown) {
    super(config.text, values, callback);
    this.name = config.name;
    this.types = config.types;
    this.rows = config.rows;
    this.queryMode = config.queryMode;
    this.binary = config.binary;
    this.portal = config.portal || '';
    this._rowMode = config.rowMode;
    this._result = this._results = new PgResult(config.rowMode, config.types);
  }

  /** node-postgres' `prepare`, without Describe when this connection parsed the statement and its shape is known. */
  prepare(connection: Connection): void {
    const shape = this.name && !this.rows ? shapes.get(this.name) : undefined;
    if (!shape || !this.hasBeenParsed(connection) || !prepareValue) {
      (Base.prototype as unknown as { prepare(c: Connection): void }).prepare.call(this, connection);
      return;
    }
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name!,
        values: this.values ?? [],
        binary: !!this.binary,
        valueMapper: prepareValue,
      });
    } catch (err) {
      connection.sync();
      this.handleError(err, connection);
      return;
    }
    this.useShape(shape);
    this._getRows(connection, undefined);
  }

  /** Reads the rows to come as the last description said, as `handleRowDescription` would have set up. */
  private useShape(shape: Shape) {
    const result = this._result;
    if (result._types === shape.types) {
      result.fields = shape.fields;
      result._parsers = shape.parsers;
      result._prebuiltEmptyResultObject = shape.empty;
    } else {
      result.addFields(shape.fields);
    }
    const emitter = this as unknown as { listeners(event: string): unknown[] };
    this._accumulateRows = this.callback || !emitter.listeners('row').length;
  }

  handleRowDescription(msg: { fields: pg.FieldDef[] }): void {
    (Base.prototype as unknown as { handleRowDescription(m: unknown): void }).handleRowDescription.call(this, msg);
    if (!this.name) return;
    const result = this._result;
    shapes.set(this.name, {
      fields: result.fields,
      types: result._types,
      parsers: result._parsers ?? [],
      empty: result._prebuiltEmptyResultObject,
    });
  }
}

/**
 * Runs `config` on `client` as a `DescribedQuery`: with `callback` as node-postgres would call it, or as a promise
 * of the result when there is none (a transaction's client, Drizzle's `await client.query(...)`).
 */
export function runDescribed(
  submit: (query: DescribedQuery) => unknown,
  config: StatementConfig,
  values: unknown,
  callback: unknown,
): Promise<unknown> | undefined {
  const query = new DescribedQuery(config, values, callback);
  if (query.callback) {
    submit(query);
    return undefined;
  }
  const result = new Promise((resolve, reject) => {
    query.callback = (err: unknown, res: unknown) => (err ? reject(err) : resolve(res));
  }).catch((err: unknown) => {
    // As node-postgres does: the stack then leads back to the code that awaited the query, not to the socket.
    if (err instanceof Error) Error.captureStackTrace(err);
    throw err;
  });
  submit(query);
  return result;
}
