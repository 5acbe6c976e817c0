// Seeders that go through the API the way a visitor, the SuperAdmin and a company admin would.
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { seed } from '../seed.js';
import { SUPER_ADMIN, invitationToken, type Harness, type Reply } from './harness.js';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----sx${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  h: Harness,
  file: { name?: string; type?: string; bytes?: Buffer; field?: string } = {},
): Promise<Reply<{ file_url: string; id: string }>> {
  const body = multipart(file.field ?? 'file', file.name ?? 'pan.pdf', file.type ?? 'application/pdf', file.bytes ?? PDF_BYTES);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadFile',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
}

let serial = 0;

/** A unique, valid PAN and a GSTIN that embeds it (Maharashtra). */
export function panAndGst() {
  serial += 1;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const n = serial + Math.floor(Math.random() * 1000) * 100;
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
  const setup = await h.call('updateUser', { token, password, confirm_password: password, is_company_registration: true, captcha: await h.captcha() });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const adminToken = await h.login(body.email, password);
  return { id, email: body.email as string, password, token: adminToken, body };
}
