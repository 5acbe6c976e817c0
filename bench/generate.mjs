// Fills a migrated, empty database with a market: companies with their users, distilleries, mappings, fee rates,
// audit history and a few signed-in sessions, by bulk SQL (INSERT … SELECT over generate_series), never through the
// services one row at a time. Prints its insert rate. Later trading issues add listings and bids here.
//
//   node bench/generate.mjs --scale small|market [--database-url postgres://…] [--data-dir dir]
//
// Used by bench/run.mjs; on its own it fills the database the flags name (PGlite under DATA_DIR/pglite by default).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { SPIRIT_NAMES } from '@spirit/domain/companies/companies.constants';

export const SCALES = {
  small: { companies: 200, auditPerCompany: 10, listingsPerCompany: 20 },
  market: { companies: 2000, auditPerCompany: 25, listingsPerCompany: 100 },
};

/** PGlite, one process and a WebAssembly build, holds a quarter of the market's listings (50,000 at market). */
export const PGLITE_LISTING_SHARE = 0.25;

export const BENCH_PASSWORD = 'Bench@2026';
export const SUPER_EMAIL = 'admin@bench.test';

/** Tokens of the sessions the generator opens, so scenarios call as a signed-in user without a captcha. */
export const TOKENS = {
  superAdmin: 'bench-token-super-admin-0000000000000000000',
  admin: 'bench-token-company-admin-000000000000000000',
  negotiator: 'bench-token-negotiator-000000000000000000000',
};

const sha256 = (v) => createHash('sha256').update(v).digest('hex');

const PRODUCTS = SPIRIT_NAMES;
const STATES = [
  ['Maharashtra', '27', 'Pune'],
  ['Karnataka', '29', 'Mysuru'],
  ['Uttar Pradesh', '09', 'Lucknow'],
  ['Tamil Nadu', '33', 'Chennai'],
  ['Punjab', '03', 'Ludhiana'],
  ['Haryana', '06', 'Panipat'],
  ['Goa', '30', 'Panaji'],
  ['Madhya Pradesh', '23', 'Indore'],
  ['Gujarat', '24', 'Vadodara'],
  ['Telangana', '36', 'Hyderabad'],
];
const sqlArray = (items) => `(array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}])`;
const STATE = (i) => `${sqlArray(STATES.map((s) => s[0]))}[1 + (${i}) % ${STATES.length}]`;
const STATE_CODE = (i) => `${sqlArray(STATES.map((s) => s[1]))}[1 + (${i}) % ${STATES.length}]`;
const CITY = (i) => `${sqlArray(STATES.map((s) => s[2]))}[1 + (${i}) % ${STATES.length}]`;
const WORDS = sqlArray(['Sahyadri', 'Ganga', 'Narmada', 'Deccan', 'Kaveri', 'Malwa', 'Konkan', 'Vindhya', 'Doaba']);
const KINDS = sqlArray(['Distilleries', 'Spirits', 'Agro Industries', 'Sugar Mills', 'Breweries', 'Bottlers']);

/**
 * The statements that build the market, in order, each with the table it fills. Every company g (1…n) is a Seller
 * when g is odd, a Buyer when even; about 90 % are Approved. PAN and GSTIN follow the real formats (checksums
 * are not computed: rows are inserted below the services).
 */
