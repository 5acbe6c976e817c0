// Migrates one database per test run; each test file then gets its own copy (see database.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openPglite, openPostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

/**
 * PGlite's start parameters with 16 MB of shared buffers instead of 128: a test's database is a few megabytes,
 * and setting up the 128 MB pool cost each file's database 0.4 s of CPU (docs/decisions.md "A test file's
 * embedded database is a copied folder").
 */
export const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `sx_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = openPostgres(withDatabase(serverUrl, template));
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `${template}_t_%`],
      );
      for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  // The migrated database as a folder: each test file opens a copy of it (database.ts).
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-pglite-'));
  const snapshot = path.join(dir, 'migrated');
  const client = await createPglite({ dataDir: snapshot, startParams: TEST_START_PARAMS });
  await openPglite(client).migrate();
  await client.close();
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
