// The floor under every database call: a bare node:http server that answers each request with one company page read
// from the same database as the app (the columns and order of getAllCompany page 1, whose total the app keeps for
// seconds), through the driver the app uses and nothing else — no framework, no sign-in, no validation, no mapping,
// the statement prepared and planned once. No route that reads the database can be cheaper than this on the same
// machine, so its ratio to the bare server bounds what any list call can reach.
//   DATABASE_URL: PostgreSQL through a pool of 10 like the app's, one named statement with a generic plan.
//   DATA_DIR: the app's PGlite under DATA_DIR/pglite (the app's server must be stopped: one process owns it), the
//   page parsed once as a named statement with a generic plan, then bound and executed in one protocol exchange.
import http from 'node:http';
import path from 'node:path';

const PAGE = `select id, coalesce(nullif(name, ''), registered_name) as name, registered_name, gst_number, pan_no, type,
  status, email, mobile_number, created_at
  from companies order by lower(coalesce(nullif(name, ''), registered_name)) asc, id asc limit $1 offset $2`;

async function openPage() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    return {
      page: async () => (await pool.query({ name: 'floor_page', text: PAGE, values: [10, 0] })).rows,
      close: () => pool.end(),
    };
  }
  const { PGlite, parse, protocol } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: path.join(process.env.DATA_DIR, 'pglite'), extensions: { pg_trgm } });
  const { serialize } = protocol;
  const bytes = (...messages) => Buffer.concat(messages);
  await db.exec('set plan_cache_mode = force_generic_plan');
  const described = await db.execProtocol(
    bytes(
      serialize.parse({ name: 'floor_page', text: PAGE }),
      serialize.describe({ type: 'S', name: 'floor_page' }),
      serialize.sync(),
    ),
  );
  const rowDescription = described.messages.find((m) => m.name === 'rowDescription');
  const run = bytes(
    serialize.bind({ statement: 'floor_page', values: ['10', '0'] }),
    serialize.execute({}),
    serialize.sync(),
  );
  return {
    page: async () => {
      const { messages } = await db.execProtocol(run, { syncToFs: false });
      return parse.parseResults([rowDescription, ...messages], db.parsers)[0].rows;
    },
    close: () => db.close(),
  };
}

const { page, close } = await openPage();
const server = http.createServer((_req, res) => {
  page().then(
    (records) => {
      const body = JSON.stringify({ status: 'OK', statusCode: 200, message: 'Success', data: { records } });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
    (err) => {
      res.writeHead(500).end(String(err));
    },
  );
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => close().then(() => process.exit(0))));
