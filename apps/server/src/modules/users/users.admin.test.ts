import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { USER_MESSAGES, userListResultSchema, userRecordSchema } from '@spirit/domain/users/users.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  expectError,
  registerCompany,
  seedApprovedCompany,
  seedSuperAdmin,
  userRow,
} from '../../test/fixtures.js';
import { USER_PASSWORD, seedDistillery, seedMapping, seedUser, userBody } from '../../test/team-fixtures.js';
import { SUPER_ADMIN, createHarness, invitationToken, type Harness } from '../../test/harness.js';
import { users } from './users.table.js';

let h: Harness;
let superToken: string;
let A: Awaited<ReturnType<typeof seedApprovedCompany>>;
let B: Awaited<ReturnType<typeof seedApprovedCompany>>;
/** A signed-in user of A without the Admin role. */
let staffA: Awaited<ReturnType<typeof seedUser>>;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  A = await seedApprovedCompany(h, { superToken });
  B = await seedApprovedCompany(h, { superToken, type: 'Buyer' });
  staffA = await seedUser(h, { adminToken: A.token });
});
afterAll(async () => h.close());

/** Row counts a refused call must leave as they were. */
const counts = async () => ({
  users: await h.count('users'),
  invitations: await h.count('invitations'),
  mails: await h.count('mail_outbox'),
  audit: await h.count('audit_log'),
});
const rowOf = async (id: number) => (await h.db.select().from(users).where(eq(users.id, id)))[0]!;
const idOf = async (email: string) => (await userRow(h, email))!.id;
/** The access refusals every Admin call shares: anonymous 401, a user without Admin 403, the SuperAdmin 403. */
async function expectAdminOnly(method: string, body: Record<string, unknown>) {
  const before = await counts();
  expectError(await h.call(method, body), 401, { error: 'Invalid token' });
  expectError(await h.call(method, body, staffA.token), 403, { code: 'auth.forbidden' });
  expectError(await h.call(method, body, superToken), 403, { code: 'auth.forbidden' });
  expect(await counts()).toEqual(before);
}
const setUp = async (token: string) =>
  h.call('updateUser', {
    token,
    password: USER_PASSWORD,
    confirm_password: USER_PASSWORD,
    is_company_registration: true,
    captcha: await h.captcha(),
  });

describe('createUser (Add User)', () => {
  it('adds an inactive user to the Admin’s company, mails the set-password link and audits it', async () => {
    const body = userBody({ company_id: B.id });
    const res = await h.call('createUser', { ...body, email: body.email.toUpperCase() }, A.token);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: USER_MESSAGES.created, data: null });
    const row = (await userRow(h, body.email))!;
    expect(row).toMatchObject({
      company_id: A.id,
      email: body.email,
      name: body.name,
      mobile_number: body.mobile_number,
      is_active: false,
      is_archived: false,
      is_admin: false,
      password_hash: null,
    });
    expect((await h.mailsTo(body.email)).map((m) => m.kind)).toEqual(['invitation']);
    const token = await invitationToken(h, body.email);
    expect((await h.call('verifyToken', { token })).body.data).toEqual({
      email: body.email,
      company_id: A.id,
      user_id: row.id,
    });
    const adminId = await idOf(A.email);
    expect(await auditEntries(h, 'user.created', row.id)).toEqual([
      expect.objectContaining({
        actor_user_id: adminId,
        company_id: A.id,
        after: {
          name: body.name,
          email: body.email,
          mobile_number: body.mobile_number,
          is_active: false,
          is_archived: false,
        },
      }),
    ]);
    expect((await setUp(token)).statusCode).toBe(200);
    const login = await h.call<{ user: { roles: string[]; company_id: number } }>('login', {
      email: body.email,
      password: USER_PASSWORD,
      captcha: await h.captcha(),
    });
    expect(login.body.data.user).toMatchObject({ company_id: A.id, roles: [] });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['email missing', { email: undefined }, { email: '*required and must be a valid email' }],
    ['email malformed', { email: 'someone@nowhere' }, { email: '*required and must be a valid email' }],
    ['name blank', { name: '  ' }, { name: '*required' }],
    ['mobile empty', { mobile_number: '' }, { mobile_number: '*required' }],
    ['mobile with a leading 0', { mobile_number: '0123456789' }, { mobile_number: 'Invalid mobile format' }],
    ['mobile of 5 digits', { mobile_number: '98765' }, { mobile_number: 'Invalid mobile format' }],
  ])('refuses %s with the message in fields and adds nothing', async (_case, override, fields) => {
    const before = await counts();
    expectError(await h.call('createUser', { ...userBody(), ...override }, A.token), 400, { fields });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['another company’s user', () => B.email],
    ['a colleague, in capitals', () => staffA.email.toUpperCase()],
    ['the SuperAdmin', () => SUPER_ADMIN.email],
  ])('refuses the email of %s with 409 and adds nothing', async (_case, email) => {
    const before = await counts();
    expectError(await h.call('createUser', userBody({ email: email() }), A.token), 409, {
      error: USER_MESSAGES.emailInUse,
      fields: { email: USER_MESSAGES.emailInUse },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses the admin email of a company awaiting review (its approval would need it)', async () => {
    const pending = await registerCompany(h);
    const before = await counts();
    expectError(await h.call('createUser', userBody({ email: pending.email }), A.token), 409, {
      fields: { email: USER_MESSAGES.emailInUse },
    });
    expect(await counts()).toEqual(before);
  });

  it('is for a company Admin only', async () => {
    await expectAdminOnly('createUser', userBody());
  });
});

