import { auditListResultSchema } from '@spirit/domain/audit/audit.schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, seedApprovedCompany, seedSuperAdmin, userRow } from '../../test/fixtures.js';
import { seedUser } from '../../test/team-fixtures.js';
import { SUPER_ADMIN, createHarness, type Harness } from '../../test/harness.js';
import { auditLog } from './audit.table.js';

let h: Harness;
let superToken: string;
let superId: number;
let A: Awaited<ReturnType<typeof seedApprovedCompany>>;
let B: Awaited<ReturnType<typeof seedApprovedCompany>>;
let adminA: number;
let staff: Awaited<ReturnType<typeof seedUser>>;
let feeIds: number[];
const DAY_PROBES = ['day-probe-1', 'day-probe-2'] as const;

beforeAll(async () => {
  h = await createHarness();
  // The log is append-only (migration 0019): entries for the day filters are written with their dates, first (the
  // oldest entries hold the lowest ids, as in life) and before any list keeps a total (lib/list.ts).
  await h.db.insert(auditLog).values([
    {
      action: 'probe',
      object_type: 'day-probe',
      object_id: DAY_PROBES[0],
      created_at: new Date('2024-03-10T23:59:59.999Z'),
    },
    {
      action: 'probe',
      object_type: 'day-probe',
      object_id: DAY_PROBES[1],
      created_at: new Date('2024-03-11T00:00:00.000Z'),
    },
  ]);
  superToken = await seedSuperAdmin(h);
  superId = (await userRow(h, SUPER_ADMIN.email))!.id;
  A = await seedApprovedCompany(h, { superToken });
  B = await seedApprovedCompany(h, { superToken, type: 'Buyer' });
  adminA = (await userRow(h, A.email))!.id;
  staff = await seedUser(h, { adminToken: A.token });
  feeIds = [];
  for (const company_type of ['Seller', 'Buyer']) {
    const res = await h.call<{ id: number }>(
      'createCommission',
      { company_type, commission_amount: 1, state_gst: 9, central_gst: 9 },
      superToken,
    );
    feeIds.push(res.body.data.id);
  }
});
afterAll(async () => h.close());

const list = async (body: Record<string, unknown>) => {
  const res = await h.call('getAuditLog', body, superToken);
  expect(res.statusCode).toBe(200);
  return auditListResultSchema.parse(res.body.data);
};

