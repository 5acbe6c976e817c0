import * as XLSX from '@e965/xlsx';
import { bulkColumnsOf } from '@spirit/domain/listings/listings.constants';
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { events } from '../events/events.table.js';
import { consumeFile } from '../files/files.service.js';
import { markReady, resumeBulkUploads, stageUpload, writeUpload } from './listings.bulk-write.js';
import { auditEntries, expectError, seedSuperAdmin, upload } from '../../test/fixtures.js';
import { periodAhead, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { createHarness, type Harness, type Reply } from '../../test/harness.js';
import { deflatedZip, partsOf } from '../../test/zips.js';

let h: Harness;
let seller: Trader;
let buyer: Trader;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  buyer = await seedTrader(h, { superToken, type: 'Buyer' });
}, 120_000);
afterAll(async () => h.close());

/** uploadFile with `purpose=bulk` (after the file, as a form may send it). */
async function uploadSheet(bytes: Buffer, opts: { name?: string; token?: string | null } = {}) {
  const boundary = `----sx${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'offers.csv'}"\r\n` +
        `Content-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbulk\r\n--${boundary}--\r\n`,
    ),
  ]);
  const token = opts.token === undefined ? seller.negotiator.token : opts.token;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadFile',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() } as Reply<{ file_url: string }>;
}

const d = () => seller.distilleries[0]!;
const row = (over: Partial<Record<string, string | number>> = {}) => ({
  state: d().state,
  product: 'Molasses ENA',
  from_period: periodAhead(1),
  to_period: periodAhead(3),
  quantity: '5000',
  price: '61.5',
  distillery_id: d().id,
  export_pass_fee: '1',
  sales_tax: '18',
  ...over,
});
const csvOf = (rows: Record<string, unknown>[], columns = bulkColumnsOf('Offer')) =>
  Buffer.from([columns.join(','), ...rows.map((r) => columns.map((c) => String(r[c] ?? '')).join(','))].join('\n'));

function xlsxOf(aoa: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Offers');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function uploadAndCreate(bytes: Buffer, name = 'offers.csv') {
  const up = await uploadSheet(bytes, { name });
  expect(up.statusCode, JSON.stringify(up.body)).toBe(200);
  return h.call<{ created: number; ids: number[] }>(
    'uploadCSV',
    { s3_url: up.body.data.file_url },
    seller.negotiator.token,
  );
}

async function listingCount() {
  return h.count('listings');
}

describe('generateExcel', () => {
  it('answers a link to an xlsx template of the caller’s side with the valid values', async () => {
    const res = await h.call<{ file_url: string; file_name: string }>(
      'generateExcel',
      { type: 'ask' },
      buyer.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.file_name).toBe('asks-template.xlsx');
    const file = await h.app.inject({
      method: 'POST',
      url: '/api/getFile',
      headers: { authorization: `Bearer ${buyer.negotiator.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: fileIdFromUrl(res.body.data.file_url) }),
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Asks', 'Example', 'Notes', 'Valid values']);
    const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Asks!, { header: 1 })[0];
    expect(header).toEqual(bulkColumnsOf('Ask'));
    const valid = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Valid values']!);
    expect(valid.map((v) => v.distillery_id).sort()).toEqual(buyer.distilleries.map((x) => x.id).sort());
  });

  it('holds an example row that uploads as it is, and notes on every column with its unit', async () => {
    const res = await h.call<{ file_url: string }>('generateExcel', { type: 'offer' }, seller.negotiator.token);
    const file = await h.app.inject({
      method: 'POST',
      url: '/api/getFile',
      headers: { authorization: `Bearer ${seller.negotiator.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: fileIdFromUrl(res.body.data.file_url) }),
    });
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const example = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Example!, { header: 1 });
    expect(example[0]).toEqual(bulkColumnsOf('Offer'));
    const [y, m] = periodAhead(1).split('-');
    expect(example[1]).toEqual([
      expect.any(String),
      expect.any(String),
      `${m}-${y}`,
      expect.any(String),
      30000,
      75.5,
      expect.any(Number),
      1.5,
      18,
    ]);
    expect(seller.distilleries).toContainEqual(expect.objectContaining({ id: example[1]![6], state: example[1]![0] }));
    const notes = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets.Notes!);
    expect(notes.slice(0, bulkColumnsOf('Offer').length).map((n) => n.column)).toEqual(bulkColumnsOf('Offer'));
    expect(notes.find((n) => n.column === 'sales_tax')).toMatchObject({ meaning: 'Sales Tax' });
    expect(notes.find((n) => n.column === 'sales_tax')!['how to write it']).toMatch(/^Percent of the price/);
    expect(notes.find((n) => n.column === 'from_period')!['how to write it']).toMatch(/^MM-YYYY/);
    // The example as the first sheet is a valid upload.
    const before = await listingCount();
    const created = await uploadAndCreate(xlsxOf(example), 'offers.xlsx');
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    expect(await listingCount()).toBe(before + 1);
  });

  it('refuses the other side’s template', async () => {
    expectError(await h.call('generateExcel', { type: 'ask' }, seller.negotiator.token), 400, {
      fields: { type: 'Seller companies post offers and Buyer companies post asks' },
    });
  });
});

