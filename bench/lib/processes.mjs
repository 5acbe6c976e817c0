// Several server processes on one PostgreSQL (issue 24 part 3, `--processes N`): the calls already measured on one
// process, measured again on a server started with WORKERS=N (node:cluster: the primary hands each connection to a
// worker in turn), in the same run and with the same load. Reports each call's req/s on N processes and its ratio
// to the one process's.

/**
 * `startServer(env)` and `stop(child)` of lib/servers.mjs; `measure(base, scenario)` one load measurement; `oneRps(name)`
 * the one-process figure of the same run. Returns the rows and a printable table.
 */
export async function processesRate({ n, env, scenarios, startServer, stop, measure, oneRps }) {
  const server = await startServer({ ...env, WORKERS: String(n) });
  try {
    // The first worker answers the health check; the others listen a moment later. Every worker warms up too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const s of scenarios) await measure(server.base, s, 1);
    const rows = [];
    for (const s of scenarios) {
      const r = await measure(server.base, s);
      const one = oneRps(s.name);
      rows.push({ name: s.name, one, many: r.rps, ratio: one ? r.rps / one : null, p99: r.p99, errors: r.errors });
    }
    const markdown = [
      `| call (postgres) | 1 process req/s | ${n} processes req/s | ratio | p99 ms | errors |`,
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.one?.toFixed(0) ?? '–'} | ${r.many.toFixed(0)} | ${r.ratio?.toFixed(2) ?? '–'} | ${r.p99} | ${r.errors} |`,
      ),
    ].join('\n');
    console.log(`\n${markdown}`);
    return { processes: n, rows, markdown };
  } finally {
    await stop(server.child);
  }
}
