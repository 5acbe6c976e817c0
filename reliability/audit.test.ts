// Audit coverage: over a whole scenario (fees, companies, users, distilleries, mappings, listings one by one and in
// bulk, a bid countered and rejected, a bid through to a trade), every call's changed rows are compared with the
// entries the same call wrote; and the log refuses to be changed or emptied, on either database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSuperAdmin } from '../apps/server/src/test/fixtures.js';
import { listingBody } from '../apps/server/src/test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, seedOpenBid, validUntil } from '../apps/server/src/test/bid-fixtures.js';
import { createHarness, type Harness } from '../apps/server/src/test/harness.js';
import { RULES, changed, lastAuditId, snapshot, unaudited } from './lib/audit-coverage.js';
import { DATABASE, figure } from './lib/figures.js';
import { csvOf, offerRow } from './lib/hostile.js';
import { rows } from './lib/target.js';

const SECTION = 'Audit';

/** uploadFile with `purpose=bulk` (an upload stores a file only, which the rules exempt: it goes around the check). */
async function bulkUpload(h: Harness, token: string, bytes: Buffer) {
  const boundary = `----sx${Math.random().toString(16).slice(2)}`;
  const part = (headers: string, body: Buffer | string) => [
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...part('Content-Disposition: form-data; name="purpose"', 'bulk'),
    ...part('Content-Disposition: form-data; name="file"; filename="offers.csv"\r\nContent-Type: text/csv', bytes),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadFile',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload,
  });
  return res.json() as { data: { file_url: string } };
}
let h: Harness;
beforeAll(async () => void (h = await createHarness()), 120_000);
afterAll(async () => h.close());

it('every row a call changes has an entry from that call, over a whole scenario', async () => {
  const perTable: Record<string, number> = {};
  const missing: string[] = [];
  let calls = 0;
  const call: Harness['call'] = async (method, body, token) => {
    const [before, since] = [await snapshot(h), await lastAuditId(h)];
    const res = await h.call(method, body, token);
    const changes = changed(before, await snapshot(h));
    for (const c of changes) perTable[c.split(' ')[0]!] = (perTable[c.split(' ')[0]!] ?? 0) + 1;
    missing.push(...(await unaudited(h, changes, since)).map((c) => `${method}: ${c}`));
    calls += 1;
    return res as never;
  };
  const login = async (email: string, password: string) =>
    (await call<{ token: string }>('login', { email, password, captcha: await h.captcha() })).body.data.token;
  const a: Harness = { ...h, call, api: call as Harness['api'], login };

  const superToken = await seedSuperAdmin(a);
  for (const company_type of ['Seller', 'Buyer'])
    await call('createCommission', { company_type, commission_amount: 1, state_gst: 9, central_gst: 9 }, superToken);
  const m = await seedMarket(a, { superToken });
  const { seller } = m;
  await call(
    'updateInventory',
    { id: m.offer.id, ...listingBody(seller, { offer_price: '59.5' }) },
    seller.negotiator.token,
  );
  await call(
    'updateDistill',
    {
      ...seller.distilleries[1]!,
      address: '7 New Road',
      license_number: 'MHD/12345/2026',
    },
    seller.adminToken,
  );
  const up = await bulkUpload(
    h,
    seller.negotiator.token!,
    csvOf([offerRow(seller), offerRow(seller, { price: '62' })]),
  );
  await call('uploadCSV', { s3_url: up.data.file_url }, seller.negotiator.token);
  const open = await seedOpenBid(a, m, { quantity: '500' });
  const countered = await call<{ version: number }>(
    'negotiateBid',
    {
      bid_id: open.id,
      version: open.version,
      quantity: '400',
      price: '60.25',
      valid_until: validUntil(h),
      captcha: await h.captcha(),
    },
    seller.negotiator.token,
  );
  await call(
    'bidAction',
    { bid_id: open.id, version: countered.body.data.version, is_approved: false, comment: 'Too low' },
    m.buyer.negotiator.token,
  );
  await seedApprovedTrade(a, {
    ...m,
    ask: { id: (await seedMarket(a, { superToken, seller, buyer: m.buyer })).ask.id },
  });
  // Issue 25: a price alert, notification settings, an API key and a webhook, each set up and taken down.
  const alert = await call<{ id: number }>(
    'createPriceAlert',
    { side: 'Offer', product: 'Molasses ENA', state: '', price: '99' },
    m.buyer.negotiator.token,
  );
  await call('deletePriceAlert', { id: alert.body.data.id }, m.buyer.negotiator.token);
  await call(
    'updateNotificationPreferences',
    { preferences: [{ type: 'bid_placed', in_app: true, mail: false }] },
    seller.negotiator.token,
  );
  const key = await call<{ id: number }>('createApiKey', { name: 'ERP', scope: 'read' }, seller.adminToken);
  await call('revokeApiKey', { id: key.body.data.id }, seller.adminToken);
  const hook = await call<{ id: number }>(
    'createWebhook',
    { url: 'http://127.0.0.1:9/hook', event_types: ['bid.placed'] },
    seller.adminToken,
  );
  await call('deleteWebhook', { id: hook.body.data.id }, seller.adminToken);
  for (const res of [alert, key, hook]) expect(res.statusCode, JSON.stringify(res.body)).toBe(200);

  await call('archiveUser', { user_id: seller.negotiator.id }, seller.adminToken);

  expect(missing).toEqual([]);
  const entries = (await rows<{ n: number }>(h.db, 'select count(*)::int as n from audit_log'))[0]!.n;
  figure(SECTION, { database: DATABASE, check: 'calls in the scenario', result: calls });
  figure(SECTION, {
    database: DATABASE,
    check: 'rows changed, by table',
    result: Object.entries(perTable)
      .sort()
      .map(([t, n]) => `${t} ${n}`)
      .join(', '),
  });
  figure(SECTION, {
    database: DATABASE,
    check: 'audit entries written / changed rows without one',
    result: `${entries} / ${missing.length}`,
  });
  // Every table is classified: audited by a rule, or exempt with its reason.
  const tables = await rows<{ table_name: string }>(
    h.db,
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  expect(tables.map((t) => t.table_name).filter((t) => !(t in RULES))).toEqual([]);
}, 600_000);

it('the log is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
  const [before] = await rows<{ n: number; d: string }>(
    h.db,
    `select count(*)::int as n, md5(string_agg(a::text, '|' order by id)) as d from audit_log a`,
  );
  const refusals: string[] = [];
  for (const statement of ['update audit_log set action = action', 'delete from audit_log', 'truncate audit_log']) {
    const message = await h.db.execute(sql.raw(statement)).then(
      () => 'done',
      (err: Error) => ((err.cause as Error | undefined) ?? err).message,
    );
    expect(message).toContain('audit_log is append-only');
    refusals.push(statement.split(' ')[0]!.toUpperCase());
  }
  const [after] = await rows<{ n: number; d: string }>(
    h.db,
    `select count(*)::int as n, md5(string_agg(a::text, '|' order by id)) as d from audit_log a`,
  );
  expect(after).toEqual(before);
  figure(SECTION, {
    database: DATABASE,
    check: 'append-only (trigger, migration 0019)',
    result: `${refusals.join(', ')} refused; ${before!.n} entries unchanged`,
  });
});
