import { refreshUserResultSchema } from '@spirit/domain/auth/auth.schemas';
import { stateWiseDistilleriesSchema } from '@spirit/domain/distilleries/distilleries.schemas';
import { MAPPING_MESSAGES, mappingListResultSchema, mappingSchema } from '@spirit/domain/mappings/mappings.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onUniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/errors.js';
import { auditEntries, expectError, seedSuperAdmin } from '../../test/fixtures.js';
import {
  USER_PASSWORD,
  seedDistillery,
  seedMapping,
  seedTeam,
  seedUser,
  type SeededMapping,
} from '../../test/team-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { mappingDistilleries, mappings } from './mappings.table.js';

let h: Harness;
let superToken: string;
let A: Awaited<ReturnType<typeof seedTeam>>;
let B: Awaited<ReturnType<typeof seedTeam>>;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  A = await seedTeam(h, { superToken });
  B = await seedTeam(h, { superToken, type: 'Buyer' });
});
afterAll(async () => h.close());

const counts = async () => ({
  mappings: await h.count('mappings'),
  mapped: await h.count('mapping_distilleries'),
  audit: await h.count('audit_log'),
});
/** Every stored mapping row with its distilleries: what a refused call must leave alone. */
const stored = async () => ({
  mappings: await h.db.select().from(mappings).orderBy(mappings.id),
  distilleries: await h.db.select().from(mappingDistilleries).orderBy(mappingDistilleries.distillery_id),
});
const rolesOf = async (token: string | null) => {
  const res = await h.call('refreshUser', {}, token);
  expect(res.statusCode).toBe(200);
  return refreshUserResultSchema.parse(res.body.data).user.roles;
};
/** A fresh set of three signed-in users and distilleries of A, for tests that map them. */
async function freshPeople(distilleryCount = 1) {
  const adminToken = A.adminToken;
  const [n, a, p] = [
    await seedUser(h, { adminToken }),
    await seedUser(h, { adminToken }),
    await seedUser(h, { adminToken }),
  ];
  const ds = [];
  for (let i = 0; i < distilleryCount; i++) ds.push(await seedDistillery(h, { adminToken }));
  return { n, a, p, ds };
}
const formOf = (people: Awaited<ReturnType<typeof freshPeople>>, extra: Record<string, unknown> = {}) => ({
  type: 'Centralized',
  name: `Group ${Math.random().toString(36).slice(2, 8)}`,
  distilleries: people.ds.map((d) => d.id),
  negotiator: people.n.id,
  authorizer: people.a.id,
  approver: people.p.id,
  ...extra,
});
async function expectAdminOnly(method: string, body: Record<string, unknown>) {
  const before = await stored();
  expectError(await h.call(method, body), 401, { error: 'Invalid token' });
  expectError(await h.call(method, body, A.negotiator.token), 403, { code: 'auth.forbidden' });
  expectError(await h.call(method, body, superToken), 403, { code: 'auth.forbidden' });
  expect(await stored()).toEqual(before);
}

