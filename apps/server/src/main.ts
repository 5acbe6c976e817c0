import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { stateCities } from './modules/geo/geo.service.js';
import { resumeBulkUploads } from './modules/listings/listings.bulk-write.js';
import { existingDemoAccounts, printSignIns, seed } from './seed/index.js';
import { startServer } from './server.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Serves until SIGINT or SIGTERM; `prepared` says whether the database is already migrated and seeded. */
async function serve(config: Config, prepared: boolean) {
  const app = await startServer(config, { migrate: !prepared });
  const report = prepared ? null : await seed(app.deps);
  // The states and cities table takes a quarter of a second of the thread to build: before the first request, not
  // during one (a bulk upload's check used to pay it while every other request waited).
  await stateCities();
  // A bulk upload a crash cut in its parts is finished before the first request, so no one sees it half-written.
  await resumeBulkUploads(app.deps);
  await app.listen({ port: config.port, host: config.host });
  if (!prepared)
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

/**
 * `WORKERS=N` (PostgreSQL only, config.ts): this process migrates and seeds once, then runs N servers on the one
 * port (node:cluster hands out connections). A server that dies is replaced; SIGINT/SIGTERM end them all.
 */
async function supervise(config: Config) {
  const app = await startServer(config, { scheduler: false });
  const report = await seed(app.deps);
  const demo = report?.demo ?? (config.seedDemo ? await existingDemoAccounts(app.deps) : []);
  await app.close();

  let stopping = false;
  const fork = () => cluster.fork({ SX_PREPARED: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening !== config.workers) return;
    console.log(`${config.workers} server processes on ${config.publicUrl}`);
    printSignIns({
      url: config.publicUrl,
      superAdminEmail: config.adminEmail,
      superAdminPassword: report?.superAdmin.password ?? null,
      firstStart: !!report,
      demo,
    });
  });
  for (let i = 0; i < config.workers; i++) fork();
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main() {
  const config = configOrExit();
  if (cluster.isPrimary && config.workers > 1) return supervise(config);
  return serve(config, process.env.SX_PREPARED === '1');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
