import { ConfigError, loadConfig } from './config.js';
import { existingDemoAccounts, printSignIns, seed } from './seed/index.js';
import { startServer } from './server.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await startServer(config);
  const report = await seed(app.deps);
  await app.listen({ port: config.port, host: config.host });
  printSignIns({
    url: config.publicUrl,
    superAdminEmail: config.adminEmail,
    superAdminPassword: report?.superAdmin.password ?? null,
    firstStart: !!report,
    demo: report?.demo ?? (config.seedDemo ? await existingDemoAccounts(app.deps) : []),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