describe('createDistillGroup', () => {
  it('maps a centralized group; the users hold the derived roles at once, in their sessions and at sign-in', async () => {
    const { negotiator, authorizer, approver, distilleries, adminToken } = A;
    for (const u of [negotiator, authorizer, approver]) expect(await rolesOf(u.token)).toEqual([]);
    const res = await h.call(
      'createDistillGroup',
      {
        type: 'Centralized',
        name: '  West Group ',
        distilleries: distilleries.map((d) => d.id),
        negotiator: negotiator.id,
        authorizer: authorizer.id,
        approver: approver.id,
      },
      adminToken,
    );
    expect(res.body).toMatchObject({ status: 'OK', statusCode: 200, message: MAPPING_MESSAGES.created });
    const m = mappingSchema.parse(res.body.data);
    const sorted = [...distilleries].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()));
    expect(m).toEqual({
      id: expect.any(Number),
      name: 'West Group',
      type: 'Centralized',
      distilleries: sorted.map((d) => ({ id: d.id, name: d.name, state: d.state })),
      negotiator: { id: negotiator.id, name: 'Nina Negotiator' },
      authorizer: { id: authorizer.id, name: 'Arun Authorizer' },
      approver: { id: approver.id, name: 'Asha Approver' },
      Negotiator: 'Nina Negotiator',
      Authorizer: 'Arun Authorizer',
      Approver: 'Asha Approver',
    });
    expect(await rolesOf(negotiator.token)).toEqual(['Negotiator']);
    expect(await rolesOf(authorizer.token)).toEqual(['Authorizer']);
    expect(await rolesOf(approver.token)).toEqual(['Approver']);
    const login = await h.call<{ user: { roles: string[]; userType: string; userActionType: string } }>('login', {
      email: negotiator.email,
      password: USER_PASSWORD,
      captcha: await h.captcha(),
    });
    expect(login.body.data.user).toMatchObject({
      roles: ['Negotiator'],
      userType: 'Negotiator',
      userActionType: 'SellerNegotiator',
    });
    expect(await auditEntries(h, 'mapping.created', m.id)).toEqual([
      expect.objectContaining({
        company_id: A.company.id,
        after: {
          type: 'Centralized',
          name: 'West Group',
          distilleries: sorted.map((d) => d.id),
          negotiator: negotiator.id,
          authorizer: authorizer.id,
          approver: approver.id,
        },
      }),
    ]);
  });

  it('names a de-centralized mapping after its one distillery, whatever name is sent', async () => {
    const people = await freshPeople();
    const res = await h.call(
      'createDistillGroup',
      formOf(people, { type: 'Decentralized', name: 'ignored' }),
      A.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'Decentralized', name: people.ds[0]!.name });
  });

  it('maps a distillery listed twice once', async () => {
    const people = await freshPeople();
    const d = people.ds[0]!.id;
    const res = await h.call('createDistillGroup', formOf(people, { distilleries: [d, d] }), A.adminToken);
    expect(res.statusCode).toBe(200);
    expect((res.body.data as SeededMapping).distilleries.map((x) => x.id)).toEqual([d]);
  });

  type Case = [string, (p: Awaited<ReturnType<typeof freshPeople>>) => Record<string, unknown>, Record<string, string>];
  it.each<Case>([
    ['no type', () => ({ type: undefined }), { type: '*required' }],
    ['an unknown type', () => ({ type: 'Regional' }), { type: '*required' }],
    ['a centralized mapping without a group name', () => ({ name: ' ' }), { name: '*required' }],
    ['no distillery', () => ({ distilleries: [] }), { distilleries: '*required' }],
    [
      'a de-centralized mapping of two distilleries',
      (p) => ({ type: 'Decentralized', distilleries: [p.ds[0]!.id, p.ds[1]!.id] }),
      { distilleries: MAPPING_MESSAGES.oneDistillery },
    ],
    ['no negotiator', () => ({ negotiator: undefined }), { negotiator: '*required' }],
    ['the same user twice', (p) => ({ approver: p.n.id }), { approver: MAPPING_MESSAGES.distinctUsers }],
  ])('refuses %s with the message in fields and maps nothing', async (_case, override, fields) => {
    const people = await freshPeople(2);
    const before = await counts();
    expectError(await h.call('createDistillGroup', formOf(people, override(people)), A.adminToken), 400, { fields });
    expect(await counts()).toEqual(before);
  });

  it.each<
    [string, (p: Awaited<ReturnType<typeof freshPeople>>) => Promise<Record<string, unknown>>, Record<string, string>]
  >([
    [
      'another company’s user',
      async () => ({ authorizer: B.authorizer.id }),
      { authorizer: MAPPING_MESSAGES.unknownUser },
    ],
    ['an unknown user', async () => ({ negotiator: 999_999 }), { negotiator: MAPPING_MESSAGES.unknownUser }],
    [
      'an archived user',
      async (p) => {
        expect((await h.call('archiveUser', { user_id: p.p.id }, A.adminToken)).statusCode).toBe(200);
        return {};
      },
      { approver: MAPPING_MESSAGES.unknownUser },
    ],
    [
      'another company’s distillery',
      async (p) => ({ distilleries: [p.ds[0]!.id, B.distilleries[0]!.id] }),
      { distilleries: MAPPING_MESSAGES.unknownDistillery },
    ],
  ])('refuses %s with 400 and maps nothing', async (_case, override, fields) => {
    const people = await freshPeople();
    const body = formOf(people, await override(people));
    const before = await counts();
    expectError(await h.call('createDistillGroup', body, A.adminToken), 400, {
      fields,
      error: Object.values(fields)[0],
    });
    expect(await counts()).toEqual(before);
  });

  it.each(['Centralized', 'Decentralized'])(
    'refuses a %s mapping of a distillery that is already mapped, with 409, and maps nothing',
    async (type) => {
      const first = await freshPeople();
      await seedMapping(h, {
        adminToken: A.adminToken,
        distilleries: [first.ds[0]!.id],
        negotiator: first.n.id,
        authorizer: first.a.id,
        approver: first.p.id,
      });
      const second = await freshPeople();
      const before = await stored();
      const res = await h.call(
        'createDistillGroup',
        formOf(second, {
          type,
          distilleries: type === 'Centralized' ? [second.ds[0]!.id, first.ds[0]!.id] : [first.ds[0]!.id],
        }),
        A.adminToken,
      );
      expectError(res, 409, {
        error: MAPPING_MESSAGES.distilleryTaken,
        fields: { distilleries: MAPPING_MESSAGES.distilleryTaken },
      });
      expect(await stored()).toEqual(before);
      expect(await rolesOf(second.n.token)).toEqual([]);
    },
  );

  it('refuses a group name the company already uses (any case); another company may use it', async () => {
    const first = await freshPeople();
    await seedMapping(h, {
      adminToken: A.adminToken,
      name: 'Coastal Group',
      distilleries: [first.ds[0]!.id],
      negotiator: first.n.id,
      authorizer: first.a.id,
      approver: first.p.id,
    });
    const second = await freshPeople();
    const before = await stored();
    expectError(await h.call('createDistillGroup', formOf(second, { name: 'COASTAL group' }), A.adminToken), 409, {
      fields: { name: MAPPING_MESSAGES.groupNameTaken },
    });
    expect(await stored()).toEqual(before);
    const other = await h.call(
      'createDistillGroup',
      {
        type: 'Centralized',
        name: 'Coastal Group',
        distilleries: [B.distilleries[1]!.id],
        negotiator: B.negotiator.id,
        authorizer: B.authorizer.id,
        approver: B.approver.id,
      },
      B.adminToken,
    );
    expect(other.statusCode).toBe(200);
  });

  it('turns a violation of the one-mapping-per-distillery index into the same 409 (the race the check cannot see)', async () => {
    const taken = (await h.db.select().from(mappingDistilleries).limit(1))[0]!;
    const other = (await h.db.select().from(mappings).where(eq(mappings.company_id, A.company.id)))
      .map((m) => m.id)
      .find((id) => id !== taken.mapping_id)!;
    const distilleryTaken = () => conflict('mapping.distillery_taken', MAPPING_MESSAGES.distilleryTaken);
    await expect(
      onUniqueViolation(
        h.db.insert(mappingDistilleries).values({ mapping_id: other, distillery_id: taken.distillery_id }),
        { mapping_distilleries_distillery_idx: distilleryTaken },
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'mapping.distillery_taken' });
  });

  it('is for a company Admin only', async () => {
    const people = await freshPeople();
    await expectAdminOnly('createDistillGroup', formOf(people));
  });
});

