// Statements built once per shape: built once per session and shape, run with each call's values, a transaction's
// own statements running inside it. Against the real test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { feeRates } from '../modules/fees/fees.table.js';
import type { Database, Tx } from './client.js';
import { searchAnyPlaceholder, searchPattern, statement } from './statements.js';

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

  it('gives a transaction statements of its own, which see its uncommitted rows', async () => {
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
    expect(builds).toBe(before + 1);
    const after = await products(db, { search: true, order: 'asc' }).execute({
      limit: 10,
      pattern: searchPattern('neutral x'),
    });
    expect(after).toEqual([]);
    expect(builds).toBe(before + 1);
  });
});
