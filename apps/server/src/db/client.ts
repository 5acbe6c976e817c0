import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { runDescribed, type DescribedQuery } from './described-query.js';
import { turnTaker } from './pglite-turns.js';
import { pgliteStatements, type PgliteStatements, type RunMode } from './pglite-statements.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Statements sent so far: tests hold request paths to their query budget with it. */
  queries: { count: number };
  /**
   * The same connections, not counted in `queries`: for work no request waits for (the event outbox's numbering,
   * fan-out and durable consumers), so a request's statement budget is its own.
   */
  background: Db;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` from any process using this database; `onLost` when the
   * subscription breaks (it is not renewed). Resolves once listening. Returns how to stop.
   */
  listen: (channel: string, handlers: { onNotify: () => void; onLost: () => void }) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Counts the statements Drizzle sends; costs one increment per query. */
function queryCounter() {
  const queries = { count: 0 };
  return { queries, logger: { logQuery: () => void (queries.count += 1) } };
}

/** FNV-1a, 64 bits, as hex: a stable short name for a statement's text. */
function statementName(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) h = BigInt.asUintN(64, (h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n);
  return `sx_${h.toString(16)}`;
}

const MAX_NAMED_STATEMENTS = 2_000;
const named = new Map<string, string>();

/**
 * A pool client that sends every parameterised statement as a named prepared statement, so PostgreSQL parses and
 * plans each statement's text once per connection instead of on every call. The text never carries values (they are
 * parameters), so the set of texts is the set of query shapes the code writes; it is bounded all the same. Its rows
 * are described once too (db/described-query.ts).
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const config = args[0] as { text?: unknown; name?: string; submit?: unknown } | undefined;
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.submit) {
      // Drizzle sends a prepared query's same config object every time: named on its first call, it comes back named.
      if (!config.name) config.name = nameOf(config.text);
      if (config.name) {
        const submit = (query: DescribedQuery) => (super.query as (q: unknown) => unknown)(query);
        return runDescribed(submit, config as { text: string }, args[1], args[2]) as never;
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** The name a parameterised statement's text is prepared under (none for a text without parameters). */
function nameOf(text: string): string | undefined {
  let name = named.get(text);
  if (!name && named.size < MAX_NAMED_STATEMENTS && text.includes('$1')) {
    name = statementName(text);
    named.set(text, name);
  }
  return name;
}

/**
 * Settings of every pooled session: no parallel plans. On short calls under concurrency a worker's start-up costs
 * more than it saves, and 50 callers each taking two workers starve one another (docs/decisions.md "Performance").
 * No JIT compilation either: a generic plan's cost easily passes `jit_above_cost` (100,000) at market scale, and
 * compiling its expressions then took 60–80 ms of a statement that runs in 2 (docs/decisions.md "Dashboards at
 * market scale").
 */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c jit=off';

/**
 * The sessions of `genericTwin`: prepared statements keep the plan made without values. By default PostgreSQL plans
 * a statement again with the values on every execution when that plan looks cheaper than the generic one — and for
 * every page it does, since an unknown LIMIT/OFFSET is costed as a tenth of the table: planning then costs more
 * than running (a company page: 0.1 ms to plan, 0.05 ms to run).
 */
const GENERIC_SETTINGS = `${SESSION_SETTINGS} -c plan_cache_mode=force_generic_plan`;

/**
 * A database's twin whose sessions run generic plans, for reads whose best plan does not depend on the values
 * (`statement`'s `generic` option, db/statements.ts). On PostgreSQL a second pool; PGlite, one session, gets a twin
 * whose statements set `plan_cache_mode` around their own exchange (db/pglite-statements.ts).
 */
export const genericTwin = new WeakMap<object, Db>();

export function openPostgres(url: string): Database {
  const poolOf = (options: string) => {
    const pool = new pg.Pool({ connectionString: url, max: 10, Client: PreparingClient, options });
    // An idle or closing connection the server ends (a restart, a terminated backend, a dropped database) is an
    // 'error' of the pool: pg-pool drops that client and the next query opens another. Unheard, Node would throw it
    // and end the process.
    pool.on('error', () => {});
    return pool;
  };
  const pool = poolOf(SESSION_SETTINGS);
  const genericPool = poolOf(GENERIC_SETTINGS);
  const { queries, logger } = queryCounter();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  genericTwin.set(db, drizzlePg(genericPool, { schema, logger }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    queries,
    background: drizzlePg(pool, { schema }) as unknown as Db,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: async (channel, { onNotify, onLost }) => {
      // A connection of its own, outside the pool: LISTEN holds it for as long as the subscription lives.
      const client = new pg.Client({ connectionString: url });
      let stopped = false;
      const lost = () => {
        if (!stopped) onLost();
        stopped = true;
      };
      client.on('notification', (n) => n.channel === channel && onNotify());
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        stopped = true;
        await client.end();
      };
    },
    close: async () => void (await Promise.all([pool.end(), genericPool.end()])),
  };
}

/**
 * The types Drizzle reads as text from PGlite (dates, times, intervals and their arrays, numeric arrays): it
 * passes these parsers with every query, and PGlite merges a query's parsers into a copy of its whole table of
 * ~320 — about 60 µs a query, a quarter of a `select 1`. Installed once on the instance, the per-query copy goes.
 */
const READ_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;
const TEXT_PARSERS = Object.fromEntries(READ_AS_TEXT.map((t) => [t, asText]));

/**
 * An embedded PGlite with the extensions the migrations use (pg_trgm: trigram indexes behind every search) and
 * Drizzle's text parsers installed. Every PGlite the app or the tests open comes from here.
 */
export async function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  const client = await PGlite.create({
    ...options,
    parsers: { ...TEXT_PARSERS, ...options.parsers },
    extensions: { pg_trgm },
  });
  if (!options.parsers) withTextParsers.add(client);
  return client;
}

/** The instances `createPglite` made, which read `READ_AS_TEXT` as text already. */
const withTextParsers = new WeakSet<PGlite>();

type QueryOptions = Parameters<PGlite['query']>[2];

/** Drizzle's per-query parsers, when the instance has them already (`createPglite`): dropped, not merged again. */
function dropKnownParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== READ_AS_TEXT.length || !READ_AS_TEXT.every((t) => t in parsers)) return options;
  const { parsers: _, ...rest } = options!;
  return rest;
}

type Queryable = Pick<PGlite, 'query'>;

/**
 * The client Drizzle gets: every query without the per-query parsers the instance has already
 * (`dropKnownParsers`), and parameterised statements by name (db/pglite-statements.ts); a transaction's client
 * likewise, inside the transaction's lock.
 */
function driverFor<C extends Queryable>(
  client: C,
  statements: PgliteStatements,
  mode: RunMode,
  turn: (() => Promise<void>) | null,
): C {
  // PGlite runs on this thread and answers through promises that settle at once: a chain of statements never gave
  // timers and sockets a turn, so a bulk upload and the outbox's consumers after it held every other request for
  // two seconds. Each statement or transaction outside a transaction first waits for its `turn` (`turnTaker`);
  // inside one there is none: statements run straight on (the transaction holds the database anyway, and is best
  // kept short).
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') {
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          const plain = dropKnownParsers(options);
          if (turn) await turn();
          return statements.takes(text, params, plain)
            ? statements.run(text, params!, plain, mode)
            : target.query(text, params, plain);
        };
      }
      if (prop === 'transaction' && 'transaction' in target) {
        return async (fn: (tx: Queryable) => Promise<unknown>) => {
          if (turn) await turn();
          return (target as unknown as PGlite).transaction((tx) => fn(driverFor(tx, statements, 'transaction', null)));
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function openPglite(client: PGlite): Database {
  const { queries, logger } = queryCounter();
  const statements = withTextParsers.has(client) ? pgliteStatements(client) : null;
  const turn = turnTaker();
  const driver = statements ? driverFor(client, statements, 'default', turn) : client;
  const db = drizzlePglite({ client: driver, schema, logger }) as unknown as Db;
  if (statements) {
    const generic = driverFor(client, statements, 'generic', turn);
    genericTwin.set(db, drizzlePglite({ client: generic, schema, logger }) as unknown as Db);
  }
  return {
    db,
    kind: 'pglite',
    queries,
    background: drizzlePglite({ client: driver, schema }) as unknown as Db,
    migrate: () => migratePglite(drizzlePglite({ client: driver }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => void (await db.execute(sql`select 1`)),
    // One process owns an embedded database: its notifications arrive as the committing statement returns.
    listen: async (channel, { onNotify }) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

/** The configured database: the PostgreSQL server at `databaseUrl`, or PGlite under `dataDir/pglite`. */
export async function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(await createPglite({ dataDir: dir }));
}