describe('getAllDistillGroup and getDistillGroupById', () => {
  let L: Awaited<ReturnType<typeof seedTeam>>;
  const created: Record<string, SeededMapping> = {};
  beforeAll(async () => {
    L = await seedTeam(h, { superToken });
    const adminToken = L.adminToken;
    const people = [
      L.negotiator,
      L.authorizer,
      L.approver,
      await seedUser(h, { adminToken, overrides: { name: 'Vikram Rao' } }),
    ];
    const plant = (name: string, state = 'Goa') => seedDistillery(h, { adminToken, overrides: { name, state } });
    const chain = { negotiator: people[0]!.id, authorizer: people[1]!.id, approver: people[2]!.id };
    created.beta = await seedMapping(h, {
      adminToken,
      name: 'beta Group',
      distilleries: [L.distilleries[0]!.id, L.distilleries[1]!.id],
      ...chain,
    });
    created.alpha = await seedMapping(h, {
      adminToken,
      name: 'Alpha Group',
      distilleries: [(await plant('Panaji Works')).id],
      ...chain,
    });
    created.gamma = await seedMapping(h, {
      adminToken,
      name: 'Gamma Group',
      distilleries: [(await plant('Margao Works')).id],
      ...chain,
      negotiator: people[3]!.id,
    });
    created.solo = await seedMapping(h, {
      adminToken,
      type: 'Decentralized',
      distilleries: [(await plant('Solo Plant', 'Kerala')).id],
      ...chain,
    });
  });

  const list = async (body: Record<string, unknown>, token = L.adminToken) => {
    const res = await h.call('getAllDistillGroup', body, token);
    expect(res.statusCode).toBe(200);
    return mappingListResultSchema.parse(res.body.data);
  };

  it('lists one type of mapping by name, case-insensitively, with people and distilleries', async () => {
    const page = await list({ type: 'Centralized' });
    expect(page.totalRecords).toBe(3);
    expect(page.records.map((m) => m.name)).toEqual(['Alpha Group', 'beta Group', 'Gamma Group']);
    expect(page.records[1]).toEqual(created.beta);
    expect(page.records[2]).toMatchObject({ Negotiator: 'Vikram Rao', negotiator: { name: 'Vikram Rao' } });
    const solo = await list({ type: 'Decentralized' });
    expect(solo.records).toEqual([created.solo]);
    expect(solo.records[0]).toMatchObject({
      name: 'Solo Plant',
      distilleries: [{ name: 'Solo Plant', state: 'Kerala' }],
    });
  });

  it('sorts descending and pages', async () => {
    expect((await list({ type: 'Centralized', sort_order: 'desc' })).records.map((m) => m.name)).toEqual([
      'Gamma Group',
      'beta Group',
      'Alpha Group',
    ]);
    const second = await list({ type: 'Centralized', page: 2, page_size: 5 });
    expect(second).toEqual({ records: [], totalRecords: 3 });
  });

  it.each([
    ['a group name', 'GAMMA', ['Gamma Group']],
    ['a distillery name', 'panaji', ['Alpha Group']],
    ['a user name', 'vikram', ['Gamma Group']],
    ['a name shared by all', 'nina', ['Alpha Group', 'beta Group']],
    ['nothing', 'zzz', []],
  ])('searches by %s', async (_case, term, names) => {
    const page = await list({ type: 'Centralized', item_search: term });
    expect(page.records.map((m) => m.name)).toEqual(names);
    expect(page.totalRecords).toBe(names.length);
  });

  it('searches in descending order, and counts a searched page past the end', async () => {
    const page = await list({ type: 'Centralized', item_search: 'nina', sort_order: 'desc' });
    expect(page.records.map((m) => m.name)).toEqual(['beta Group', 'Alpha Group']);
    expect(await list({ type: 'Centralized', item_search: 'works', page: 2, page_size: 5 })).toEqual({
      records: [],
      totalRecords: 2,
    });
  });

  it('never lists another company’s mappings', async () => {
    const page = await list({ type: 'Centralized', item_search: 'Group' }, B.adminToken);
    expect(page.records.map((m) => m.id)).not.toContain(created.alpha!.id);
  });

  it('refuses a bad page size and a missing type', async () => {
    expectError(await h.call('getAllDistillGroup', { type: 'Centralized', page_size: 15 }, L.adminToken), 400, {
      fields: { page_size: 'Page size must be 5, 10, 20 or 30' },
    });
    expectError(await h.call('getAllDistillGroup', {}, L.adminToken), 400, {});
  });

  it('answers one mapping by id; another company’s or an unknown one is 404', async () => {
    const res = await h.call('getDistillGroupById', { id: created.gamma!.id }, L.adminToken);
    expect(mappingSchema.parse(res.body.data)).toEqual(created.gamma);
    expectError(await h.call('getDistillGroupById', { id: created.gamma!.id }, B.adminToken), 404, {
      error: MAPPING_MESSAGES.notFound,
    });
    expectError(await h.call('getDistillGroupById', { id: 999_999 }, L.adminToken), 404, {});
  });

  it('are for a company Admin only', async () => {
    await expectAdminOnly('getAllDistillGroup', { type: 'Centralized' });
    await expectAdminOnly('getDistillGroupById', { id: created.alpha!.id });
  });
});

