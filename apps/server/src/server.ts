// Opening the configured database, migrating, seeding and building the app: shared by main and the CLIs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function startServer(config: Config) {
  const database = await openDatabase(config);
  await database.migrate();
  return buildApp(
    { ...config, webDist: config.webDist ?? WEB_DIST },
    { database, scheduler: true, closeDatabase: true },
  );
}
