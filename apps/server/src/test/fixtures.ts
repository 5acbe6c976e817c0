// Seeders that go through the API the way a visitor, the SuperAdmin and a company admin would.
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../modules/audit/audit.table.js';
import { companies } from '../modules/companies/companies.table.js';
import { users } from '../modules/users/users.table.js';
import { seed } from '../seed/index.js';
import { SUPER_ADMIN, invitationToken, type Harness, type Reply } from './harness.js';

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A whole 1×1 baseline JPEG built by hand: quantisation table of ones, a frame, one-code Huffman tables (DC category
 * 0, AC end-of-block), a scan whose two code bits `00` are padded with ones, and EOI.
 */
export const JPEG_BYTES = Buffer.from([
  ...[0xff, 0xd8],
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1)],
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00],
  0x3f,
  ...[0xff, 0xd9],
]);

export function multipart(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----sx${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  h: Harness,
  file: { name?: string; type?: string; bytes?: Buffer; field?: string; purpose?: string; token?: string | null } = {},
): Promise<Reply<{ file_url: string; id: string }>> {
  const body = multipart(
    file.field ?? 'file',
    file.name ?? 'pan.pdf',
    file.type ?? 'application/pdf',
    file.bytes ?? PDF_BYTES,
    file.purpose ? { purpose: file.purpose } : {},
  );
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadFile',
    headers: { 'content-type': body.contentType, ...(file.token ? { authorization: `Bearer ${file.token}` } : {}) },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
}

let serial = 0;

/** A number no other seeded row of this process has had: unique names, emails and licences. */
export const nextSerial = () => (serial += 1);

/** A unique, valid PAN and a GSTIN that embeds it (Maharashtra). */
export function panAndGst() {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const n = nextSerial() + Math.floor(Math.random() * 1000) * 100;
  const pan = `AA${letters[n % 24]}C${letters[Math.floor(n / 24) % 24]}${String(n % 10000).padStart(4, '0')}K`;
  const first14 = `27${pan}1Z`;
  return { pan_no: pan, gst_number: first14 + gstCheckCharacter(first14) };
}

export async function registrationBody(h: Harness, overrides: Record<string, unknown> = {}) {
  const uploaded = await upload(h);
  const ids = panAndGst();
  serial += 1;
  return {
    type: 'Seller',
    registered_name: `Test Distillery ${serial} Pvt Ltd`,
    name: `Test Distillery ${serial}`,
    email: `admin${serial}-${Math.random().toString(36).slice(2, 7)}@distillery.example`,
    mobile_number: '9876543210',
    ...ids,
    address: '12 Industrial Estate',
    state: 'Maharashtra',
    city: 'Pune',
    pin_code: '411001',
    type_of_spirits: ['Molasses ENA', 'Grain ENA'],
    license: uploaded.body.data.file_url,
    captcha: await h.captcha(),
    ...overrides,
  };
}

export async function seedSuperAdmin(h: Harness): Promise<string> {
  await seed(h.deps);
  return h.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
}

/** A registered, approved company whose admin has set a password and signed in. */
export async function seedApprovedCompany(
  h: Harness,
  opts: { superToken: string; type?: 'Seller' | 'Buyer'; password?: string },
) {
  const body = await registrationBody(h, { type: opts.type ?? 'Seller' });
  const created = await h.call<{ id: number }>('createCompany', body);
  if (created.statusCode !== 200) throw new Error(`createCompany failed: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id;
  const approved = await h.call('updateCompanyStatus', { id, status: 'Approved' }, opts.superToken);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  const token = await invitationToken(h, body.email);
  const password = opts.password ?? 'Admin@Pass1';
  const setup = await h.call('updateUser', {
    token,
    password,
    confirm_password: password,
    is_company_registration: true,
    captcha: await h.captcha(),
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const adminToken = await h.login(body.email, password);
  return { id, email: body.email as string, password, token: adminToken, body };
}

/** Registers a company through the API; throws unless it succeeds. */
export async function registerCompany(h: Harness, overrides: Record<string, unknown> = {}) {
  const body = await registrationBody(h, overrides);
  const res = await h.call<{ id: number }>('createCompany', body);
  if (res.statusCode !== 200) throw new Error(`createCompany failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, email: body.email as string, body };
}

/** A registered and approved company whose admin has not yet used the invitation. */
export async function seedInvitedCompany(h: Harness, opts: { superToken: string; type?: 'Seller' | 'Buyer' }) {
  const company = await registerCompany(h, { type: opts.type ?? 'Seller' });
  const approved = await h.call('updateCompanyStatus', { id: company.id, status: 'Approved' }, opts.superToken);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return { ...company, invitation: await invitationToken(h, company.email) };
}

export async function userRow(h: Harness, email: string) {
  const rows = await h.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

export async function companyRow(h: Harness, id: number) {
  return (await h.db.select().from(companies).where(eq(companies.id, id)))[0] ?? null;
}

/** Arranges a company status directly (transitions beyond review belong to a later module). */
export async function setCompanyStatus(
  h: Harness,
  id: number,
  status: 'Pending' | 'Approved' | 'Rejected' | 'Deleted',
) {
  await h.db.update(companies).set({ status }).where(eq(companies.id, id));
}

/** Audit entries of one action, optionally about one object. */
export async function auditEntries(h: Harness, action: string, objectId?: number | string) {
  return h.db
    .select()
    .from(auditLog)
    .where(
      objectId === undefined
        ? eq(auditLog.action, action)
        : sql`${auditLog.action} = ${action} and ${auditLog.object_id} = ${String(objectId)}`,
    )
    .orderBy(auditLog.id);
}

/** Asserts the error envelope: HTTP status equals statusCode, and the given error, code and fields. */
export function expectError(
  res: Reply,
  statusCode: number,
  expected: { error?: string; code?: string; fields?: Record<string, string> } = {},
) {
  expect({ http: res.statusCode, status: res.body.status, statusCode: res.body.statusCode }).toEqual({
    http: statusCode,
    status: 'ERROR',
    statusCode,
  });
  if (expected.error !== undefined) expect(res.body.error).toBe(expected.error);
  if (expected.code !== undefined) expect(res.body.code).toBe(expected.code);
  if (expected.fields !== undefined) expect(res.body.fields).toEqual(expected.fields);
}

/** A six-digit code that is surely not `code`. */
export function otherCode(code: string): string {
  return code.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10));
}
