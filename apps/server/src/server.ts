// Opening the configured database, migrating, seeding and building the app: shared by main and the CLIs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** `migrate: false` when another process has just migrated; `scheduler: false` for a process that serves nobody. */
export async function startServer(config: Config, opts: { migrate?: boolean; scheduler?: boolean } = {}) {
  const database = await openDatabase(config);
  if (opts.migrate ?? true) await database.migrate();
  return buildApp(
    { ...config, webDist: config.webDist ?? WEB_DIST },
    { database, scheduler: opts.scheduler ?? true, closeDatabase: true },
  );
}
