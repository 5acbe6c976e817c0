// The embedded database as the app opens it: Drizzle's per-query parsers installed once on the PGlite instance
// (db/client.ts) and parameterised statements prepared once by name (db/pglite-statements.ts), with the same values
// read back as before — timestamps as Dates through the schema, text through raw SQL — inside and outside
// transactions, and errors as PGlite reports them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { feeRates } from '../modules/fees/fees.table.js';
import { createPglite, openPglite, type Database } from './client.js';
import { recordFields } from './packed-rows.js';

let client: PGlite;
let database: Database;
const seen: { parsers: boolean; text: string }[] = [];
/** The statements PGlite was asked to parse (each Parse message of an exchange). */
const parsed: string[] = [];

beforeAll(async () => {
  client = await createPglite();
  // Observe what reaches PGlite's own query: the options Drizzle's calls arrive with.
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    seen.push({ parsers: !!options?.parsers, text });
    return query(text, params, options);
  }) as PGlite['query'];
  const execProtocol = client.execProtocol.bind(client);
  client.execProtocol = ((message: Uint8Array, options?: Parameters<PGlite['execProtocol']>[1]) => {
    for (let at = 0; at < message.length; at += 1 + new DataView(message.buffer, message.byteOffset).getInt32(at + 1)) {
      if (message[at] === 0x50) parsed.push(new TextDecoder().decode(message.subarray(at + 5)).split('\0')[1]!);
    }
    return execProtocol(message, options);
  }) as PGlite['execProtocol'];
  database = openPglite(client);
  await database.migrate();
});
afterAll(() => database.close());

