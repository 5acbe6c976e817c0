import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await database.close();
console.log(
  `Migrated the ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}.`,
);
