// The cost every signed-in call pays (issue 6): the caller resolved in one query or served from the per-process
// cache, a list page and its total in one more, searches served by trigram indexes; and proof that the cache never
// serves a caller past a change that ends or alters them. Counts statements, never times them.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { companyListQuery } from '../modules/companies/companies.repository.js';
import { companyUsersListQuery } from '../modules/users/users.repository.js';
import { createHarness, type Harness } from '../test/harness.js';
import { planOf } from '../test/plans.js';
import { seedSuperAdmin } from '../test/fixtures.js';
import { seedMapping, seedTeam, seedUser, USER_PASSWORD } from '../test/team-fixtures.js';

let h: Harness;
let superToken: string;
let team: Awaited<ReturnType<typeof seedTeam>>;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  team = await seedTeam(h, { superToken });
  await seedMapping(h, {
    adminToken: team.adminToken,
    distilleries: team.distilleries.map((d) => d.id),
    negotiator: team.negotiator.id,
    authorizer: team.authorizer.id,
    approver: team.approver.id,
  });
});
afterAll(() => h.close());

/** Statements one call sends to the database; `warm` first makes the same call once, filling the caller cache. */
async function queriesOf(method: string, body: Record<string, unknown>, token: string, warm = false) {
  if (warm) await h.call(method, body, token);
  const before = h.deps.database.queries.count;
  const res = await h.call(method, body, token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return h.deps.database.queries.count - before;
}

describe('query budget of a signed-in call', () => {
  const lists: [string, Record<string, unknown>, () => string][] = [
    ['getAllCompany', { type: 'Seller', status: ['Approved'] }, () => superToken],
    ['getAllCompany', { item_search: 'pvt', sort_order: 'desc' }, () => superToken],
    ['getAllCommission', {}, () => superToken],
    ['getAuditLog', { item_search: 'company' }, () => superToken],
    ['getAllUsers', {}, () => team.adminToken],
    ['getAllDistill', { item_search: 'a' }, () => team.adminToken],
    ['getAllDistillGroup', { type: 'Centralized' }, () => team.adminToken],
    ['getAllDistillGroup', { type: 'Decentralized' }, () => team.adminToken],
  ];

  it.each(lists)(
    '%s %j: the page with its total in one statement, the caller in at most one',
    async (method, body, token) => {
      h.deps.actorCache.drop();
      expect(await queriesOf(method, body, token())).toBe(2);
      expect(await queriesOf(method, body, token(), true)).toBe(1);
    },
  );

  it('counts apart only for a page past the end, where no row carries the total', async () => {
    await h.call('getAllUsers', {}, team.adminToken);
    const before = h.deps.database.queries.count;
    const res = await h.call<{ records: unknown[]; totalRecords: number }>(
      'getAllUsers',
      { page: 50, page_size: 10 },
      team.adminToken,
    );
    expect(h.deps.database.queries.count - before).toBe(2);
    expect(res.body.data.records).toEqual([]);
    expect(res.body.data.totalRecords).toBe(4);
  });

  it('the list records carry what the separate queries used to add: roles, mapped distilleries', async () => {
    const res = await h.call<{ records: { id: number; roles: string[]; distilleries: string[] }[] }>(
      'getAllUsers',
      {},
      team.adminToken,
    );
    const negotiator = res.body.data.records.find((u) => u.id === team.negotiator.id)!;
    expect(negotiator.roles).toEqual(['Negotiator']);
    expect(negotiator.distilleries).toHaveLength(2);
    const groups = await h.call<{ records: { distilleries: { id: number }[] }[] }>(
      'getAllDistillGroup',
      { type: 'Centralized' },
      team.adminToken,
    );
    expect(groups.body.data.records[0]!.distilleries.map((d) => d.id).sort()).toEqual(
      team.distilleries.map((d) => d.id).sort(),
    );
  });

  it('writes the idle clock at most once a minute', async () => {
    const token = await h.login(team.negotiator.email, team.negotiator.password);
    expect(await queriesOf('refreshUser', {}, token)).toBe(1);
    expect(await queriesOf('refreshUser', {}, token)).toBe(0);
    const seen = async () =>
      (
        (await h.db.execute(
          sql`select last_seen_at from sessions where user_id = ${team.negotiator.id} order by id desc limit 1`,
        )) as unknown as { rows: { last_seen_at: Date | string }[] }
      ).rows[0]!.last_seen_at;
    const first = String(await seen());
    await h.call('refreshUser', {}, token);
    expect(String(await seen())).toBe(first);
    h.clock.offsetMs += 61_000;
    await h.call('refreshUser', {}, token);
    expect(String(await seen())).not.toBe(first);
  });
});

describe('the caller cache never outlives a change', () => {
  /** A signed-in user whose session is warm in the cache. */
  async function warmUser() {
    const user = await seedUser(h, { adminToken: team.adminToken });
    const token = user.token!;
    expect(await status(token)).toBe(200);
    expect(await queriesOf('refreshUser', {}, token)).toBe(0);
    return { ...user, token };
  }
  const status = async (token: string, app?: FastifyInstance) =>
    app
      ? (
          await app.inject({
            method: 'POST',
            url: '/api/refreshUser',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: '{}',
          })
        ).statusCode
      : (await h.call('refreshUser', {}, token)).statusCode;
  const me = async (token: string) =>
    (await h.call<{ user: { name: string; roles: string[] } }>('refreshUser', {}, token)).body.data.user;

  it('logout', async () => {
    const u = await warmUser();
    expect((await h.call('logout', {}, u.token)).statusCode).toBe(200);
    expect(await status(u.token)).toBe(401);
  });

  it('password change', async () => {
    const u = await warmUser();
    const res = await h.call(
      'changePassword',
      { old_password: USER_PASSWORD, new_password: 'Changed@Pass2', captcha: await h.captcha() },
      u.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await status(u.token)).toBe(401);
  });

  it('archive', async () => {
    const u = await warmUser();
    expect((await h.call('archiveUser', { user_id: u.id }, team.adminToken)).statusCode).toBe(200);
    expect(await status(u.token)).toBe(401);
  });

  it('an edit of the user', async () => {
    const u = await warmUser();
    const edit = { id: u.id, name: 'Renamed Person', email: u.email, mobile_number: '9000000001' };
    expect((await h.call('updateUser', edit, team.adminToken)).statusCode).toBe(200);
    expect((await me(u.token)).name).toBe('Renamed Person');
  });

  it('a mapping change moves roles on the very next request', async () => {
    const other = await seedTeam(h, { superToken });
    const token = other.negotiator.token!;
    expect((await me(token)).roles).toEqual([]);
    await seedMapping(h, {
      adminToken: other.adminToken,
      type: 'Decentralized',
      distilleries: [other.distilleries[0]!.id],
      negotiator: other.negotiator.id,
      authorizer: other.authorizer.id,
      approver: other.approver.id,
    });
    expect((await me(token)).roles).toEqual(['Negotiator']);
  });

  it('company deletion', async () => {
    const other = await seedTeam(h, { superToken });
    expect(await status(other.approver.token!)).toBe(200);
    expect((await h.call('deleteCompany', { company_id: other.company.id }, superToken)).statusCode).toBe(200);
    expect(await status(other.approver.token!)).toBe(401);
    expect(await status(other.adminToken)).toBe(401);
  });

  it('idle and absolute expiry', async () => {
    const u = await warmUser();
    h.clock.offsetMs += h.config.sessionIdleMinutes * 60_000 + 1_000;
    expect(await status(u.token)).toBe(401);
    h.clock.offsetMs = 0;
    const v = await warmUser();
    // Keep the session busy so it never idles out, until its absolute lifetime ends.
    const step = (h.config.sessionIdleMinutes - 1) * 60_000;
    const lifetime = h.config.sessionTtlHours * 3_600_000;
    let lived = 0;
    while (lived + step < lifetime) {
      h.clock.offsetMs += step;
      lived += step;
      expect(await status(v.token)).toBe(200);
    }
    h.clock.offsetMs += lifetime - lived + 1_000;
    expect(await status(v.token)).toBe(401);
    h.clock.offsetMs = 0;
  });

  it('a revocation written straight into the database, past every service', async () => {
    const u = await warmUser();
    await h.db.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
    await expect.poll(() => status(u.token), { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it('a change made through another process of the same deployment', async () => {
    const other = await buildApp(h.config, { database: h.deps.database, now: h.deps.now });
    await other.ready();
    try {
      const u = await warmUser();
      expect(await status(u.token, other)).toBe(200);
      expect(other.deps.actorCache.size).toBeGreaterThan(0);
      expect((await h.call('archiveUser', { user_id: u.id }, team.adminToken)).statusCode).toBe(200);
      // The other process hears of it through the database's notification, not through this process.
      await expect.poll(() => status(u.token, other), { timeout: 2_000, interval: 20 }).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('market figures across processes', () => {
  it('another process forgets its market figures and list totals as soon as this one writes', async () => {
    const other = await buildApp(h.config, { database: h.deps.database, now: h.deps.now });
    await other.ready();
    try {
      let computed = 0;
      const probe = () => other.deps.marketCache.get('probe', Date.now(), async () => ++computed);
      expect(await probe()).toBe(1);
      expect(await probe()).toBe(1);
      // Written past every service, as another process's write reaches this one: through the database alone.
      await h.db.execute(sql`update companies set updated_at = now() where id = ${team.company.id}`);
      await expect.poll(probe, { timeout: 2_000, interval: 20 }).toBe(2);
      await h.db.execute(sql`update listings set updated_at = updated_at where false`);
      await expect.poll(probe, { timeout: 2_000, interval: 20 }).toBe(3);
    } finally {
      await other.close();
    }
  });
});

describe('lists and searches stay indexed at scale', () => {
  // A few thousand rows are still cheaper to scan, so the planner is told to avoid scans: what is proven is that
  // every searched expression, as the lists write it, has a trigram index that can serve it at market scale.
  it('the companies search matches their stored search text, served by its trigram index', async () => {
    const shape = {
      type: false,
      status: false,
      search: true,
      sort_by: 'created_at',
      order: 'desc',
      total: true,
      deep: false,
    } as const;
    const plan = await planOf(
      h.db,
      companyListQuery(h.db, shape),
      { pattern: '%ganga%', limit: 10, offset: 0 },
      'force_custom_plan',
    );
    expect(plan).toMatch(/Bitmap Index Scan on companies_search_trgm_idx/);
    expect(plan).toMatch(/search_text ~~ '%ganga%'/);
    // No column is lowered on the way: the stored text is matched as it is.
    expect(plan).not.toMatch(/lower\(/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('a deep page of the company list skips index entries only, and works out its columns for its own rows', async () => {
    const shape = {
      type: false,
      status: false,
      search: false,
      sort_by: 'name',
      order: 'desc',
      total: false,
      deep: true,
    } as const;
    const plan = await planOf(h.db, companyListQuery(h.db, shape), { limit: 10, offset: 490 }, 'force_generic_plan');
    expect(plan).toMatch(/Index Only Scan Backward using companies_display_name_idx/);
    // The page's ids fetch their rows through the primary key, never by hashing the table.
    expect(plan).toMatch(/Index Scan on companies_pkey|Index Scan using companies_pkey/);
    expect(plan).not.toMatch(/Hash/);
    // The pending-admin subquery hangs above the page's Limit (less indented than the scan under it), not beside
    // the scan, where it would run for every row skipped on the way.
    const indent = (pattern: RegExp) => /^ */.exec(plan.split('\n').find((l) => pattern.test(l))!)![0].length;
    expect(indent(/SubPlan/)).toBeLessThan(indent(/Index Only Scan/));
  });

  it('the users list reads its company’s mappings once for the page, not three indexes and three tables per user', async () => {
    const query = companyUsersListQuery(h.db, { search: false, order: 'asc' });
    const values = { company: team.company.id, archived: false, limit: 10, offset: 0 };
    const plan = await planOf(h.db, query, values, 'force_generic_plan');
    expect(plan).toMatch(/CTE fm/);
    expect(plan).toMatch(/mappings_company_type_idx/);
    expect(plan).not.toMatch(/mappings_(negotiator|authorizer|approver)_idx/);
  });
});