describe('updateDistillGroup', () => {
  async function mapped() {
    const people = await freshPeople(2);
    const m = await seedMapping(h, {
      adminToken: A.adminToken,
      distilleries: [people.ds[0]!.id],
      negotiator: people.n.id,
      authorizer: people.a.id,
      approver: people.p.id,
    });
    return { people, m };
  }

  it('changes people and distilleries; roles follow at once; audited before and after', async () => {
    const { people, m } = await mapped();
    const newcomer = await seedUser(h, { adminToken: A.adminToken, overrides: { name: 'New Negotiator' } });
    const body = {
      id: m.id,
      type: 'Centralized',
      name: 'Renamed Group',
      distilleries: [people.ds[1]!.id],
      negotiator: newcomer.id,
      authorizer: people.a.id,
      approver: people.p.id,
    };
    const res = await h.call('updateDistillGroup', body, A.adminToken);
    expect(res.body).toMatchObject({ status: 'OK', message: MAPPING_MESSAGES.updated });
    expect(mappingSchema.parse(res.body.data)).toMatchObject({
      id: m.id,
      name: 'Renamed Group',
      distilleries: [{ id: people.ds[1]!.id }],
      negotiator: { id: newcomer.id, name: 'New Negotiator' },
      Negotiator: 'New Negotiator',
    });
    expect(await rolesOf(newcomer.token)).toEqual(['Negotiator']);
    expect(await rolesOf(people.n.token)).toEqual([]);
    const untagged = await h.call<{ id: number }[]>('getAllUntaggedDistill', {}, A.adminToken);
    expect(untagged.body.data.map((d) => d.id)).toContain(people.ds[0]!.id);
    expect(await auditEntries(h, 'mapping.updated', m.id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ name: m.name, distilleries: [people.ds[0]!.id], negotiator: people.n.id }),
        after: expect.objectContaining({
          name: 'Renamed Group',
          distilleries: [people.ds[1]!.id],
          negotiator: newcomer.id,
        }),
      }),
    ]);
  });

  it('keeps its own distilleries and name (in another case), and may change its type', async () => {
    const { people, m } = await mapped();
    const same = {
      id: m.id,
      type: 'Centralized',
      name: m.name.toUpperCase(),
      distilleries: [people.ds[0]!.id],
      negotiator: people.n.id,
      authorizer: people.a.id,
      approver: people.p.id,
    };
    expect((await h.call('updateDistillGroup', same, A.adminToken)).statusCode).toBe(200);
    const res = await h.call('updateDistillGroup', { ...same, type: 'Decentralized' }, A.adminToken);
    expect(res.body.data).toMatchObject({ type: 'Decentralized', name: people.ds[0]!.name });
  });

  it.each<
    [
      string,
      (ctx: Awaited<ReturnType<typeof mapped>>, other: SeededMapping) => Record<string, unknown>,
      number,
      Record<string, string>,
    ]
  >([
    [
      'a distillery of another mapping',
      (_c, other) => ({ distilleries: [other.distilleries[0]!.id] }),
      409,
      { distilleries: MAPPING_MESSAGES.distilleryTaken },
    ],
    [
      'another mapping’s group name',
      (_c, other) => ({ name: other.name }),
      409,
      { name: MAPPING_MESSAGES.groupNameTaken },
    ],
    [
      'the same user twice',
      (c) => ({ authorizer: c.people.n.id }),
      400,
      { authorizer: MAPPING_MESSAGES.distinctUsers },
    ],
    ['another company’s user', () => ({ approver: B.approver.id }), 400, { approver: MAPPING_MESSAGES.unknownUser }],
  ])('refuses %s and changes nothing', async (_case, override, status, fields) => {
    const ctx = await mapped();
    const other = (await mapped()).m;
    const body = {
      id: ctx.m.id,
      type: 'Centralized',
      name: ctx.m.name,
      distilleries: [ctx.people.ds[0]!.id],
      negotiator: ctx.people.n.id,
      authorizer: ctx.people.a.id,
      approver: ctx.people.p.id,
      ...override(ctx, other),
    };
    const before = await stored();
    const audit = await h.count('audit_log');
    expectError(await h.call('updateDistillGroup', body, A.adminToken), status, { fields });
    expect(await stored()).toEqual(before);
    expect(await h.count('audit_log')).toBe(audit);
  });

  it('shows a de-centralized mapping under its distillery’s current name after a rename', async () => {
    const people = await freshPeople();
    const d = people.ds[0]!;
    const m = await seedMapping(h, {
      adminToken: A.adminToken,
      type: 'Decentralized',
      distilleries: [d.id],
      negotiator: people.n.id,
      authorizer: people.a.id,
      approver: people.p.id,
    });
    const renamed = await h.call('updateDistill', { ...d, id: d.id, name: `${d.name} Renamed` }, A.adminToken);
    expect(renamed.statusCode).toBe(200);
    expect((await h.call('getDistillGroupById', { id: m.id }, A.adminToken)).body.data).toMatchObject({
      name: `${d.name} Renamed`,
    });
    const listed = await h.call<{ records: { id: number; name: string }[] }>(
      'getAllDistillGroup',
      { type: 'Decentralized', item_search: 'renamed' },
      A.adminToken,
    );
    expect(listed.body.data.records.map((r) => [r.id, r.name])).toEqual([[m.id, `${d.name} Renamed`]]);
    expectError(await h.call('archiveUser', { user_id: people.n.id }, A.adminToken), 409, {
      error: `This user is mapped in "${d.name} Renamed". Remove the user from the mapping first.`,
    });
  });

  it('answers another company’s mapping with 404 and changes nothing', async () => {
    const { m } = await mapped();
    const before = await stored();
    const res = await h.call(
      'updateDistillGroup',
      {
        id: m.id,
        type: 'Centralized',
        name: 'Hijacked',
        distilleries: [B.distilleries[0]!.id],
        negotiator: B.negotiator.id,
        authorizer: B.authorizer.id,
        approver: B.approver.id,
      },
      B.adminToken,
    );
    expectError(res, 404, { error: MAPPING_MESSAGES.notFound });
    expect(await stored()).toEqual(before);
  });

  it('is for a company Admin only', async () => {
    const { people, m } = await mapped();
    await expectAdminOnly('updateDistillGroup', { id: m.id, ...formOf(people) });
  });
});

