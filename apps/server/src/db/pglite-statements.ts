// Named prepared statements on PGlite. PGlite's `query` parses, plans and describes a statement on every call, in
// six protocol exchanges, and planning is most of a read's time on the embedded database (the users list at market
// scale: 2.3 ms a call, 0.4 ms once prepared). Like the pool's PreparingClient on PostgreSQL (db/client.ts), each
// parameterised text is parsed and described once under a name, and afterwards only bound and executed — one
// exchange, under the same locks PGlite's own `query` takes, with PGlite's own serializers and result parsing.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];
type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type Named = { name: string; paramTypes: number[]; rowDescription: Message | undefined };

const MAX_NAMED_STATEMENTS = 2_000;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export type PgliteStatements = {
  /** Whether `run` takes this call: a parameterised statement with plain options, while the names are bounded. */
  takes: (text: string, params: unknown[] | undefined, options: QueryOptions) => boolean;
  /** Runs a statement by name, preparing it on first use; `inTransaction` when a PGlite transaction holds the lock. */
  run: <T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean) => Promise<Results<T>>;
};

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
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    named.set(text, statement);
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean) {
    const statement = await prepared(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (!inTransaction) await client.syncToFs();
    const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(all, client.parsers, options)[0] as Results<T>;
  }

  return {
    takes: (text, params, options) =>
      !!params?.length &&
      !options?.blob &&
      !options?.paramTypes &&
      (named.size < MAX_NAMED_STATEMENTS || named.has(text)),
    run: <T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean) => {
      const runQuery = () => client._runExclusiveQuery(() => execute<T>(text, params, options, inTransaction));
      // Outside a transaction, wait for any transaction to finish first, as PGlite's own `query` does.
      return inTransaction ? runQuery() : client._runExclusiveTransaction(runQuery);
    },
  };
}
