// A database a real server process runs on: PGlite in a temporary DATA_DIR, or (TEST_DATABASE_URL) a fresh
// database on the PostgreSQL server copied from the run's migrated template. The suite seeds it in process through
// the test fixtures, closes it, then starts the built server on it, and opens it again to check invariants by SQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, openPostgres, type Database } from '../../apps/server/src/db/client.js';
import { withDatabase } from '../../apps/server/src/test/global-setup.js';
import { createHarness, type Harness } from '../../apps/server/src/test/harness.js';

export type Target = {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** What the server process needs to find this database. */
  env: Record<string, string>;
  /** The database, migrated. PGlite's files allow one process at a time: close it before a server starts. */
  open: () => Promise<Database>;
  /** A harness over this database (in process, no scheduler) to seed it through the API; close it when done. */
  harness: () => Promise<Harness>;
  dispose: () => Promise<void>;
};

export async function newTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sx-rel-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  let url: string | undefined;
  let admin: pg.Client | undefined;
  if (serverUrl && template) {
    const name = `${template}_r_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    url = withDatabase(serverUrl, name);
  }
  const open = async () => {
    const database = url ? openPostgres(url) : await openDatabase({ databaseUrl: undefined, dataDir });
    await database.migrate();
    return database;
  };
  return {
    kind: url ? 'postgres' : 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) },
    open,
    harness: async () => createHarness({ database: await open(), dataDir }),
    dispose: async () => {
      if (admin && url) {
        await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows of one SQL statement. */
export async function rows<T>(db: Database['db'], text: string): Promise<T[]> {
  const res = await db.execute(sql.raw(text));
  return (res as unknown as { rows: T[] }).rows;
}
