import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { COMPANY_MESSAGES, SPIRITS } from '@spirit/domain/companies/companies.constants';
import { createCompanyResultSchema } from '@spirit/domain/companies/companies.schemas';
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { stateCitiesResultSchema } from '@spirit/domain/geo/geo.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  companyRow,
  expectError,
  registerCompany,
  registrationBody,
  seedApprovedCompany,
  seedSuperAdmin,
  setCompanyStatus,
  userRow,
} from '../../test/fixtures.js';
import { SUPER_ADMIN, createHarness, type Harness } from '../../test/harness.js';
import { files } from '../files/files.table.js';
import { companySpirits } from './companies.table.js';

let h: Harness;
let superToken: string;
let existing: Awaited<ReturnType<typeof registerCompany>>;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  existing = await registerCompany(h);
});
afterAll(async () => h.close());

const fileOf = async (url: string) =>
  (
    await h.db
      .select()
      .from(files)
      .where(eq(files.id, fileIdFromUrl(url)!))
  )[0];
const spiritsOf = async (id: number) =>
  (await h.db.select().from(companySpirits).where(eq(companySpirits.company_id, id)))
    .map((s) => s.type_of_spirit)
    .sort();
/** Row counts a refused call must leave as they were. */
const counts = async () => ({
  companies: await h.count('companies'),
  spirits: await h.count('company_spirits'),
  users: await h.count('users'),
  mails: await h.count('mail_outbox'),
  audit: await h.count('audit_log'),
});