describe('form options and the state-wise view', () => {
  let T: Awaited<ReturnType<typeof seedTeam>>;
  let spare: Awaited<ReturnType<typeof seedUser>>;
  let invited: Awaited<ReturnType<typeof seedUser>>;
  let archived: Awaited<ReturnType<typeof seedUser>>;
  let m: SeededMapping;
  let free: { id: number; name: string };
  beforeAll(async () => {
    T = await seedTeam(h, { superToken });
    spare = await seedUser(h, { adminToken: T.adminToken, overrides: { name: 'Zara Spare' } });
    invited = await seedUser(h, { adminToken: T.adminToken, activate: false, overrides: { name: 'Ivan Invited' } });
    archived = await seedUser(h, { adminToken: T.adminToken, overrides: { name: 'Old Timer' } });
    expect((await h.call('archiveUser', { user_id: archived.id }, T.adminToken)).statusCode).toBe(200);
    free = await seedDistillery(h, { adminToken: T.adminToken, overrides: { name: 'Free Plant' } });
    m = await seedMapping(h, {
      adminToken: T.adminToken,
      distilleries: T.distilleries.map((d) => d.id),
      negotiator: T.negotiator.id,
      authorizer: T.authorizer.id,
      approver: T.approver.id,
    });
  });
  const options = async (method: string, body: Record<string, unknown> = {}) => {
    const res = await h.call<{ id: number; name: string }[]>(method, body, T.adminToken);
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };

  it('getAllUntaggedUser offers every user not archived, those in no mapping first; with mapping_id its own count as free', async () => {
    const admin = (await h.call<{ user: { name: string; id: number } }>('refreshUser', {}, T.adminToken)).body.data
      .user;
    const byName = (x: { name: string }, y: { name: string }) =>
      x.name.toLowerCase().localeCompare(y.name.toLowerCase());
    const free = [
      { id: admin.id, name: admin.name, in_mapping: false },
      { id: invited.id, name: 'Ivan Invited', in_mapping: false },
      { id: spare.id, name: 'Zara Spare', in_mapping: false },
    ].sort(byName);
    const team = [
      { id: T.authorizer.id, name: 'Arun Authorizer' },
      { id: T.approver.id, name: 'Asha Approver' },
      { id: T.negotiator.id, name: 'Nina Negotiator' },
    ].sort(byName);
    // The mapped people stay choosable (a company's one approver may serve several mappings), after the free ones.
    expect(await options('getAllUntaggedUser')).toEqual([...free, ...team.map((u) => ({ ...u, in_mapping: true }))]);
    // Editing the mapping: its own people are in no *other* mapping.
    expect(await options('getAllUntaggedUser', { mapping_id: m.id })).toEqual(
      [...free, ...team.map((u) => ({ ...u, in_mapping: false }))].sort(byName),
    );
    expect((await options('getAllUntaggedUser')).map((u) => u.name)).not.toContain('Old Timer');
  });

  it('a second mapping may name people who already serve one, still three different people', async () => {
    const plant = await seedDistillery(h, { adminToken: T.adminToken, overrides: { name: 'Second Plant' } });
    const form = { type: 'Decentralized', name: '', distilleries: [plant.id], negotiator: invited.id };
    const twice = await h.call(
      'createDistillGroup',
      { ...form, authorizer: T.approver.id, approver: T.approver.id },
      T.adminToken,
    );
    expectError(twice, 400, { error: MAPPING_MESSAGES.distinctUsers });
    const res = await h.call(
      'createDistillGroup',
      { ...form, authorizer: T.authorizer.id, approver: T.approver.id },
      T.adminToken,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  });

  it('getAllUntaggedDistill lists distilleries in no mapping; with mapping_id also its own', async () => {
    expect(await options('getAllUntaggedDistill')).toEqual([{ id: free.id, name: 'Free Plant' }]);
    expect((await options('getAllUntaggedDistill', { mapping_id: m.id })).map((d) => d.id).sort()).toEqual(
      [free.id, ...T.distilleries.map((d) => d.id)].sort(),
    );
  });

  it.each(['getAllUntaggedUser', 'getAllUntaggedDistill'])(
    '%s answers another company’s mapping_id with 404 and is for an Admin only',
    async (method) => {
      expectError(await h.call(method, { mapping_id: m.id }, B.adminToken), 404, { error: MAPPING_MESSAGES.notFound });
      await expectAdminOnly(method, {});
    },
  );

  it('getAllStateWiseDistillforUser groups the caller’s mapped distilleries by state', async () => {
    const res = await h.call('getAllStateWiseDistillforUser', {}, T.negotiator.token);
    const byState = stateWiseDistilleriesSchema.parse(res.body.data);
    expect(byState).toEqual(
      Object.fromEntries(T.distilleries.map((d) => [d.state, [{ distillery_id: d.id, distillery_name: d.name }]])),
    );
    expect(Object.keys(byState).sort()).toEqual(['Karnataka', 'Maharashtra']);
    expect((await h.call('getAllStateWiseDistillforUser', {}, spare.token)).body.data).toEqual({});
    expectError(await h.call('getAllStateWiseDistillforUser', {}), 401, { error: 'Invalid token' });
  });
});
