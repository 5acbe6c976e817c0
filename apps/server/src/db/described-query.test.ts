// A named statement's rows are described once per connection that parses it (db/described-query.ts): later
// executions send no Describe and read the same values, through a transaction's client (a promise) and through the
// pool (a callback); a connection that has not parsed the statement describes it again, so a column whose type
// changed is read as it now is.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import type { Database } from './client.js';

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Database;

/** Describe messages node-postgres writes, counted on its connection (the wire's own record of what was sent). */
const described: string[] = [];
const Connection = (pg as unknown as { Connection: { prototype: { describe(msg: { name: string }): void } } })
  .Connection;
const describe0 = Connection.prototype.describe;

beforeAll(async () => {
  database = await freshDatabase();
  Connection.prototype.describe = function (this: unknown, msg: { name: string }) {
    described.push(msg.name);
    return describe0.call(this, msg);
  };
});
afterEach(() => void (described.length = 0));
afterAll(async () => {
  Connection.prototype.describe = describe0;
  await database?.close();
});

type Row = { id: number; amount: string; at: string; note: string | null; tags: unknown };
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

describe.skipIf(!serverUrl)('rows described once (PostgreSQL)', () => {
  const read = (db: Database['db'], n: number, tag: string) =>
    db.execute(sql`select g as id, (g * 1.5)::numeric(10,2) as amount, timestamp '2026-04-01 09:30' as at,
      case when g % 2 = 0 then null else ${tag} end as note, jsonb_build_object('n', g) as tags
      from generate_series(1, ${n}::int) g`);
  const expected = (n: number, tag: string): Row[] =>
    Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      amount: ((i + 1) * 1.5).toFixed(2),
      at: '2026-04-01 09:30:00',
      note: (i + 1) % 2 === 0 ? null : tag,
      tags: { n: i + 1 },
    }));

  it('describes on the first execution in a transaction and reads the same rows without it after', async () => {
    await database.db.transaction(async (tx) => {
      const results = [];
      for (const [n, tag] of [
        [3, 'a'],
        [5, 'b'],
        [0, 'c'],
        [2, 'd'],
      ] as const)
        results.push(rowsOf(await read(tx, n, tag)));
      expect(results).toEqual([expected(3, 'a'), expected(5, 'b'), [], expected(2, 'd')]);
    });
    expect(described).toHaveLength(1);
  });

  it('reads through the pool the same, each connection describing once at most', async () => {
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => read(database.db, (i % 4) + 1, `p${i}`)));
    all.forEach((res, i) => {
      expect(rowsOf(res)).toEqual(expected((i % 4) + 1, `p${i}`));
    });
    // Ten connections at most, and the transaction's before this test has the statement already.
    expect(described.length).toBeLessThanOrEqual(10);
    expect(described.length).toBeLessThan(30);
  });

  it('reports a statement’s error and goes on, described or not', async () => {
    const divide = (by: number) => database.db.execute(sql`select (10 / ${by}::int) as q, ${by}::int as by`);
    expect((await divide(5)) as unknown).toMatchObject({ rows: [{ q: 2, by: 5 }] });
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await divide(2)) as unknown).toMatchObject({ rows: [{ q: 5, by: 2 }] });
  });

  it('describes again on a connection that has not parsed the statement: a changed column reads as it now is', async () => {
    await database.db.execute(sql`create table shape_probe (k int primary key, v int)`);
    await database.db.execute(sql`insert into shape_probe values (1, 7)`);
    const probe = (db: Database['db']) => db.execute(sql`select v from shape_probe where k = ${1}::int`);
    expect(rowsOf(await probe(database.db))).toEqual([{ v: 7 }]);
    await database.db.execute(sql`alter table shape_probe alter column v type text using 'seven'`);
    // Every connection of the pool ends; the ones that take their place parse and describe the statement anew.
    const name = (rowsOf(await database.db.execute(sql`select current_database() as note`))[0] as Row).note;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    } finally {
      await admin.end();
    }
    await expect
      .poll(async () => rowsOf(await probe(database.db).catch(() => ({ rows: [] }))))
      .toEqual([{ v: 'seven' }]);
  });
});
