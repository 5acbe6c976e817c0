// Named prepared statements on PGlite. PGlite's `query` parses, plans and describes a statement on every call, in
// six protocol exchanges, and planning is most of a read's time on the embedded database (the users list at market
// scale: 2.3 ms a call, 0.4 ms once prepared). Like the pool's PreparingClient on PostgreSQL (db/client.ts), each
// parameterised text is parsed and described once under a name, and afterwards only bound and executed — one
// exchange, under the same locks PGlite's own `query` takes, with PGlite's own serializers and result parsing.
// A statement run `generic` is planned without its values (once, then kept), like the generic twin's sessions on
// PostgreSQL: its exchange sets `plan_cache_mode` before the bind and resets it after the sync.
// A read of three or more columns runs packed (db/packed-rows.ts): PGlite sends each value of a row to JavaScript on
// its own, at about a microsecond a value: a page of bids (10 rows of 35 values) spent 0.4 ms in it, packed 0.18.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { PACK_FROM_COLUMNS, packable, packedText, recordFields } from './packed-rows.js';

type QueryOptions = Parameters<PGlite['query']>[2];
type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type Named = {
  name: string;
  paramTypes: number[];
  rowDescription: Message | undefined;
  /** Whether each row comes back as one value, its whole row's text (`packedText`); null: not tried yet. */
  packed: boolean | null;
};

const MAX_NAMED_STATEMENTS = 2_000;

/** The exchange's own commands around a generic run, whose answers are not the statement's. */
const PLAN_GENERIC = 'set plan_cache_mode = force_generic_plan';
const PLAN_DEFAULT = 'reset plan_cache_mode';
const ownCommand = (m: Message) =>
  m.name === 'commandComplete' && /^(RE)?SET\b/.test((m as { text?: string }).text ?? '');

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * How a statement runs: `transaction` inside a PGlite transaction, which holds the lock; `generic` with a plan made
 * without its values, outside transactions only (inside one, the SET would outlive a failed statement until the
 * transaction ends); `default` otherwise.
 */
export type RunMode = 'default' | 'generic' | 'transaction';

export type PgliteStatements = {
  /** Whether `run` takes this call: a parameterised statement with plain options, while the names are bounded. */
  takes: (text: string, params: unknown[] | undefined, options: QueryOptions) => boolean;
  /** Runs a statement by name, preparing it on first use. */
  run: <T>(text: string, params: unknown[], options: QueryOptions, mode: RunMode) => Promise<Results<T>>;
};

/** A packed row's message as the statement's own row would have come. */
function unpacked(m: Message): Message {
  if (m.name !== 'dataRow') return m;
  const fields = recordFields((m as unknown as { fields: string[] }).fields[0]!);
  return { name: 'dataRow', length: m.length, fields, fieldCount: fields.length } as unknown as Message;
}

export function pgliteStatements(client: PGlite): PgliteStatements {
  const named = new Map<string, Named>();
  const { serialize } = protocol;

  async function prepared(text: string): Promise<Named> {
    const known = named.get(text);
    if (known) return known;
    const name = `sx_${named.size + 1}`;
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const rowDescription = messages.find((m) => m.name === 'rowDescription') as { fields?: unknown[] } | undefined;
    const packs = (rowDescription?.fields?.length ?? 0) >= PACK_FROM_COLUMNS && packable(text);
    const statement: Named = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: rowDescription as Message | undefined,
      packed: packs ? null : false,
    };
    named.set(text, statement);
    return statement;
  }

  /**
   * Prepares the packed form of `text` under its name, or, where PostgreSQL refuses to wrap it, `text` again. Never
   * inside a transaction, which a refused statement would abort: such a statement is packed on its first run outside.
   */
  async function pack(statement: Named, text: string) {
    const prepare = (packed: boolean) =>
      client.execProtocol(
        concat([
          serialize.close({ type: 'S', name: statement.name }),
          serialize.parse({ name: statement.name, text: packed ? packedText(text) : text }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    statement.packed = await prepare(true).then(
      () => true,
      () => false,
    );
    if (!statement.packed) await prepare(false);
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions, mode: RunMode) {
    const generic = mode === 'generic';
    const statement = await prepared(text);
    if (statement.packed === null && mode !== 'transaction') await pack(statement, text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const run = [serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()];
    const { messages } = await client.execProtocol(
      concat(generic ? [serialize.query(PLAN_GENERIC), ...run, serialize.query(PLAN_DEFAULT)] : run),
      { syncToFs: false },
    );
    if (mode !== 'transaction') await client.syncToFs();
    const own = generic ? messages.filter((m) => !ownCommand(m)) : messages;
    const answer = statement.packed ? own.map(unpacked) : own;
    const all = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
    return parse.parseResults(all, client.parsers, options)[0] as Results<T>;
  }

  return {
    takes: (text, params, options) =>
      !!params?.length &&
      !options?.blob &&
      !options?.paramTypes &&
      (named.size < MAX_NAMED_STATEMENTS || named.has(text)),
    run: <T>(text: string, params: unknown[], options: QueryOptions, mode: RunMode) => {
      const runQuery = () => client._runExclusiveQuery(() => execute<T>(text, params, options, mode));
      // Outside a transaction, wait for any transaction to finish first, as PGlite's own `query` does.
      return mode === 'transaction' ? runQuery() : client._runExclusiveTransaction(runQuery);
    },
  };
}