describe('openPglite', () => {
  it('prepares a parameterised statement once and runs it with each call’s values', async () => {
    const read = (id: number) => database.db.select({ id: feeRates.id }).from(feeRates).where(eq(feeRates.id, id));
    parsed.length = 0;
    expect(await read(-1)).toEqual([]);
    expect(await read(-2)).toEqual([]);
    expect(await read(-3)).toEqual([]);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toContain('from "fee_rates"');
  });

  it('reports a failing statement as PGlite does, and goes on working', async () => {
    const insert = (product: string) =>
      database.db.insert(feeRates).values({
        company_type: 'Seller',
        product,
        commission_amount: '1',
        state_gst: '9',
        central_gst: '9',
      });
    await insert('Unique Spirit');
    const failure: unknown = await insert('Unique Spirit').catch((err: unknown) => err);
    const cause = (failure as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('fee_rates_scope_idx');
    const [row] = await database.db
      .select({ product: feeRates.product })
      .from(feeRates)
      .where(eq(feeRates.product, 'Unique Spirit'));
    expect(row).toEqual({ product: 'Unique Spirit' });
  });

  it('reads timestamps as Dates through the schema and as text through raw SQL, without per-query parsers', async () => {
    const at = new Date('2026-11-23T10:20:30.456Z');
    seen.length = 0;
    const [row] = await database.db
      .insert(feeRates)
      .values({
        company_type: 'Seller',
        product: 'ENA',
        commission_amount: '1.50',
        state_gst: '9',
        central_gst: '9',
        created_at: at,
        modified_on: at,
      })
      .returning();
    expect(row!.created_at).toEqual(at);
    expect(row!.commission_amount).toBe('1.50');
    const [read] = await database.db.select().from(feeRates).where(eq(feeRates.id, row!.id));
    expect(read!.modified_on).toEqual(at);
    const raw = (await database.db.execute(
      sql`select ${feeRates.created_at} as t, date '2026-11-23' as d from ${feeRates} where ${feeRates.id} = ${row!.id}`,
    )) as unknown as { rows: { t: unknown; d: unknown }[] };
    expect(typeof raw.rows[0]!.t).toBe('string');
    expect(new Date(String(raw.rows[0]!.t))).toEqual(at);
    expect(raw.rows[0]!.d).toBe('2026-11-23');
    // A statement without parameters goes through PGlite's own query, without Drizzle's parsers.
    const plain = (await database.db.execute(sql`select timestamptz '2026-11-23 10:20:30.456+00' as t`)) as unknown as {
      rows: { t: unknown }[];
    };
    expect(plain.rows[0]!.t).toBe('2026-11-23 10:20:30.456+00');
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.filter((q) => q.parsers)).toEqual([]);
  });

  it('does the same inside a transaction', async () => {
    const at = new Date('2026-01-02T03:04:05.006Z');
    const id = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feeRates)
        .values({
          company_type: 'Buyer',
          product: 'Malt Spirit',
          commission_amount: '2',
          state_gst: '9',
          central_gst: '9',
          created_at: at,
          modified_on: at,
        })
        .returning();
      const [read] = await tx.select().from(feeRates).where(eq(feeRates.id, row!.id));
      expect(read!.created_at).toEqual(at);
      return row!.id;
    });
    const [after] = await database.db.select().from(feeRates).where(eq(feeRates.id, id));
    expect(after!.created_at).toEqual(at);
  });

  // Sockets are polled once per turn of the event loop: thirty statements waiting together must spread over many
  // turns, not run in one (where a burst of new connections waited seconds to be accepted).
  it('lets the event loop turn every two statements while statements wait', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const doneAt: number[] = [];
    const read = (id: number) => database.db.select({ id: feeRates.id }).from(feeRates).where(eq(feeRates.id, id));
    await Promise.all(Array.from({ length: 30 }, (_, i) => read(-i).then(() => doneAt.push(turns))));
    ticking = false;
    expect(doneAt).toHaveLength(30);
    expect(doneAt.at(-1)! - doneAt[0]!).toBeGreaterThanOrEqual(10);
    // Never more than two a turn.
    const perTurn = new Map<number, number>();
    for (const t of doneAt) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2);
  });

  // Reads of three or more columns come back packed, each row as one text value (db/pglite-statements.ts): every
  // value must read back exactly as PGlite's own query gives it, in the statement's order.
  it('reads packed rows back value for value, in their order', async () => {
    const tricky = [
      '',
      ' lead',
      'trail ',
      'a "b" \\ c, (d)',
      '""',
      '\\',
      'line\nbreak\ttab',
      'ü€ 🍶',
      ')(',
      ',',
      'NULL',
    ];
    const literal = `{${tricky.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
    const read = sql`select v.n, v.s, null::text as nothing, array[v.s, 'y z', null] as list,
        jsonb_build_object('k', v.s) as doc, 12.50::numeric as price, timestamptz '2026-11-23 10:20:30.456+00' as at,
        v.n % 2 = 0 as even, decode('00ff', 'hex') as bytes, '' as empty
      from unnest(${literal}::text[]) with ordinality as v(s, n) order by v.n desc`;
    parsed.length = 0;
    const packed = (await database.db.execute(read)) as unknown as { rows: Record<string, unknown>[] };
    expect(parsed[1]).toMatch(/^select t::text from \(select v\.n/);
    const own = await client.query<Record<string, unknown>>(
      `select v.n, v.s, null::text as nothing, array[v.s, 'y z', null] as list,
        jsonb_build_object('k', v.s) as doc, 12.50::numeric as price, timestamptz '2026-11-23 10:20:30.456+00' as at,
        v.n % 2 = 0 as even, decode('00ff', 'hex') as bytes, '' as empty
      from unnest($1::text[]) with ordinality as v(s, n) order by v.n desc`,
      [literal],
    );
    expect(own.rows.map((r) => r.s)).toEqual([...tricky].reverse());
    expect(packed.rows).toEqual(own.rows);
    expect(packed.rows[0]).toMatchObject({ nothing: null, empty: '', price: '12.50', even: false });
  });

  // A write in a WITH cannot be wrapped. The comment hides the write from the statement's own check, so PostgreSQL's
  // refusal is what leaves it as it is — outside a transaction only: inside one, a refused statement would abort it.
  it('leaves a statement PostgreSQL will not pack as it is, and never tries inside a transaction', async () => {
    const make = (product: string) =>
      sql`with made as (insert /* here */ into ${feeRates} (company_type, product, commission_amount, state_gst,
        central_gst) values ('Seller', ${product}, '3', '9', '9') returning id, product, commission_amount)
        select id, product, commission_amount from made`;
    const inside = await database.db.transaction(async (tx) => {
      const first = (await tx.execute(make('Packed Spirit'))) as unknown as { rows: unknown[] };
      const again = (await tx.execute(make('Packed Malt'))) as unknown as { rows: unknown[] };
      return [...first.rows, ...again.rows];
    });
    expect(inside).toEqual([
      expect.objectContaining({ product: 'Packed Spirit', commission_amount: '3.00' }),
      expect.objectContaining({ product: 'Packed Malt', commission_amount: '3.00' }),
    ]);
    parsed.length = 0;
    const outside = (await database.db.execute(make('Packed Grain'))) as unknown as { rows: unknown[] };
    expect(outside.rows).toEqual([expect.objectContaining({ product: 'Packed Grain', commission_amount: '3.00' })]);
    // Tried packed, refused, prepared again as it was.
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatch(/^select t::text from \(with made/);
    expect(parsed[1]).toMatch(/^with made/);
    const kept = await database.db
      .select()
      .from(feeRates)
      .where(sql`${feeRates.product} like 'Packed %'`);
    expect(kept.map((r) => r.product).sort()).toEqual(['Packed Grain', 'Packed Malt', 'Packed Spirit']);
  });

  it('splits a row’s text form as PostgreSQL writes it', () => {
    expect(recordFields('(1,,"","a ""b"" \\\\ c, (d)",x)')).toEqual(['1', null, '', 'a "b" \\ c, (d)', 'x']);
    expect(recordFields('(,)')).toEqual([null, null]);
    expect(recordFields('("(",")")')).toEqual(['(', ')']);
  });
});
