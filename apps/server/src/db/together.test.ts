// Several inserts as one statement built once per shape: each column's value encoded as the column writes it, a
// null kept as SQL NULL, a default where a value is left out. Against the real test database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import { auditLog } from '../modules/audit/audit.table.js';
import { events } from '../modules/events/events.table.js';
import type { Database } from './client.js';
import { insertTogether } from './together.js';

let database: Database;
beforeAll(async () => void (database = await freshDatabase()));
afterAll(() => database.close());

const entry = (objectId: string, before: unknown, after: unknown) => ({
  actor_user_id: null,
  company_id: 7,
  action: 'test.together',
  object_type: 'thing',
  object_id: objectId,
  before,
  after,
});

describe('insertTogether', () => {
  it('writes every part in one statement, nulls as NULL and JSON and arrays encoded by their columns', async () => {
    const sent = database.queries.count;
    await insertTogether(database.db, [
      { table: auditLog, rows: [entry('a', null, { n: 1 }), entry('b', { was: [1, 2] }, null)] },
      {
        table: events,
        rows: [{ type: 'bid.placed', bid_id: null, listing_id: null, company_ids: [3, 4], data: { x: 'y' } }],
      },
    ]);
    expect(database.queries.count - sent).toBe(1);
    const rows = await database.db
      .select({
        id: auditLog.object_id,
        before_is_null: sql<boolean>`${auditLog.before} is null`,
        before: auditLog.before,
        after_is_null: sql<boolean>`${auditLog.after} is null`,
        after: auditLog.after,
        created: auditLog.created_at,
      })
      .from(auditLog)
      .where(eq(auditLog.action, 'test.together'))
      .orderBy(auditLog.object_id);
    expect(rows.map(({ created: _c, ...r }) => r)).toEqual([
      { id: 'a', before_is_null: true, before: null, after_is_null: false, after: { n: 1 } },
      { id: 'b', before_is_null: false, before: { was: [1, 2] }, after_is_null: true, after: null },
    ]);
    // Left out: the column's default.
    expect(rows.every((r) => r.created instanceof Date)).toBe(true);
    const [event] = await database.db.select().from(events).where(eq(events.type, 'bid.placed'));
    expect(event).toMatchObject({ company_ids: [3, 4], data: { x: 'y' }, bid_id: null });
  });

  it('runs the same shape again with other values, and a wholly null row where the first had values', async () => {
    await insertTogether(database.db, [{ table: auditLog, rows: [entry('c', { k: 'v' }, { k: 'w' })] }]);
    await insertTogether(database.db, [{ table: auditLog, rows: [entry('d', null, null)] }]);
    const rows = await database.db
      .select({ id: auditLog.object_id, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.object_id} in ('c', 'd')`)
      .orderBy(auditLog.object_id);
    expect(rows).toEqual([
      { id: 'c', before: { k: 'v' }, after: { k: 'w' } },
      { id: 'd', before: null, after: null },
    ]);
  });

  it('writes a batch larger than the kept shapes', async () => {
    const many = Array.from({ length: 30 }, (_, i) => entry(`batch-${i}`, null, { i }));
    await insertTogether(database.db, [{ table: auditLog, rows: many }]);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.object_id} like 'batch-%'`);
    expect(row!.n).toBe(30);
  });
});