describe('updateUser (Edit User)', () => {
  it('changes name, email and mobile of a user of the company and audits before and after', async () => {
    const u = await seedUser(h, { adminToken: A.token });
    const next = userBody({ id: u.id, name: 'Renamed Person', mobile_number: '9000000001' });
    const mailsBefore = await h.count('mail_outbox');
    const res = await h.call('updateUser', next, A.token);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: USER_MESSAGES.updated, data: null });
    expect(await rowOf(u.id)).toMatchObject({ name: 'Renamed Person', email: next.email, mobile_number: '9000000001' });
    expect(await h.count('mail_outbox')).toBe(mailsBefore);
    expect(await auditEntries(h, 'user.updated', u.id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ name: u.name, email: u.email }),
        after: expect.objectContaining({ name: 'Renamed Person', email: next.email, mobile_number: '9000000001' }),
      }),
    ]);
    expect(await h.login(next.email, USER_PASSWORD)).toEqual(expect.any(String));
  });

  it('sends a user without a password a fresh link at the new address; the old link stops working', async () => {
    const u = await seedUser(h, { adminToken: A.token, activate: false });
    const oldLink = await invitationToken(h, u.email);
    const next = userBody({ id: u.id });
    expect((await h.call('updateUser', next, A.token)).statusCode).toBe(200);
    expectError(await h.call('verifyToken', { token: oldLink }), 410, { error: AUTH_MESSAGES.deactivatedLink });
    const newLink = await invitationToken(h, next.email);
    expect((await h.call('verifyToken', { token: newLink })).body.data).toMatchObject({ email: next.email });
  });

  it('keeps the user’s own email (any case) without calling it taken', async () => {
    const u = await seedUser(h, { adminToken: A.token });
    const res = await h.call(
      'updateUser',
      { id: u.id, email: u.email.toUpperCase(), name: 'Same Mail', mobile_number: '9123456780' },
      A.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await rowOf(u.id)).toMatchObject({ email: u.email, name: 'Same Mail' });
  });

  it.each([
    ['another company’s user', () => idOf(B.email)],
    ['an unknown user', async () => 999_999],
  ])('answers %s with 404 and changes nothing', async (_case, id) => {
    const target = await id();
    const before = target === 999_999 ? null : await rowOf(target);
    const counted = await counts();
    expectError(await h.call('updateUser', userBody({ id: target }), A.token), 404, {
      error: USER_MESSAGES.notFound,
    });
    if (before) expect(await rowOf(target)).toEqual(before);
    expect(await counts()).toEqual(counted);
  });

  it('refuses to edit an archived user', async () => {
    const u = await seedUser(h, { adminToken: A.token });
    expect((await h.call('archiveUser', { user_id: u.id }, A.token)).statusCode).toBe(200);
    const before = await rowOf(u.id);
    const counted = await counts();
    expectError(await h.call('updateUser', userBody({ id: u.id }), A.token), 409, {
      error: USER_MESSAGES.archivedCannotEdit,
    });
    expect(await rowOf(u.id)).toEqual(before);
    expect(await counts()).toEqual(counted);
  });

  it('refuses an email in use with 409 and changes nothing', async () => {
    const u = await seedUser(h, { adminToken: A.token });
    const before = await rowOf(u.id);
    expectError(await h.call('updateUser', userBody({ id: u.id, email: B.email }), A.token), 409, {
      fields: { email: USER_MESSAGES.emailInUse },
    });
    expect(await rowOf(u.id)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['email malformed', { email: 'x' }, { email: '*required and must be a valid email' }],
    ['name missing', { name: undefined }, { name: '*required' }],
    ['mobile malformed', { mobile_number: '12' }, { mobile_number: 'Invalid mobile format' }],
  ])('refuses %s with the message in fields', async (_case, override, fields) => {
    const before = await rowOf(staffA.id);
    expectError(await h.call('updateUser', { ...userBody({ id: staffA.id }), ...override }, A.token), 400, { fields });
    expect(await rowOf(staffA.id)).toEqual(before);
  });

  it('is for a company Admin only', async () => {
    const before = await rowOf(staffA.id);
    await expectAdminOnly('updateUser', userBody({ id: staffA.id }));
    expect(await rowOf(staffA.id)).toEqual(before);
  });
});