function statements(n, auditPerCompany, listingsPerCompany, passwordHash) {
  const pan = `'AB' || chr(65 + g % 26) || 'P' || chr(65 + (g / 26) % 26) || lpad((g % 10000)::text, 4, '0') || chr(65 + g % 23)`;
  return [
    [
      'companies',
      `insert into companies (type, name, registered_name, license_number, pan_no, gst_number, address, city, state,
        pin_code, email, mobile_number, status, is_bid_confidential, created_at, updated_at)
      select case when g % 2 = 1 then 'Seller' else 'Buyer' end,
        ${WORDS}[1 + g % 9] || ' ' || ${KINDS}[1 + g % 6] || ' ' || g,
        ${WORDS}[1 + g % 9] || ' ' || ${KINDS}[1 + g % 6] || ' ' || g || ' Private Limited',
        'LIC/' || g, ${pan}, ${STATE_CODE('g')} || ${pan} || '1Z' || chr(65 + g % 26),
        g || ' Industrial Area', ${CITY('g')}, ${STATE('g')}, '4110' || lpad((g % 100)::text, 2, '0'),
        'company' || g || '@bench.test', '98' || lpad(g::text, 8, '0'),
        case when g % 20 = 0 then 'Pending' when g % 31 = 0 then 'Rejected' else 'Approved' end,
        g % 10 = 0, now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${n}) g`,
    ],
    [
      'company_spirits',
      `insert into company_spirits (company_id, type_of_spirit)
      select c.id, ${sqlArray(PRODUCTS)}[1 + (c.id + k) % ${PRODUCTS.length}]
      from companies c cross join generate_series(0, 2) k`,
    ],
    [
      'users',
      `insert into users (company_id, name, email, mobile_number, password_hash, is_active, is_admin, created_at)
      select c.id, r.title || ' ' || c.id, r.role || '.' || c.id || '@bench.test', '97' || lpad(c.id::text, 8, '0'),
        '${passwordHash}', c.status = 'Approved', r.role = 'admin', now()
      from companies c cross join (values ('admin', 'Admin'), ('negotiator', 'Negotiator'), ('authorizer', 'Authorizer'),
        ('approver', 'Approver'), ('negotiator2', 'Second Negotiator')) r(role, title)`,
    ],
    [
      'distilleries',
      `insert into distilleries (company_id, name, address, state, license_number, gst_number)
      select c.id, 'Unit ' || k || ' of ' || c.name, 'Plot ' || k || ', ' || c.city, ${STATE('c.id + k')},
        'DL/' || c.id || '/' || k, ''
      from companies c cross join generate_series(1, 3) k`,
    ],
    [
      'mappings',
      `insert into mappings (company_id, type, name, negotiator_id, authorizer_id, approver_id)
      select c.id, m.type, case when m.type = 'Centralized' then 'Group of ' || c.id else 'Unit 1 of ' || c.name end,
        max(u.id) filter (where split_part(u.email, '.', 1) = m.negotiator),
        max(u.id) filter (where split_part(u.email, '.', 1) = 'authorizer'),
        max(u.id) filter (where split_part(u.email, '.', 1) = 'approver')
      from companies c cross join (values ('Centralized', 'negotiator'), ('Decentralized', 'negotiator2')) m(type, negotiator)
      join users u on u.company_id = c.id
      group by c.id, c.name, m.type, m.negotiator`,
    ],
    [
      'mapping_distilleries',
      `insert into mapping_distilleries (mapping_id, distillery_id)
      select m.id, d.id from mappings m join distilleries d on d.company_id = m.company_id
      where (m.type = 'Decentralized' and d.name like 'Unit 1 of %')
         or (m.type = 'Centralized' and d.name not like 'Unit 1 of %')`,
    ],
    [
      'fee_rates',
      `insert into fee_rates (company_type, company_id, product, commission_amount, state_gst, central_gst)
      select t, null, null, 0.50, 9, 9 from unnest(array['Seller', 'Buyer']) t
      union all
      select c.type, c.id, null, 0.25 + (c.id % 10) / 20.0, 9, 9 from companies c
      where c.status = 'Approved' and c.id % 10 = 0`,
    ],
    [
      'audit_log',
      `insert into audit_log (actor_user_id, company_id, action, object_type, object_id, before, after, created_at)
      select u.id, c.id, ${sqlArray(['user.updated', 'distillery.updated', 'mapping.updated', 'company.updated'])}[1 + k % 4],
        ${sqlArray(['user', 'distillery', 'mapping', 'company'])}[1 + k % 4], (c.id * 100 + k)::text,
        jsonb_build_object('name', 'Before ' || k), jsonb_build_object('name', 'After ' || k),
        now() - ((c.id * ${auditPerCompany} + k) || ' minutes')::interval
      from companies c join users u on u.company_id = c.id and u.is_admin
      cross join generate_series(1, ${auditPerCompany}) k`,
    ],
    [
      'listings',
      // Each company lists its own products at its own distilleries, over periods from 2026-10 on; one in twenty
      // is Closed (sold out). Units 2 and 3 are the centralized group's, unit 1 the de-centralized one's.
      `insert into listings (side, company_id, distillery_id, state, product, from_period, to_period,
        original_quantity, available_quantity, price, export_pass_fee, sales_tax, import_pass_fee,
        transit_permit_fee, escort_fee, corporation_fee, misc_handling, transportation, status, created_at, updated_at)
      select case when c.type = 'Seller' then 'Offer' else 'Ask' end, c.id, d.id, d.state,
        ${sqlArray(PRODUCTS)}[1 + (c.id + k % 3) % ${PRODUCTS.length}],
        to_char(date '2026-10-01' + ((k % 9) || ' months')::interval, 'YYYY-MM'),
        to_char(date '2026-10-01' + ((k % 9 + k % 5) || ' months')::interval, 'YYYY-MM'),
        1000 + (k * 37 % 90) * 100, case when k % 20 = 0 then 0 else 1000 + (k * 37 % 90) * 100 end,
        45 + (c.id * 7 + k * 13) % 4000 / 100.0,
        case when c.type = 'Seller' then 1.25 end, case when c.type = 'Seller' then 18 end,
        case when c.type = 'Buyer' then 2 end, case when c.type = 'Buyer' then 0.5 end,
        case when c.type = 'Buyer' then 0.25 end, case when c.type = 'Buyer' then 1 end,
        case when c.type = 'Buyer' then 0.1 end, case when c.type = 'Buyer' then (c.id + k) % 5 end,
        case when k % 20 = 0 then 'Closed' else 'Open' end,
        now() - ((k * 17 + c.id) || ' minutes')::interval, now() - ((k * 11 + c.id) || ' minutes')::interval
      from companies c cross join generate_series(1, ${listingsPerCompany}) k
      cross join lateral (select id, state from distilleries where company_id = c.id order by id
        offset (1 + k % 2) limit 1) d
      where c.status = 'Approved'`,
    ],
    [
      'users',
      `insert into users (company_id, name, email, password_hash, is_active, is_super_admin)
      values (null, 'Bench Platform Admin', '${SUPER_EMAIL}', '${passwordHash}', true, true)`,
    ],
    [
      'sessions',
      `insert into sessions (token_hash, user_id, expires_at, last_seen_at)
      select t.hash, u.id, now() + interval '7 days', now() + interval '7 days'
      from (values ('${sha256(TOKENS.superAdmin)}', '${SUPER_EMAIL}'),
        ('${sha256(TOKENS.admin)}', 'admin.1@bench.test'),
        ('${sha256(TOKENS.negotiator)}', 'negotiator.1@bench.test')) t(hash, email)
      join users u on u.email = t.email`,
    ],
  ];
}

