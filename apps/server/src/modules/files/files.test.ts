import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { COMPANY_MESSAGES } from '@spirit/domain/companies/companies.constants';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES, fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocked } from '../../lib/scheduler.js';
import {
  JPEG_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  expectError,
  registerCompany,
  registrationBody,
  seedApprovedCompany,
  seedSuperAdmin,
  upload,
} from '../../test/fixtures.js';
import { createHarness, type Harness, type Reply } from '../../test/harness.js';
import { purgeUnclaimedUploads } from './files.service.js';
import { files } from './files.table.js';

type Company = Awaited<ReturnType<typeof seedApprovedCompany>>;

let h: Harness;
let superToken: string;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  [a, b] = [await seedApprovedCompany(h, { superToken }), await seedApprovedCompany(h, { superToken })];
});
afterAll(async () => h.close());

const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stored = () => {
  const dir = path.join(h.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const rowOf = async (id: string) => (await h.db.select().from(files).where(eq(files.id, id)))[0];
const pdfOfSize = (size: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 0x20)]);

/** Uploads, asserting the refusal and that nothing was stored. */
async function expectRefusedUpload(send: () => Promise<Reply>, status: number, message: string) {
  const [rows, onDisk] = [await h.count('files'), stored()];
  const res = await send();
  expectError(res, status, { error: message, fields: { file: message } });
  expect(await h.count('files')).toBe(rows);
  expect(stored()).toBe(onDisk);
}

async function getFile(id: string, token?: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/getFile',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify({ id }),
  });
}

describe('uploadFile', () => {
  it.each([
    ['a PDF', 'pan.pdf', 'application/pdf', PDF_BYTES, 'application/pdf'],
    ['a PNG', 'pan.png', 'image/png', PNG_BYTES, 'image/png'],
    ['a JPEG', 'pan.jpg', 'image/jpeg', JPEG_BYTES, 'image/jpeg'],
    ['a PNG declared as PDF (the type is sniffed)', 'scan.pdf', 'application/pdf', PNG_BYTES, 'image/png'],
    ['a PDF of exactly 5 MB', 'big.pdf', 'application/pdf', pdfOfSize(MAX_UPLOAD_BYTES), 'application/pdf'],
  ])('accepts %s and keeps it unclaimed', async (_case, name, type, bytes, sniffed) => {
    const res = await upload(h, { name, type, bytes });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'OK', statusCode: 200, message: FILE_MESSAGES.uploaded });
    const { id, file_url } = res.body.data;
    expect(id).toMatch(UUID);
    expect(file_url).toBe(`/api/getFile?id=${id}`);
    expect(await rowOf(id)).toMatchObject({
      content_type: sniffed,
      size: bytes.length,
      company_id: null,
      claimed_at: null,
    });
    expect((await h.deps.storage.get(id))?.equals(bytes)).toBe(true);
  });

  it.each([
    ['text named .pdf', 'pan.pdf', 'application/pdf', Buffer.from('I am only text, not a PDF at all.\n')],
    ['an EXE named .pdf', 'pan.pdf', 'application/pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
    [
      'a ZIP named .png',
      'pan.png',
      'image/png',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]),
    ],
    ['a GIF', 'pan.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['an empty file', 'pan.pdf', 'application/pdf', Buffer.alloc(0)],
    // Polyglots: the leading bytes are an allowed type, the rest is something else (issue 7, item 6).
    ['a PNG signature followed by HTML', 'x.html', 'text/html', Buffer.concat([PNG_BYTES.subarray(0, 8), HTML])],
    ['a whole PNG followed by HTML', 'x.html', 'text/html', Buffer.concat([PNG_BYTES, HTML])],
    ['a whole JPEG followed by HTML', 'x.html', 'text/html', Buffer.concat([JPEG_BYTES, HTML])],
    ['a PDF followed by HTML', 'x.html', 'text/html', Buffer.concat([PDF_BYTES, HTML])],
  ])('refuses %s as an invalid format', async (_case, name, type, bytes) => {
    await expectRefusedUpload(() => upload(h, { name, type, bytes }), 400, FILE_MESSAGES.invalidFormat);
  });

  it('refuses a file over 5 MB with 413', async () => {
    await expectRefusedUpload(() => upload(h, { bytes: pdfOfSize(MAX_UPLOAD_BYTES + 1) }), 413, FILE_MESSAGES.tooLarge);
  });

  it('refuses a wrong field name, a form without a file and a JSON body', async () => {
    await expectRefusedUpload(() => upload(h, { field: 'document' }), 400, FILE_MESSAGES.failed);
    const boundary = '----sxnofile';
    const noFile = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const inject = async (headers: Record<string, string>, payload: string): Promise<Reply> => {
      const res = await h.app.inject({ method: 'POST', url: '/api/uploadFile', headers, payload });
      return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
    };
    await expectRefusedUpload(
      () => inject({ 'content-type': `multipart/form-data; boundary=${boundary}` }, noFile),
      400,
      FILE_MESSAGES.failed,
    );
    await expectRefusedUpload(() => inject({ 'content-type': 'application/json' }, '{}'), 400, FILE_MESSAGES.failed);
  });

  it('names the file with the extension of its sniffed type', async () => {
    const res = await upload(h, { name: 'x.html', type: 'text/html', bytes: PNG_BYTES });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(res.body.data.id))?.original_name).toBe('x.png');
  });

  it('keeps a safe file name for the download header', async () => {
    const res = await upload(h, { name: 'my pan;card<1>&.pdf' });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(res.body.data.id))?.original_name).toBe('my pan_card_1_.pdf');
  });
});