describe('getUserbyId', () => {
  it('answers a user of the company with roles and mapped distilleries', async () => {
    const n = await seedUser(h, { adminToken: A.token, overrides: { name: 'Mapped Negotiator' } });
    const [a, b] = [await seedUser(h, { adminToken: A.token }), await seedUser(h, { adminToken: A.token })];
    const d1 = await seedDistillery(h, { adminToken: A.token, overrides: { name: 'Zeta Works' } });
    const d2 = await seedDistillery(h, { adminToken: A.token, overrides: { name: 'alpha Works' } });
    await seedMapping(h, {
      adminToken: A.token,
      distilleries: [d1.id, d2.id],
      negotiator: n.id,
      authorizer: a.id,
      approver: b.id,
    });
    const res = await h.call('getUserbyId', { id: n.id }, A.token);
    expect(userRecordSchema.parse(res.body.data)).toEqual({
      id: n.id,
      name: 'Mapped Negotiator',
      email: n.email,
      mobile_number: '9123456780',
      company_id: A.id,
      is_active: true,
      is_archived: false,
      roles: ['Negotiator'],
      distilleries: ['alpha Works', 'Zeta Works'],
    });
    const admin = await h.call('getUserbyId', { id: await idOf(A.email) }, A.token);
    expect(admin.body.data).toMatchObject({ roles: ['Admin'], distilleries: [], is_active: true });
  });

  it('answers another company’s user and an unknown id with 404', async () => {
    expectError(await h.call('getUserbyId', { id: await idOf(B.email) }, A.token), 404, {
      error: USER_MESSAGES.notFound,
    });
    expectError(await h.call('getUserbyId', { id: 999_999 }, A.token), 404, {});
  });

  it('is for a company Admin only', async () => {
    await expectAdminOnly('getUserbyId', { id: staffA.id });
  });
});

