// A fresh, migrated database for one test file: a copy of the run's template database on the PostgreSQL server
// when TEST_DATABASE_URL is set, otherwise a PGlite on a copy of the migrated folder.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openPglite, openPostgres, type Database } from '../db/client.js';
import { TEST_START_PARAMS, withDatabase } from './global-setup.js';

export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (serverUrl && template) {
    const name = `${template}_t_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const database = openPostgres(withDatabase(serverUrl, name));
    return {
      ...database,
      close: async () => {
        await database.close();
        // pool.end() resolves before its sockets have closed; dropping `with (force)` at once would kill them
        // mid-goodbye and the pool would raise an unhandled error. Wait (briefly) for the server to see them go.
        for (let i = 0; i < 100; i++) {
          const open = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (open.rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-db-'));
  cpSync(inject('pgliteSnapshot'), dir, { recursive: true });
  const database = openPglite(await createPglite({ dataDir: dir, startParams: TEST_START_PARAMS }));
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