describe('createCompany', () => {
  it('registers a Pending company: upper-cased ids, spirits stored, file claimed, mail sent, audited', async () => {
    const body = await registrationBody(h, { type_of_spirits: ['Molasses ENA', 'Grain ENA', 'Molasses ENA'] });
    const usersBefore = await h.count('users');
    const res = await h.call('createCompany', {
      ...body,
      pan_no: body.pan_no.toLowerCase(),
      gst_number: body.gst_number.toLowerCase(),
      email: body.email.toUpperCase(),
    });
    expect(res.body).toMatchObject({ status: 'OK', statusCode: 200, message: COMPANY_MESSAGES.registered });
    const { id } = createCompanyResultSchema.parse(res.body.data);
    expect(await companyRow(h, id)).toMatchObject({
      status: 'Pending',
      type: 'Seller',
      registered_name: body.registered_name,
      pan_no: body.pan_no,
      gst_number: body.gst_number,
      email: body.email,
      state: 'Maharashtra',
      city: 'Pune',
      is_bid_confidential: false,
      license_file_id: fileIdFromUrl(body.license),
    });
    expect(await spiritsOf(id)).toEqual(['Grain ENA', 'Molasses ENA']);
    expect(await fileOf(body.license)).toMatchObject({ company_id: id, claimed_at: expect.any(Date) });
    const mails = await h.mailsTo(body.email);
    expect(mails.map((m) => m.kind)).toEqual(['registration_received']);
    expect(mails[0]!.text_body).toContain('You would receive a mail once your form has been verified');
    expect(await auditEntries(h, 'company.registered', id)).toEqual([
      expect.objectContaining({ actor_user_id: null, company_id: id }),
    ]);
    expect(await h.count('users')).toBe(usersBefore);
  });

  type Override = Record<string, unknown> | ((body: Record<string, string>) => Record<string, unknown>);
  it.each<[string, Override, string, string]>([
    ['type missing', { type: undefined }, 'type', '*required'],
    ['type unknown', { type: 'Trader' }, 'type', '*required'],
    ['registered name empty', { registered_name: ' ' }, 'registered_name', '*required'],
    ['email empty', { email: '' }, 'email', '*required'],
    ['email malformed', { email: 'admin@distillery' }, 'email', 'Invalid email format'],
    ['mobile empty', { mobile_number: '' }, 'mobile_number', '*required'],
    ['mobile with a leading 0', { mobile_number: '0876543210' }, 'mobile_number', 'Invalid mobile format'],
    ['mobile of 9 digits', { mobile_number: '987654321' }, 'mobile_number', 'Invalid mobile format'],
    ['PAN empty', { pan_no: '' }, 'pan_no', '*required'],
    ['PAN malformed', { pan_no: 'AAPF0939F' }, 'pan_no', 'Invalid PAN number format'],
    ['GST empty', { gst_number: '' }, 'gst_number', '*required'],
    ['GST pattern', (b) => ({ gst_number: b.gst_number!.slice(0, 14) }), 'gst_number', 'Invalid GST number format'],
    [
      'GST check character',
      (b) => ({ gst_number: b.gst_number!.slice(0, 14) + (b.gst_number!.endsWith('A') ? 'B' : 'A') }),
      'gst_number',
      'Invalid GST number format',
    ],
    ['GST of another PAN', { gst_number: '27AAPFU0939F1ZV' }, 'gst_number', COMPANY_MESSAGES.panMismatch],
    [
      'GST of another state',
      { state: 'Goa', city: 'Panaji' },
      'gst_number',
      'This GST number is registered in Maharashtra, not Goa',
    ],
    ['address empty', { address: '' }, 'address', '*required'],
    ['state empty', { state: '' }, 'state', '*required'],
    ['state unknown', { state: 'Atlantis' }, 'state', COMPANY_MESSAGES.unknownState],
    ['city not of the state', { city: 'Lucknow' }, 'city', COMPANY_MESSAGES.unknownCity],
    ['spirits empty', { type_of_spirits: [] }, 'type_of_spirits', '*required'],
    [
      'spirits unknown',
      { type_of_spirits: ['Molasses ENA', 'Vodka'] },
      'type_of_spirits',
      COMPANY_MESSAGES.unknownSpirit,
    ],
    [
      'licence number malformed',
      { license_number: 'AB/12345/6789' },
      'license_number',
      'Invalid License number format',
    ],
    ['PAN card missing', { license: undefined }, 'license', COMPANY_MESSAGES.fileMissing],
    [
      'PAN card not an upload URL',
      { license: 'https://evil.example/pan.pdf' },
      'license',
      COMPANY_MESSAGES.fileUnknown,
    ],
    ['PAN card unknown', { license: `/api/getFile?id=${randomUUID()}` }, 'license', COMPANY_MESSAGES.fileUnknown],
    ['PAN card already claimed', () => ({ license: existing.body.license }), 'license', COMPANY_MESSAGES.fileUnknown],
    ['captcha missing', { captcha: '' }, 'captcha', 'Please verify captcha.'],
  ])('refuses %s with the message in fields and adds nothing', async (_case, override, field, message) => {
    const base = await registrationBody(h);
    const body = { ...base, ...(typeof override === 'function' ? override(base as never) : override) };
    const before = await counts();
    const res = await h.call('createCompany', body);
    expectError(res, 400, { fields: { [field]: message } });
    expect(await counts()).toEqual(before);
    expect(await fileOf(base.license)).toMatchObject({ company_id: null, claimed_at: null });
    expect(await fileOf(existing.body.license)).toMatchObject({ company_id: existing.id });
  });

  it.each([
    ['a live company’s admin email', () => existing.email],
    ['the same email in capitals', () => existing.email.toUpperCase()],
    ['a user’s email', () => SUPER_ADMIN.email],
  ])('refuses %s with 409', async (_case, email) => {
    const before = await counts();
    const res = await h.call('createCompany', await registrationBody(h, { email: email() }));
    expectError(res, 409, { fields: { email: COMPANY_MESSAGES.emailInUse } });
    expect(await counts()).toEqual(before);
  });

  it('refuses the PAN of a live company with 409, and frees PAN and email once it is rejected', async () => {
    const first = await registerCompany(h);
    const same = { pan_no: first.body.pan_no, gst_number: first.body.gst_number };
    const before = await counts();
    expectError(await h.call('createCompany', await registrationBody(h, same)), 409, {
      fields: { pan_no: COMPANY_MESSAGES.panInUse },
    });
    expect(await counts()).toEqual(before);
    expect((await h.call('updateCompanyStatus', { id: first.id, status: 'Rejected' }, superToken)).statusCode).toBe(
      200,
    );
    const again = await h.call('createCompany', await registrationBody(h, { ...same, email: first.email }));
    expect(again.statusCode).toBe(200);
  });

  it('refuses a replayed captcha', async () => {
    const body = await registrationBody(h);
    expect((await h.call('createCompany', body)).statusCode).toBe(200);
    const before = await counts();
    const replay = await registrationBody(h, { captcha: body.captcha });
    expectError(await h.call('createCompany', replay), 400, { fields: { captcha: AUTH_MESSAGES.captchaInvalid } });
    expect(await counts()).toEqual(before);
  });
});

describe('reference data', () => {
  it('getStateCities lists the 36 states and union territories with their cities', async () => {
    const res = await h.call('getStateCities');
    const table = stateCitiesResultSchema.parse(res.body.data);
    expect(table).toHaveLength(36);
    expect(new Set(table.map((s) => s.state)).size).toBe(36);
    expect(table.every((s) => s.cities.length > 0)).toBe(true);
    expect(table.find((s) => s.state === 'Maharashtra')?.cities).toContain('Pune');
    expect(table.map((s) => s.state)).toEqual(
      expect.arrayContaining(['Delhi', 'Ladakh', 'Uttar Pradesh', 'Tamil Nadu']),
    );
  });

  it('getAllSpirit lists the 8 spirits', async () => {
    const res = await h.call('getAllSpirit');
    expect(res.body.data).toEqual(SPIRITS.map((s) => ({ ...s })));
    expect(res.body.data).toHaveLength(8);
  });
});