describe('getAllUsers', () => {
  let C: Awaited<ReturnType<typeof seedApprovedCompany>>;
  const named: Record<string, number> = {};
  beforeAll(async () => {
    C = await seedApprovedCompany(h, { superToken });
    await h.db.update(users).set({ name: 'Admin Person' }).where(eq(users.email, C.email));
    for (const [name, mobile] of [
      ['bravo', '9000000002'],
      ['Alpha', '9000000003'],
      ['charlie', '9000000004'],
      ['Delta', '9000000005'],
      ['echo', '9555555555'],
      ['foxtrot', '9000000007'],
    ] as const) {
      const u = await seedUser(h, {
        adminToken: C.token,
        activate: name !== 'echo',
        overrides: { name, mobile_number: mobile, email: `${name.toLowerCase()}-${C.id}@team.example` },
      });
      named[name] = u.id;
    }
    expect((await h.call('archiveUser', { user_id: named.foxtrot }, C.token)).statusCode).toBe(200);
    const d1 = await seedDistillery(h, { adminToken: C.token, overrides: { name: 'North Plant' } });
    const d2 = await seedDistillery(h, { adminToken: C.token, overrides: { name: 'East Plant' } });
    const d3 = await seedDistillery(h, { adminToken: C.token, overrides: { name: 'South Plant' } });
    await seedMapping(h, {
      adminToken: C.token,
      distilleries: [d1.id, d2.id],
      negotiator: named.Alpha!,
      authorizer: named.bravo!,
      approver: named.charlie!,
    });
    await seedMapping(h, {
      adminToken: C.token,
      type: 'Decentralized',
      distilleries: [d3.id],
      negotiator: named.Delta!,
      authorizer: named.Alpha!,
      approver: named.charlie!,
    });
  });

  const list = async (body: Record<string, unknown>, token = C.token) => {
    const res = await h.call('getAllUsers', body, token);
    expect(res.statusCode).toBe(200);
    return userListResultSchema.parse(res.body.data);
  };

  it('lists the company’s active users by name, case-insensitively, with roles and distilleries', async () => {
    const page = await list({});
    expect(page.totalRecords).toBe(6);
    expect(page.records.map((u) => u.name)).toEqual(['Admin Person', 'Alpha', 'bravo', 'charlie', 'Delta', 'echo']);
    const by = Object.fromEntries(page.records.map((u) => [u.name, u]));
    expect(by['Admin Person']).toMatchObject({ roles: ['Admin'], distilleries: [], company_id: C.id });
    expect(by.Alpha).toMatchObject({
      roles: ['Negotiator', 'Authorizer'],
      distilleries: ['East Plant', 'North Plant', 'South Plant'],
    });
    expect(by.bravo).toMatchObject({ roles: ['Authorizer'], distilleries: ['East Plant', 'North Plant'] });
    expect(by.charlie).toMatchObject({ roles: ['Approver'] });
    expect(by.Delta).toMatchObject({ roles: ['Negotiator'], distilleries: ['South Plant'] });
    expect(by.echo).toMatchObject({ roles: [], distilleries: [], is_active: false, mobile_number: '9555555555' });
  });

  it('sorts descending and pages', async () => {
    const desc = await list({ sort_order: 'desc' });
    expect(desc.records.map((u) => u.name)).toEqual(['echo', 'Delta', 'charlie', 'bravo', 'Alpha', 'Admin Person']);
    const second = await list({ page: 2, page_size: 5 });
    expect(second).toMatchObject({ totalRecords: 6 });
    expect(second.records.map((u) => u.name)).toEqual(['echo']);
  });

  it('shows the archived users under the archived filter', async () => {
    const archived = await list({ filters: { is_archived: true } });
    expect(archived.records.map((u) => [u.name, u.is_archived])).toEqual([['foxtrot', true]]);
  });

  it.each([
    ['a name, in other case', 'CHAR', ['charlie']],
    ['an email', `delta-`, ['Delta']],
    ['a mobile number', '95555', ['echo']],
    ['a term nobody matches', 'zzz', []],
  ])('searches by %s', async (_case, term, names) => {
    const page = await list({ item_search: term });
    expect(page.records.map((u) => u.name)).toEqual(names);
    expect(page.totalRecords).toBe(names.length);
  });

  it('never shows another company’s users', async () => {
    const page = await list({ item_search: 'alpha' }, A.token);
    expect(page.records).toEqual([]);
  });

  it('refuses a page size outside 5, 10, 20, 30', async () => {
    expectError(await h.call('getAllUsers', { page_size: 7 }, C.token), 400, {
      fields: { page_size: 'Page size must be 5, 10, 20 or 30' },
    });
  });

  it('is for a company Admin only', async () => {
    await expectAdminOnly('getAllUsers', {});
  });
});

