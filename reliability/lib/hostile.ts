// Hostile files (issue 20): zip bombs, a worksheet past the inflate cap, polyglots, renamed executables, formula
// cells and one row too many. Each is what an attacker would upload, built here byte by byte.
import * as XLSX from '@e965/xlsx';
import { bulkColumnsOf } from '@spirit/domain/listings/listings.constants';
import { PDF_BYTES, PNG_BYTES } from '../../apps/server/src/test/fixtures.js';
import { periodAhead, type Trader } from '../../apps/server/src/test/team-fixtures.js';
import { deflatedZip, partsOf } from '../../apps/server/src/test/zips.js';

const MiB = 1024 * 1024;

/** One valid offer row of the seller's template, with `over` replacing cells. */
export function offerRow(seller: Trader, over: Record<string, string | number> = {}) {
  const d = seller.distilleries[0]!;
  const cells: Record<string, string | number> = {
    state: d.state,
    product: 'Molasses ENA',
    from_period: periodAhead(1),
    to_period: periodAhead(3),
    quantity: '5000',
    price: '61.5',
    distillery_id: d.id,
    export_pass_fee: '1',
    sales_tax: '18',
    ...over,
  };
  return bulkColumnsOf('Offer').map((c) => cells[c] ?? '');
}

export const csvOf = (rows: (string | number)[][]) =>
  Buffer.from([bulkColumnsOf('Offer').join(','), ...rows.map((r) => r.join(','))].join('\n'));

function workbook(rows: (string | number)[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...bulkColumnsOf('Offer')], ...rows]), 'Offers');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A valid one-row workbook plus a deflated 33 MiB part of zeros, its sizes declared truly or as 0. */
export async function zipBomb(seller: Trader, declare: 'true' | 'zero') {
  const parts = await partsOf(workbook([offerRow(seller)]));
  return deflatedZip([...parts, { name: 'xl/media/zeros.bin', data: Buffer.alloc(33 * MiB) }], declare);
}

/** A workbook whose worksheet itself inflates to 40 MiB (past the 32 MiB cap), its sizes declared as 0. */
export async function sheetBomb() {
  const parts = await partsOf(workbook([]));
  const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
  sheet.data = Buffer.concat([sheet.data, Buffer.alloc(40 * MiB, 0x20)]);
  return deflatedZip(parts, 'zero');
}

/** A PNG that is also an HTML page (the page after IEND). */
export const pngHtml = () =>
  Buffer.concat([PNG_BYTES, Buffer.from('<html><script>fetch("/api/getFile")</script></html>')]);

/** A PDF that is also a zip (a workbook after %%EOF): readable as either. */
export const pdfZip = (seller: Trader) => Buffer.concat([PDF_BYTES, workbook([offerRow(seller)])]);

/** A Windows executable (MZ, PE header) and a Linux one (ELF), to be named .csv and .pdf. */
export const windowsExe = () =>
  Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([64, 0, 0, 0]),
    Buffer.from('PE\0\0'),
    Buffer.alloc(400),
  ]);
export const linuxElf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(400)]);

/** A CSV whose cells start with =, +, - and @ (formula injection in a spreadsheet program). */
export const formulaCsv = (seller: Trader) =>
  csvOf([
    offerRow(seller, { product: '=HYPERLINK("http://evil.example";"x")' }),
    offerRow(seller, { price: '+1+1' }),
    offerRow(seller, { quantity: '-2+3' }),
    offerRow(seller, { state: '@SUM(A1:A9)' }),
  ]);

/** 10,001 valid rows: one more than a sheet may hold. */
export const tooManyRows = (seller: Trader) => csvOf(Array<(string | number)[]>(10_001).fill(offerRow(seller)));