describe('updateCompanyStatus', () => {
  it('approval creates the inactive admin user and mails the approval and the invitation', async () => {
    const c = await registerCompany(h);
    const res = await h.call('updateCompanyStatus', { id: c.id, status: 'Approved' }, superToken);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: COMPANY_MESSAGES.approved, data: null });
    expect(await companyRow(h, c.id)).toMatchObject({ status: 'Approved' });
    const admin = await userRow(h, c.email);
    expect(admin).toMatchObject({
      company_id: c.id,
      is_admin: true,
      is_active: false,
      password_hash: null,
      is_super_admin: false,
    });
    const mails = await h.mailsTo(c.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['company_approved', 'invitation', 'registration_received']);
    expect(mails.find((m) => m.kind === 'invitation')!.text_body).toMatch(
      /http:\/\/spirit\.test\/usersetup\?token=[\w-]{43}/,
    );
    const superId = (await userRow(h, SUPER_ADMIN.email))!.id;
    expect(await auditEntries(h, 'company.approved', c.id)).toEqual([
      expect.objectContaining({ actor_user_id: superId, before: { status: 'Pending' }, after: { status: 'Approved' } }),
    ]);
    expect(await auditEntries(h, 'user.created', admin!.id)).toHaveLength(1);
  });

  it('names the admin account after the registered Admin Name, or after the company without one', async () => {
    const named = await registerCompany(h, { admin_name: '  Meera Iyer ' });
    const unnamed = await registerCompany(h, { name: 'Trading Name' });
    for (const c of [named, unnamed])
      expect((await h.call('updateCompanyStatus', { id: c.id, status: 'Approved' }, superToken)).statusCode).toBe(200);
    expect(await userRow(h, named.email)).toMatchObject({ name: 'Meera Iyer' });
    expect(await userRow(h, unnamed.email)).toMatchObject({ name: 'Trading Name' });
    const tooLong = await h.call('createCompany', await registrationBody(h, { admin_name: 'x'.repeat(101) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.fields).toHaveProperty('admin_name');
  });

  it('rejection mails the company and creates no user', async () => {
    const c = await registerCompany(h);
    const users = await h.count('users');
    const res = await h.call('updateCompanyStatus', { id: c.id, status: 'Rejected' }, superToken);
    expect(res.body).toEqual({ status: 'OK', statusCode: 200, message: COMPANY_MESSAGES.rejected, data: null });
    expect(await companyRow(h, c.id)).toMatchObject({ status: 'Rejected' });
    expect((await h.mailsTo(c.email)).map((m) => m.kind)).toEqual(['company_rejected', 'registration_received']);
    expect(await userRow(h, c.email)).toBeNull();
    expect(await h.count('users')).toBe(users);
  });

  it('rejection with a reason quotes it in the mail and keeps it in the audit entry', async () => {
    const c = await registerCompany(h);
    const reason = 'The PAN card upload is unreadable';
    const res = await h.call('updateCompanyStatus', { id: c.id, status: 'Rejected', reason }, superToken);
    expect(res.statusCode).toBe(200);
    const mail = (await h.mailsTo(c.email)).find((m) => m.kind === 'company_rejected')!;
    expect(mail.text_body).toContain(`Reason: ${reason}`);
    expect(await auditEntries(h, 'company.rejected', c.id)).toEqual([
      expect.objectContaining({ before: { status: 'Pending' }, after: { status: 'Rejected', reason } }),
    ]);
  });

  it.each([
    ['Approved', 'Approved'],
    ['Approved', 'Rejected'],
    ['Rejected', 'Approved'],
    ['Rejected', 'Rejected'],
    ['Deleted', 'Approved'],
  ] as const)('refuses to review a company already %s (to %s) and changes nothing', async (from, to) => {
    const c = await registerCompany(h);
    if (from === 'Deleted') await setCompanyStatus(h, c.id, 'Deleted');
    else await h.call('updateCompanyStatus', { id: c.id, status: from }, superToken);
    const before = await counts();
    const res = await h.call('updateCompanyStatus', { id: c.id, status: to }, superToken);
    expectError(res, 400, { error: COMPANY_MESSAGES.badTransition, code: 'company.bad_transition' });
    expect(await companyRow(h, c.id)).toMatchObject({ status: from });
    expect(await counts()).toEqual(before);
  });

  it('answers an unknown company with 404 and a bad status with 400', async () => {
    expectError(await h.call('updateCompanyStatus', { id: 999_999, status: 'Approved' }, superToken), 404, {
      error: COMPANY_MESSAGES.notFound,
    });
    expectError(await h.call('updateCompanyStatus', { id: existing.id, status: 'Deleted' }, superToken), 400, {
      fields: { status: 'Status must be Approved or Rejected' },
    });
    expect(await companyRow(h, existing.id)).toMatchObject({ status: 'Pending' });
  });

  it('is for the SuperAdmin only: a company admin gets 403, an anonymous caller 401', async () => {
    const admin = await seedApprovedCompany(h, { superToken });
    const before = await counts();
    expectError(await h.call('updateCompanyStatus', { id: existing.id, status: 'Approved' }, admin.token), 403, {
      code: 'auth.forbidden',
    });
    expectError(await h.call('updateCompanyStatus', { id: existing.id, status: 'Approved' }), 401, {
      error: 'Invalid token',
    });
    expect(await companyRow(h, existing.id)).toMatchObject({ status: 'Pending' });
    expect(await counts()).toEqual(before);
  });
});