describe('archiveUser and unarchiveUser', () => {
  it('archives a user, signs them out everywhere, and unarchive lets them back in', async () => {
    const u = await seedUser(h, { adminToken: A.token });
    const second = await h.login(u.email, USER_PASSWORD);
    const res = await h.call('archiveUser', { user_id: u.id }, A.token);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: USER_MESSAGES.archived, data: null });
    expect(await rowOf(u.id)).toMatchObject({ is_archived: true });
    for (const token of [u.token, second]) {
      expectError(await h.call('refreshUser', {}, token), 401, { error: 'Invalid token' });
    }
    expectError(await h.call('login', { email: u.email, password: USER_PASSWORD, captcha: await h.captcha() }), 403, {
      error: AUTH_MESSAGES.userArchived,
    });
    expect(await auditEntries(h, 'user.archived', u.id)).toEqual([
      expect.objectContaining({ before: { is_archived: false }, after: { is_archived: true } }),
    ]);
    // Archiving again changes nothing.
    const audited = await h.count('audit_log');
    expect((await h.call('archiveUser', { user_id: u.id }, A.token)).statusCode).toBe(200);
    expect(await h.count('audit_log')).toBe(audited);

    const back = await h.call('unarchiveUser', { user_id: u.id }, A.token);
    expect(back.body).toEqual({ status: 'OK', statusCode: 200, message: USER_MESSAGES.unarchived, data: null });
    expect(await rowOf(u.id)).toMatchObject({ is_archived: false });
    expect(await auditEntries(h, 'user.unarchived', u.id)).toHaveLength(1);
    // The old sessions stay revoked; signing in works again.
    expectError(await h.call('refreshUser', {}, u.token), 401, {});
    expect(await h.login(u.email, USER_PASSWORD)).toEqual(expect.any(String));
  });

  it('refuses to archive a user named in a mapping, naming the mapping, and changes nothing', async () => {
    const [n, a, b] = [
      await seedUser(h, { adminToken: A.token }),
      await seedUser(h, { adminToken: A.token }),
      await seedUser(h, { adminToken: A.token }),
    ];
    const d = await seedDistillery(h, { adminToken: A.token });
    const m = await seedMapping(h, {
      adminToken: A.token,
      name: 'Western Group',
      distilleries: [d.id],
      negotiator: n.id,
      authorizer: a.id,
      approver: b.id,
    });
    for (const u of [n, a, b]) {
      const before = await rowOf(u.id);
      const counted = await counts();
      expectError(await h.call('archiveUser', { user_id: u.id }, A.token), 409, {
        error: USER_MESSAGES.mappedCannotArchive('Western Group'),
        code: 'user.mapped',
      });
      expect(await rowOf(u.id)).toEqual(before);
      expect(await counts()).toEqual(counted);
      expect((await h.call('refreshUser', {}, u.token)).statusCode).toBe(200);
    }
    expect(m.name).toBe('Western Group');
  });

  it('refuses to archive oneself', async () => {
    const adminId = await idOf(A.email);
    const before = await rowOf(adminId);
    expectError(await h.call('archiveUser', { user_id: adminId }, A.token), 400, {
      error: USER_MESSAGES.selfArchive,
    });
    expect(await rowOf(adminId)).toEqual(before);
    expect((await h.call('refreshUser', {}, A.token)).statusCode).toBe(200);
  });

  it.each(['archiveUser', 'unarchiveUser'])(
    '%s answers another company’s user with 404 and changes nothing',
    async (method) => {
      const other = await idOf(B.email);
      const before = await rowOf(other);
      const counted = await counts();
      expectError(await h.call(method, { user_id: other }, A.token), 404, { error: USER_MESSAGES.notFound });
      expect(await rowOf(other)).toEqual(before);
      expect(await counts()).toEqual(counted);
      expect((await h.call('refreshUser', {}, B.token)).statusCode).toBe(200);
    },
  );

  it.each(['archiveUser', 'unarchiveUser'])('%s is for a company Admin only', async (method) => {
    const before = await rowOf(staffA.id);
    await expectAdminOnly(method, { user_id: staffA.id });
    expect(await rowOf(staffA.id)).toEqual(before);
  });
});

describe('sendUserCredentials', () => {
  it('mails a fresh link to a user without a password; the earlier link stops working', async () => {
    const u = await seedUser(h, { adminToken: A.token, activate: false });
    const first = await invitationToken(h, u.email);
    const res = await h.call('sendUserCredentials', { user_id: u.id }, A.token);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: USER_MESSAGES.credentialsSent, data: null });
    const fresh = await invitationToken(h, u.email);
    expect(fresh).not.toBe(first);
    expect((await h.mailsTo(u.email)).map((m) => m.kind)).toEqual(['invitation', 'invitation']);
    expectError(await h.call('verifyToken', { token: first }), 410, { error: AUTH_MESSAGES.deactivatedLink });
    expect((await setUp(fresh)).statusCode).toBe(200);
    expect(await auditEntries(h, 'user.credentials_sent', u.id)).toHaveLength(1);
  });

  it('refuses a user who has set a password, and an archived user, and sends nothing', async () => {
    const active = await seedUser(h, { adminToken: A.token });
    const archived = await seedUser(h, { adminToken: A.token, activate: false });
    expect((await h.call('archiveUser', { user_id: archived.id }, A.token)).statusCode).toBe(200);
    const before = await counts();
    expectError(await h.call('sendUserCredentials', { user_id: active.id }, A.token), 409, {
      error: USER_MESSAGES.alreadyActive,
    });
    expectError(await h.call('sendUserCredentials', { user_id: archived.id }, A.token), 409, {
      error: USER_MESSAGES.archivedCannotEdit,
    });
    expect(await counts()).toEqual(before);
  });

  it('answers another company’s user with 404 and sends nothing', async () => {
    const other = await seedUser(h, { adminToken: B.token, activate: false });
    const before = await counts();
    expectError(await h.call('sendUserCredentials', { user_id: other.id }, A.token), 404, {});
    expect(await counts()).toEqual(before);
  });

  it('is for a company Admin only', async () => {
    const u = await seedUser(h, { adminToken: A.token, activate: false });
    await expectAdminOnly('sendUserCredentials', { user_id: u.id });
  });
});