describe('uploadCSV', () => {
  it('creates every row of a CSV in one go, with an audit entry naming them', async () => {
    const before = await listingCount();
    const res = await uploadAndCreate(
      csvOf([row(), row({ quantity: '10.5', price: '60' }), row({ product: 'Grain ENA' })]),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('3 offers uploaded successfully');
    expect(res.body.data.created).toBe(3);
    expect(await listingCount()).toBe(before + 3);
    // The template test may have uploaded its example before: this upload's entry is the one naming its rows.
    const entries = await auditEntries(h, 'listing.bulk_created');
    const ids = entries.map((e) => (e.after as { listing_ids: number[] }).listing_ids);
    expect(ids).toContainEqual(res.body.data.ids);
    // And one market event per listing, for the open screens, alerts and webhooks (issue 25).
    await h.app.deps.events.flush();
    const created = await h.db
      .select({ listing_id: events.listing_id, data: events.data, company_ids: events.company_ids })
      .from(events)
      .where(and(eq(events.type, 'listing.created'), inArray(events.listing_id, res.body.data.ids)))
      .orderBy(asc(events.seq));
    expect(created.map((e) => e.listing_id)).toEqual(res.body.data.ids);
    expect(created[2]).toMatchObject({ company_ids: null, data: { side: 'Offer', product: 'Grain ENA' } });
  });

  it('reads a file into listings once: a second call, even at the same moment, is refused and creates nothing', async () => {
    const up = await uploadSheet(csvOf([row(), row({ price: '62' })]));
    const call = () => h.call('uploadCSV', { s3_url: up.body.data.file_url }, seller.negotiator.token);
    const before = await listingCount();
    const answers = await Promise.all([call(), call()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await listingCount()).toBe(before + 2);
    const again = await tableDigest(h);
    expectError(await call(), 409, {
      error: 'This file has already been uploaded. Please choose the file again to upload it once more.',
    });
    expect(await tableDigest(h)).toEqual(again);
  });

  it('reads an xlsx: formula cells as their values, date cells in period columns as months', async () => {
    const columns = bulkColumnsOf('Offer');
    const sheet = XLSX.utils.aoa_to_sheet([[...columns], Object.values(row())]);
    sheet['E2'] = { t: 'n', v: 2500, f: '50*50' }; // quantity, a formula with its stored value
    // A date cell: the 15th of the month after next, as days since 1899-12-30 (Excel's serial dates).
    const [y, mo] = periodAhead(2).split('-').map(Number) as [number, number];
    sheet['C2'] = { t: 'n', v: 25569 + Date.UTC(y, mo - 1, 15) / 86_400_000, z: 'yyyy-mm' };
    sheet['D2'] = { t: 's', v: periodAhead(5) };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Offers');
    const res = await uploadAndCreate(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, 'offers.xlsx');
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const created = await h.call<{ offer_quantity: string; from_period: string }>(
      'getOfferById',
      { id: res.body.data.ids[0] },
      seller.negotiator.token,
    );
    expect(created.body.data).toMatchObject({ offer_quantity: '2500.0', from_period: periodAhead(2) });
  });

  it('reads an xls workbook too', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([[...bulkColumnsOf('Offer')], Object.values(row())]),
      'S',
    );
    const res = await uploadAndCreate(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer, 'offers.xls');
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  });

  it('reports every wrong row by row and column, neutralises injection cells, and writes nothing', async () => {
    const bytes = csvOf([
      row(),
      row({ product: '=HYPERLINK("http://x.example","y")'.replace(/,/g, ';'), quantity: '-5' }),
      row({ state: '@SUM(A1)', price: '+1' }),
      row({ from_period: periodAhead(6), distillery_id: 999_999 }),
      row({ from_period: '1900-01', to_period: '9999-12' }),
    ]);
    const up = await uploadSheet(bytes);
    const before = await tableDigest(h);
    const res = await h.call('uploadCSV', { s3_url: up.body.data.file_url }, seller.negotiator.token);
    expectError(res, 400, { error: 'Some rows have errors. Nothing was uploaded.' });
    expect(res.body.fields).toEqual({
      '3.product': 'Please select a valid product',
      '3.quantity': 'Must be a number with at most 1 decimals',
      '4.state': 'Unknown state "@SUM(A1)": write a state as the "Valid values" sheet names it',
      '4.price': 'Must be a number with at most 2 decimals',
      '5.from_period': 'Date range is invalid !!',
      '5.distillery_id': 'You do not negotiate for this distillery',
      '6.from_period': 'From Period cannot be before the current month',
      '6.to_period': 'To Period can be at most 24 months after the current month',
    });
    expect(await tableDigest(h)).toEqual(before);
  });

  it('reads periods as people type them: MM-YYYY, MMM-YYYY, YYYY-MM and dates', async () => {
    const [y, m] = periodAhead(1).split('-');
    const [y3, m3] = periodAhead(3).split('-');
    const monthName = new Date(Date.UTC(Number(y3), Number(m3) - 1, 1)).toLocaleString('en', {
      month: 'short',
      timeZone: 'UTC',
    });
    const res = await uploadAndCreate(
      csvOf([
        row({ from_period: `${m}-${y}`, to_period: `${monthName}-${y3}` }),
        row({ from_period: `15/${m}/${y}`, to_period: `${y3}-${m3}` }),
      ]),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    for (const id of res.body.data.ids) {
      const offer = await h.call<{ from_period: string; to_period: string }>(
        'getOfferById',
        { id },
        seller.negotiator.token,
      );
      expect(offer.body.data).toMatchObject({ from_period: periodAhead(1), to_period: periodAhead(3) });
    }
  });

  it('names the expected period format and the real cause of a refused state', async () => {
    const other = seller.distilleries.find((x) => x.state !== d().state)!;
    const up = await uploadSheet(
      csvOf([
        row({ from_period: '13-2027', to_period: 'soon' }),
        row({ state: 'Keralaa' }),
        row({ state: 'Kerala' }),
        row({ state: other.state }),
      ]),
    );
    const res = await h.call('uploadCSV', { s3_url: up.body.data.file_url }, seller.negotiator.token);
    expectError(res, 400, { error: 'Some rows have errors. Nothing was uploaded.' });
    const format = 'MM-YYYY, e.g. 04-2027 (Apr-2027, 2027-04 and dates are accepted too)';
    expect(res.body.fields).toEqual({
      '2.from_period': `"13-2027" is not a month: write it as ${format}`,
      '2.to_period': `"soon" is not a month: write it as ${format}`,
      '3.state': 'Unknown state "Keralaa": write a state as the "Valid values" sheet names it',
      '4.state':
        'Unknown state "Kerala" for your company: none of your distilleries is in it (see the "Valid values" sheet)',
      '5.state': `The distillery is not in the chosen state: distillery ${d().id} is in ${d().state}`,
    });
  });

  it.each<[string, () => Buffer, string]>([
    ['a sheet with only its header', () => csvOf([]), 'The sheet has no rows to upload'],
    ['a sheet without the template’s columns', () => Buffer.from('a,b\n1,2\n'), 'The first row must name the template'],
    [
      '10,001 rows',
      () => csvOf(Array.from({ length: 10_001 }, () => row())),
      'The sheet has more than 10,000 rows. Please upload at most 10,000 rows at a time.',
    ],
  ])('refuses %s and writes nothing', async (_, bytes, message) => {
    const up = await uploadSheet(bytes());
    const before = await tableDigest(h);
    const res = await h.call('uploadCSV', { s3_url: up.body.data.file_url }, seller.negotiator.token);
    expectError(res, 400);
    expect(res.body.error).toContain(message);
    expect(await tableDigest(h)).toEqual(before);
  });

  it('creates 10,000 rows in parts of 250, a transaction each, and other requests run between the parts', async () => {
    const before = await listingCount();
    const up = await uploadSheet(csvOf(Array.from({ length: 10_000 }, (_, i) => row({ quantity: String(i + 1) }))));
    let done = false;
    const call = h
      .call<{ created: number; ids: number[] }>('uploadCSV', { s3_url: up.body.data.file_url }, seller.negotiator.token)
      .finally(() => (done = true));
    // Read the listings while the upload runs: some read lands between two of its parts and sees part of it.
    const seen = new Set<number>();
    while (!done) seen.add(await listingCount());
    const res = await call;
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(await listingCount()).toBe(before + 10_000);
    expect(
      [...seen].some((n) => n > before && n < before + 10_000),
      [...seen].join(','),
    ).toBe(true);
    // One entry per part, each naming its 250 listings; together, the answer's ids.
    const entries = (await auditEntries(h, 'listing.bulk_created')).filter(
      (e) => e.object_id === fileIdFromUrl(up.body.data.file_url),
    );
    const afters = entries.map((e) => e.after as { part: string; listing_ids: number[] });
    expect(afters.map((a) => a.part).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `${i + 1} of 40`).sort());
    expect(afters.flatMap((a) => a.listing_ids).sort((a, b) => a - b)).toEqual(res.body.data.ids);
    expect(await h.count('bulk_upload_parts')).toBe(0);
  }, 120_000);

  it('finishes an upload a crash cut between its parts, once, whoever finishes it', async () => {
    const up = await uploadSheet(csvOf([row()]));
    const fileId = fileIdFromUrl(up.body.data.file_url)!;
    const before = await listingCount();
    const now = new Date();
    const values = Array.from({ length: 2_500 }, (_, i) => ({
      side: 'Offer',
      company_id: seller.company.id,
      distillery_id: d().id,
      state: d().state,
      product: 'Molasses ENA',
      from_period: periodAhead(1),
      to_period: periodAhead(3),
      original_quantity: `${i + 1}.0`,
      available_quantity: `${i + 1}.0`,
      price: '61.50',
      created_by: seller.negotiator.id,
      updated_by: seller.negotiator.id,
      created_at: now,
      updated_at: now,
    }));
    const upload = { fileId, companyId: seller.company.id, actorUserId: seller.negotiator.id, side: 'Offer' as const };
    const staged = await stageUpload(h.app.deps, { ...upload, now }, values);
    expect(staged.parts).toBe(10);
    // Staged, not yet owed: nothing resumes it, and the scheduler removes it once abandoned.
    expect(await resumeBulkUploads(h.app.deps)).toBe(0);
    await resumeBulkUploads(h.app.deps, new Date(now.getTime() + 3_600_000));
    expect(await h.count('bulk_upload_parts')).toBe(0);
    const owed = await stageUpload(h.app.deps, { ...upload, now }, values);
    await h.db.transaction(async (tx) => {
      expect(await consumeFile(tx, fileId, now)).toBe(true);
      await markReady(tx, owed.uploadId);
    });
    // The request wrote its first part, then the process died.
    expect(await writeUpload(h.app.deps, fileId, { ...owed, parts: 1 })).toHaveLength(250);
    expect(await listingCount()).toBe(before + 250);
    // The scheduler leaves an upload staged in the last two minutes to the request writing it.
    expect(await resumeBulkUploads(h.app.deps, new Date(now.getTime() - 60_000))).toBe(0);
    // At the next start, the rest is written; two at once (another process's start) write each part once.
    const [, b] = await Promise.all([resumeBulkUploads(h.app.deps), writeUpload(h.app.deps, fileId, owed)]);
    expect(await listingCount()).toBe(before + 2_500);
    expect(b).toHaveLength(2_500);
    expect(new Set(b).size).toBe(2_500);
    expect(await h.count('bulk_upload_parts')).toBe(0);
    expect(await resumeBulkUploads(h.app.deps)).toBe(0);
  }, 120_000);

  it('answers another company’s file and a PAN card as not found', async () => {
    const up = await uploadSheet(csvOf([row()]));
    expectError(await h.call('uploadCSV', { s3_url: up.body.data.file_url }, buyer.negotiator.token), 404);
    const pan = await upload(h);
    expectError(await h.call('uploadCSV', { s3_url: pan.body.data.file_url }, seller.negotiator.token), 404);
  });
});