/**
 * Runs the generator through `exec(sql) → {affectedRows|rowCount}` (one statement per call, as PGlite needs).
 * Returns what it inserted and how fast.
 */
export async function generate(exec, { scale = 'small', kind = 'postgres', log = console.log } = {}) {
  const { companies, auditPerCompany } = SCALES[scale];
  const listingsPerCompany = Math.round(
    SCALES[scale].listingsPerCompany * (kind === 'pglite' ? PGLITE_LISTING_SHARE : 1),
  );
  const passwordHash = await hash(BENCH_PASSWORD);
  const started = performance.now();
  const counts = {};
  for (const [table, text] of statements(companies, auditPerCompany, listingsPerCompany, passwordHash)) {
    const res = await exec(text);
    counts[table] = (counts[table] ?? 0) + Number(res.rowCount ?? res.affectedRows ?? 0);
  }
  const seconds = (performance.now() - started) / 1000;
  await exec('analyze');
  const ids = (
    await exec(`select
      (select company_id from users where email = 'admin.1@bench.test') as company,
      (select id from users where email = 'approver.1@bench.test') as "user",
      (select min(id) from distilleries where company_id = 1) as distillery,
      (select min(id) from mappings where company_id = 1) as mapping,
      (select min(id) from fee_rates) as fee,
      (select min(l.id) from listings l join distilleries d on d.id = l.distillery_id
        where l.company_id = 1 and l.status = 'Open' and d.name like 'Unit 2 %') as listing,
      (select min(id) from listings where company_id = 2 and status = 'Open') as market_item,
      (select min(id) from distilleries where company_id = 1 and name like 'Unit 2 %') as negotiated_distillery,
      (select state from distilleries where company_id = 1 and name like 'Unit 2 %' limit 1) as negotiated_state,
      (select min(type_of_spirit) from company_spirits where company_id = 1) as negotiated_product`)
  ).rows[0];
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  log(
    `  generated ${rows.toLocaleString('en-IN')} rows (${Object.entries(counts)
      .map(([t, c]) => `${t} ${c}`)
      .join(', ')}) in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s`,
  );
  return { scale, counts, rows, seconds, rowsPerSecond: rows / seconds, ids };
}

/** A statement runner for a PostgreSQL server URL or a PGlite data directory, and how to close it. */
export async function openExec({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { kind: 'postgres', exec: (text) => client.query(text), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  return { kind: 'pglite', exec: (text) => db.query(text), close: () => db.close() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const { kind, exec, close } = await openExec({
    databaseUrl: arg('database-url', process.env.DATABASE_URL),
    dataDir: arg('data-dir', process.env.DATA_DIR ?? './data'),
  });
  try {
    await generate(exec, { scale: arg('scale', 'small'), kind });
  } finally {
    await close();
  }
}
