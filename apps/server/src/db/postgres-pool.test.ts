// The PostgreSQL pool outlives connections the server ends: a terminated backend (a restart, an administrator, a
// dropped database) is heard by the pool, not thrown at the process, and the next query opens a new connection.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.js';
import type { Database } from './client.js';

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.close());

describe.skipIf(!serverUrl)('the PostgreSQL pool', () => {
  it('goes on after the server terminates its idle connections', async () => {
    const res = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = res.rows[0]!.name;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // Without the pool's listener the terminated clients' errors end the run as unhandled errors.
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // The idle clients hear their end; the next query takes a new connection.
      await expect.poll(async () => (await database.db.execute(sql`select 1 as one`)) !== undefined).toBe(true);
    } finally {
      await admin.end();
    }
  });
});