describe('uploadFile with purpose=bulk', () => {
  async function refusedUpload(
    bytes: Buffer,
    status: number,
    error: string,
    opts: { name?: string; token?: string | null } = {},
  ) {
    const before = await tableDigest(h);
    const res = await uploadSheet(bytes, opts);
    expectError(res, status, { error });
    expect(await tableDigest(h)).toEqual(before);
  }

  it('refuses a 6 MB file', async () => {
    await refusedUpload(
      Buffer.alloc(6 * 1024 * 1024, 'a'),
      413,
      'File size exceeds the 5MB limit. Please upload a smaller file.',
    );
  });

  it('refuses a renamed executable and a PDF', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
    await refusedUpload(exe, 400, 'Invalid file format. Please upload a .csv, .xls, or .xlsx file.', {
      name: 'offers.csv',
    });
    await refusedUpload(
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      400,
      'Invalid file format. Please upload a .csv, .xls, or .xlsx file.',
    );
  });

  // Issue 20, item 1: a 41 KB workbook with one extra part of 33 MiB of zeros pinned the event loop for minutes.
  const MiB = 1024 * 1024;
  const bombOf = async (declare: 'true' | 'zero') =>
    deflatedZip(
      [
        ...(await partsOf(xlsxOf([[...bulkColumnsOf('Offer')], Object.values(row())]))),
        { name: 'xl/media/zeros.bin', data: Buffer.alloc(33 * MiB) },
      ],
      declare,
    );

  it('never inflates a part a workbook does not need, whatever sizes it declares', async () => {
    for (const declare of ['true', 'zero'] as const) {
      const bytes = await bombOf(declare);
      expect(bytes.length).toBeLessThan(100 * 1024);
      const res = await uploadAndCreate(bytes, 'bomb.xlsx');
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.created).toBe(1);
    }
  });

  it('takes a 10,000-row workbook of the widest side’s columns within the unpacked bound', async () => {
    const columns = bulkColumnsOf('Ask');
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      columns.map((c) => (c === 'state' ? 'Maharashtra' : c === 'product' ? 'Molasses Rectified Spirit' : 1000 + i)),
    );
    const bytes = xlsxOf([[...columns], ...rows]);
    const res = await uploadSheet(bytes, { name: 'asks.xlsx', token: buyer.negotiator.token });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }, 60_000);

  it('refuses a worksheet that inflates past the bound, counting the bytes that come out, and keeps answering', async () => {
    const parts = await partsOf(xlsxOf([[...bulkColumnsOf('Offer')]]));
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    sheet.data = Buffer.concat([sheet.data, Buffer.alloc(40 * MiB, 0x20)]);
    const bytes = deflatedZip(parts, 'zero');
    const answered: string[] = [];
    const upload = refusedUpload(
      bytes,
      400,
      'The spreadsheet is too large once unpacked. Please upload a smaller file.',
      {
        name: 'bomb.xlsx',
      },
    ).then(() => answered.push('upload'));
    // The inflating runs off the event loop: a health check sent after the upload answers before it.
    const health = h.app
      .inject({ method: 'GET', url: '/healthz' })
      .then((r) => answered.push(`healthz ${r.statusCode}`));
    await Promise.all([upload, health]);
    expect(answered).toEqual(['healthz 200', 'upload']);
  });

  it('refuses an archive whose local header names another part than its directory entry', async () => {
    const bytes = deflatedZip(await partsOf(xlsxOf([[...bulkColumnsOf('Offer')]])));
    const at = bytes.indexOf(Buffer.from('xl/'), 30);
    bytes.write('XL/', at);
    await refusedUpload(bytes, 400, 'The file could not be read as a spreadsheet', { name: 'odd.xlsx' });
  });

  it('is for a signed-in Negotiator', async () => {
    await refusedUpload(csvOf([row()]), 401, 'Invalid token', { token: null });
    await refusedUpload(csvOf([row()]), 403, 'You are not allowed to do this', { token: seller.adminToken });
  });
});