describe('getFile', () => {
  const idOf = (c: Company) => fileIdFromUrl(c.body.license)!;

  it.each([
    ['the company’s own admin', () => a.token],
    ['the SuperAdmin', () => superToken],
  ])('gives %s the bytes with type and disposition', async (_case, token) => {
    const res = await getFile(idOf(a), token());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="pan.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('serves an image with its sniffed type', async () => {
    const png = await upload(h, { name: 'scan.png', type: 'image/png', bytes: PNG_BYTES });
    await registerCompany(h, { license: png.body.data.file_url });
    const res = await getFile(png.body.data.id, superToken);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('serves a file under a name with its sniffed type’s extension, also for rows stored before that rule', async () => {
    const png = await upload(h, { name: 'pan.png', type: 'image/png', bytes: PNG_BYTES });
    await registerCompany(h, { license: png.body.data.file_url });
    await h.db.update(files).set({ original_name: 'x.html' }).where(eq(files.id, png.body.data.id));
    const res = await getFile(png.body.data.id, superToken);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="x.png"');
  });

  it('answers another company’s file, an unclaimed upload and an unknown id as not found', async () => {
    const unclaimed = await upload(h);
    for (const [id, token] of [
      [idOf(a), b.token],
      [unclaimed.body.data.id, superToken],
      [unclaimed.body.data.id, a.token],
      ['00000000-0000-4000-8000-000000000000', superToken],
    ] as const) {
      const res = await getFile(id, token);
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({
        status: 404,
        body: { status: 'ERROR', error: FILE_MESSAGES.notFound },
      });
    }
    const bad = await getFile('not-a-uuid', superToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: FILE_MESSAGES.notFound });
  });

  it('needs a session', async () => {
    const res = await getFile(idOf(a));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'ERROR', error: 'Invalid token' });
  });
});

// Last: it moves the clock a day forward, past every session of this file.
describe('unclaimed uploads', () => {
  it('cannot be claimed after 24 hours and are then purged; claimed and young ones stay', async () => {
    const old = (await upload(h)).body.data;
    h.clock.offsetMs += 25 * 3_600_000;
    const young = (await upload(h)).body.data;
    const companies = await h.count('companies');
    const late = await h.call('createCompany', await registrationBody(h, { license: old.file_url }));
    expectError(late, 400, { fields: { license: COMPANY_MESSAGES.fileUnknown } });
    expect(await h.count('companies')).toBe(companies);

    const unclaimedBefore = (await h.db.select().from(files)).filter((f) => f.claimed_at === null);
    let purged = -1;
    const ran = await runLocked(h.db, {
      name: 'purge-unclaimed-uploads',
      lockKey: 7_101,
      everyMs: 3_600_000,
      run: async () => (purged = await purgeUnclaimedUploads(h.deps)),
    });
    expect(ran).toBe(true);
    expect(await rowOf(old.id)).toBeUndefined();
    expect(await h.deps.storage.get(old.id)).toBeNull();
    expect(await rowOf(young.id)).toBeDefined();
    expect(await h.deps.storage.get(young.id)).not.toBeNull();
    expect(await rowOf(fileIdFromUrl(a.body.license)!)).toMatchObject({ company_id: a.id });
    const unclaimedAfter = (await h.db.select().from(files)).filter((f) => f.claimed_at === null);
    expect(purged).toBe(unclaimedBefore.length - unclaimedAfter.length);
    expect(purged).toBeGreaterThan(1);
    expect(unclaimedAfter.every((f) => f.created_at.getTime() > h.deps.now().getTime() - 24 * 3_600_000)).toBe(true);
    expect(await purgeUnclaimedUploads(h.deps)).toBe(0);
  });
});
