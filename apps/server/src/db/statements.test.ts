// Statements built once per shape: built once per session and shape, run with each call's values, a transaction's
// own statements running inside it. Against the real test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { feeRates } from '../modules/fees/fees.table.js';
import { genericTwin, type Database, type Tx } from './client.js';
import { notSearched, searchAnyPlaceholder, searchPattern, statement } from './statements.js';

let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
  const now = new Date();
  await database.db.insert(feeRates).values(
    ['ENA', 'Malt Spirit', 'Grain Spirit', 'Rectified Spirit'].map((product, i) => ({
      company_type: i % 2 ? ('Buyer' as const) : ('Seller' as const),
      product,
      commission_amount: String(1 + i),
      state_gst: '9',
      central_gst: '9',
      created_at: now,
      modified_on: now,
    })),
  );
});
afterAll(() => database.close());

describe('statement', () => {
  let builds = 0;
  const products = statement((tx: Tx, shape: { search: boolean; order: 'asc' | 'desc' }) => {
    builds += 1;
    return tx
      .select({ product: feeRates.product })
      .from(feeRates)
      .where(shape.search ? searchAnyPlaceholder([feeRates.product]) : undefined)
      .orderBy(shape.order === 'asc' ? asc(feeRates.product) : sql`${feeRates.product} desc`)
      .limit(sql.placeholder('limit'));
  });
  const names = (rows: { product: string | null }[]) => rows.map((r) => r.product);

  it('builds a shape once and runs it with each call’s values', async () => {
    const { db } = database;
    const sent = database.queries.count;
    expect(names(await products(db, { search: false, order: 'asc' }).execute({ limit: 2 }))).toEqual([
      'ENA',
      'Grain Spirit',
    ]);
    expect(names(await products(db, { search: false, order: 'asc' }).execute({ limit: 3 }))).toEqual([
      'ENA',
      'Grain Spirit',
      'Malt Spirit',
    ]);
    expect(builds).toBe(1);
    const spirit = { limit: 10, pattern: searchPattern('  SPIRIT ') };
    expect(names(await products(db, { search: true, order: 'desc' }).execute(spirit))).toEqual([
      'Rectified Spirit',
      'Malt Spirit',
      'Grain Spirit',
    ]);
    // Wildcards in the term match literally.
    expect(
      await products(db, { search: true, order: 'desc' }).execute({ limit: 10, pattern: searchPattern('%') }),
    ).toEqual([]);
    expect(builds).toBe(2);
    expect(database.queries.count - sent).toBe(4);
  });

  it('runs a built shape inside a transaction without building it again, seeing its uncommitted rows', async () => {
    const { db } = database;
    await products(db, { search: true, order: 'asc' }).execute({ limit: 10, pattern: searchPattern('x') });
    const before = builds;
    await expect(
      db.transaction(async (tx) => {
        const now = new Date();
        await tx.insert(feeRates).values({
          company_type: 'Seller',
          product: 'Extra Neutral X',
          commission_amount: '9',
          state_gst: '9',
          central_gst: '9',
          created_at: now,
          modified_on: now,
        });
        const inside = await products(tx, { search: true, order: 'asc' }).execute({
          limit: 10,
          pattern: searchPattern('neutral x'),
        });
        expect(names(inside)).toEqual(['Extra Neutral X']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(builds).toBe(before);
    const after = await products(db, { search: true, order: 'asc' }).execute({
      limit: 10,
      pattern: searchPattern('neutral x'),
    });
    expect(after).toEqual([]);
    expect(builds).toBe(before);
  });
});

describe('rows of a statement', () => {
  const other = alias(feeRates, 'other');
  // Nested objects, a column of each decoder kind (numeric as text, timestamp as Date, nullable), SQL with and
  // without `mapWith`, a scalar subquery, and a name repeated at two depths.
  const select = (tx: Tx, join: 'inner' | 'left') =>
    (join === 'inner'
      ? tx.select(fields()).from(feeRates).innerJoin(other, eq(other.id, feeRates.id))
      : tx
          .select(fields())
          .from(feeRates)
          .leftJoin(other, eq(other.id, sql`${feeRates.id} + 100`))
    )
      .orderBy(asc(feeRates.id))
      .limit(sql.placeholder('limit'));
  const fields = () => ({
    rate: {
      id: feeRates.id,
      amount: feeRates.commission_amount,
      company: feeRates.company_id,
      at: feeRates.created_at,
    },
    product: feeRates.product,
    other: { id: other.id, product: other.product },
    doubled: sql<number>`${feeRates.commission_amount} * 2`.mapWith(Number),
    text: sql<string>`'x' || ${feeRates.id}`,
    nothing: sql<null>`null::int`,
    count: sql<number>`(select count(*) from "fee_rates")`.mapWith(Number),
    id: feeRates.id,
  });
  const inner = statement((tx: Tx) => select(tx, 'inner'));
  const left = statement((tx: Tx) => select(tx, 'left'));
  const mapperOf = (prepared: unknown) => (prepared as { customResultMapper?: unknown }).customResultMapper;

  it('maps rows as Drizzle maps them, with a function made once for the inner-joined select', async () => {
    const { db } = database;
    const prepared = inner(db, {});
    expect(typeof mapperOf(prepared)).toBe('function');
    const rows = await prepared.execute({ limit: 3 });
    expect(rows).toEqual(await select(db, 'inner').execute({ limit: 3 }));
    expect(rows).toHaveLength(3);
    const [first] = rows;
    expect(first!.rate.at).toBeInstanceOf(Date);
    expect(first!.rate.company).toBeNull();
    expect(typeof first!.rate.amount).toBe('string');
    expect(first!.doubled).toBe(Number(first!.rate.amount) * 2);
    expect(Object.keys(first!)).toEqual(['rate', 'product', 'other', 'doubled', 'text', 'nothing', 'count', 'id']);
  });

  it('leaves a left-joined select to Drizzle, which makes an unmatched table null', async () => {
    const { db } = database;
    const prepared = left(db, {});
    expect(mapperOf(prepared)).toBeUndefined();
    const rows = await prepared.execute({ limit: 2 });
    expect(rows[0]!.other).toBeNull();
    expect(rows).toEqual(await select(db, 'left').execute({ limit: 2 }));
  });
});

describe('plans', () => {
  const pages = statement(
    (tx: Tx, shape: { search: boolean }) =>
      tx
        .select({ product: feeRates.product })
        .from(feeRates)
        .where(shape.search ? searchAnyPlaceholder([feeRates.product]) : undefined)
        .orderBy(sql`${feeRates.product} desc`)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    notSearched,
  );
  /** How the statement whose text contains `marker` was planned on the session `db` answers on. */
  const plannedOn = async (db: Tx, marker: string) =>
    (
      (await db.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like ${`%${marker}%`}`)) as unknown as {
        rows: { generic: number; custom: number }[];
      }
    ).rows;

  // pg_prepared_statements shows one session's statements: sequential calls take the pool's last idle connection.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'plans a generic shape once per connection, and a searched one with each call’s values',
    async () => {
      const generic = genericTwin.get(database.db)!;
      for (let page = 0; page < 7; page++) {
        await pages(database.db, { search: false }).execute({ limit: 2, offset: page });
        await pages(database.db, { search: true }).execute({ limit: 2, offset: page, pattern: searchPattern('a') });
      }
      // PostgreSQL's default would plan every run of a page again (an unknown LIMIT looks like a tenth of the table).
      expect(await plannedOn(generic, 'desc limit $1 offset $2')).toEqual([{ generic: 7, custom: 0 }]);
      // The searched shape stays on the default sessions, planned with its values (at least the first five times).
      expect(await plannedOn(generic, 'desc limit $2 offset $3')).toEqual([]);
      const [searched] = await plannedOn(database.db, 'desc limit $2 offset $3');
      expect(searched!.custom).toBeGreaterThanOrEqual(5);
      expect(await plannedOn(database.db, 'desc limit $1 offset $2')).toEqual([]);
    },
  );

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'plans a generic shape once on PGlite’s one session too, and leaves its planning as it was, failed or not',
    async () => {
      const { db } = database;
      const mode = async () =>
        ((await db.execute(sql`show plan_cache_mode`)) as unknown as { rows: { plan_cache_mode: string }[] }).rows[0]!
          .plan_cache_mode;
      for (let page = 0; page < 7; page++) {
        await pages(db, { search: false }).execute({ limit: 2, offset: page });
        await pages(db, { search: true }).execute({ limit: 2, offset: page, pattern: searchPattern('a') });
      }
      expect(await pages(db, { search: false }).execute({ limit: 1, offset: 0 })).toEqual([
        { product: 'Rectified Spirit' },
      ]);
      expect(await plannedOn(db, 'desc limit $1 offset $2')).toEqual([{ generic: 8, custom: 0 }]);
      const [searched] = await plannedOn(db, 'desc limit $2 offset $3');
      expect(searched!.custom).toBeGreaterThanOrEqual(5);
      expect(await mode()).toBe('auto');
      // A generic run that fails still hands the session back with PostgreSQL's default planning.
      const failed = await pages(db, { search: false })
        .execute({ limit: -1, offset: 0 })
        .then(
          () => null,
          (e: unknown) => e as Error,
        );
      expect(String(failed?.cause)).toMatch(/LIMIT must not be negative/);
      expect(await mode()).toBe('auto');
      expect(await pages(db, { search: false }).execute({ limit: 1, offset: 1 })).toEqual([{ product: 'Malt Spirit' }]);
    },
  );
});
