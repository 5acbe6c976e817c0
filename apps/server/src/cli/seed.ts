import { loadConfig } from '../config.js';
import { printSignIns, seed } from '../seed/index.js';
import { startServer } from '../server.js';

const config = loadConfig();
const app = await startServer(config);
const report = await seed(app.deps);
await app.deps.mailer.flush();
if (report) {
  printSignIns({
    url: config.publicUrl,
    superAdminEmail: report.superAdmin.email,
    superAdminPassword: report.superAdmin.password,
    firstStart: true,
    demo: report.demo,
  });
} else console.log('The database was already seeded; nothing to do.');
await app.close();