describe('getAuditLog', () => {
  it('lists every change newest first, with the actor’s and the company’s names', async () => {
    const page = await list({ page_size: 30 });
    expect(page.totalRecords).toBe(await h.count('audit_log'));
    const ids = page.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.records[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/Z$/),
      actor_user_id: superId,
      actor_name: 'Platform Admin',
      company_id: null,
      company_name: null,
      action: 'fee.created',
      object_type: 'fee',
      object_id: String(feeIds[1]),
      before: null,
      after: expect.objectContaining({ company_type: 'Buyer', commission_amount: '1.00' }),
    });
    expect(page.records.find((r) => r.action === 'user.created' && r.object_id === String(staff.id))).toMatchObject({
      actor_user_id: adminA,
      actor_name: A.body.name,
      company_id: A.id,
      company_name: A.body.name,
    });
  });

  it('filters by company, by acting user and by object type', async () => {
    const ofB = await list({ company_id: B.id, page_size: 30 });
    expect(ofB.records.length).toBeGreaterThan(0);
    expect(ofB.records.every((r) => r.company_id === B.id)).toBe(true);
    expect(ofB.records.map((r) => r.action)).toEqual(
      expect.arrayContaining(['company.registered', 'company.approved', 'user.activated']),
    );

    const byAdmin = await list({ user_id: adminA, page_size: 30 });
    expect(byAdmin.records.map((r) => [r.action, r.object_id])).toEqual([
      ['user.created', String(staff.id)],
      ['user.activated', String(adminA)], // the admin's own account set-up
    ]);

    // By part of the actor's email or name, any case: the same entries.
    const byEmail = await list({ user: A.email.toUpperCase().slice(0, -3), page_size: 30 });
    expect(byEmail.records.map((r) => r.id)).toEqual(byAdmin.records.map((r) => r.id));
    const adminName = (await userRow(h, A.email))!.name;
    expect((await list({ user: adminName.toLowerCase(), page_size: 30 })).records.map((r) => r.id)).toEqual(
      byAdmin.records.map((r) => r.id),
    );
    expect(await list({ user: 'nobody-by-this-name' })).toEqual({ records: [], totalRecords: 0 });

    const fees = await list({ object_type: 'fee' });
    expect(fees.records.map((r) => r.object_id)).toEqual([...feeIds].reverse().map(String));
    expect(await list({ object_type: 'fee', company_id: A.id })).toEqual({ records: [], totalRecords: 0 });
  });

  it('filters by whole days, both ends included (UTC)', async () => {
    const [first, second] = DAY_PROBES;
    const days = async (from: string | null, to: string | null) =>
      (await list({ object_type: 'day-probe', from, to })).records.map((r) => r.object_id);
    expect(await days('2024-03-10', '2024-03-10')).toEqual([first]);
    expect(await days('2024-03-11', '2024-03-11')).toEqual([second]);
    expect(await days('2024-03-10', '2024-03-11')).toEqual([second, first]);
    expect(await days(null, '2024-03-09')).toEqual([]);
    expect(await days('2024-03-12', null)).toEqual([]);
    expect(await days('2024-03-11', null)).toEqual([second]);
  });

  it('refuses to change or remove an entry: the log is append-only', async () => {
    const count = await h.count('audit_log');
    const [entry] = await h.db.select().from(auditLog).limit(1);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'done',
        (err: Error) => ((err.cause as Error | undefined) ?? err).message,
      );
    const refused = 'audit_log is append-only';
    expect(await refusal(h.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, entry!.id)))).toContain(
      refused,
    );
    expect(await refusal(h.db.delete(auditLog).where(inArray(auditLog.id, [entry!.id])))).toContain(refused);
    expect(await refusal(h.db.execute(sql`truncate audit_log`))).toContain(refused);
    expect(await h.count('audit_log')).toBe(count);
    expect((await h.db.select().from(auditLog).where(eq(auditLog.id, entry!.id)))[0]).toEqual(entry);
  });

  it('combines every filter, and counts a filtered page past the end', async () => {
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const every = await list({
      company_id: A.id,
      user_id: adminA,
      user: A.email.slice(0, -3),
      object_type: 'user',
      from: day(-1),
      to: day(1),
      item_search: 'CREATED',
    });
    expect(every.records.map((r) => [r.action, r.object_id])).toEqual([['user.created', String(staff.id)]]);
    expect(every.totalRecords).toBe(1);
    expect(await list({ object_type: 'fee', item_search: 'fee.', page: 2, page_size: 5 })).toEqual({
      records: [],
      totalRecords: 2,
    });
    const all = await h.count('audit_log');
    expect(await list({ page: Math.ceil(all / 5) + 1, page_size: 5 })).toEqual({ records: [], totalRecords: all });
  });

  it('searches actions and pages', async () => {
    const activated = await list({ item_search: 'activated' });
    expect(activated.records.every((r) => r.action === 'user.activated')).toBe(true);
    expect(activated.totalRecords).toBe(3);
    const all = await h.count('audit_log');
    const last = await list({ page_size: 5, page: Math.ceil(all / 5) });
    expect(last.records).toHaveLength(all - 5 * (Math.ceil(all / 5) - 1));
  });

  it('refuses a malformed date and a bad page size', async () => {
    const from = await h.call('getAuditLog', { from: '10-03-2024' }, superToken);
    expectError(from, 400, {});
    expect(Object.keys(from.body.fields ?? {})).toEqual(['from']);
    expectError(await h.call('getAuditLog', { page_size: 50 }, superToken), 400, {
      fields: { page_size: 'Page size must be 5, 10, 20 or 30' },
    });
  });

  it('is for the SuperAdmin only', async () => {
    expectError(await h.call('getAuditLog', {}), 401, { error: 'Invalid token' });
    expectError(await h.call('getAuditLog', {}, A.token), 403, { code: 'auth.forbidden' });
    expectError(await h.call('getAuditLog', {}, staff.token), 403, { code: 'auth.forbidden' });
  });
});
