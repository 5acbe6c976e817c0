// exportRating: the caller's company's ratings (every rating for the SuperAdmin) as an .xlsx stored through the
// files module and downloaded with getFile. Every text cell is written as a string cell: a name beginning with
// = + - @ stays text and never becomes a formula in a spreadsheet program.
import * as XLSX from '@e965/xlsx';
import { BULK_UPLOAD_TYPES } from '@spirit/domain/listings/listings.constants';
import type { ExportRatingResult } from '@spirit/domain/ratings/ratings.schemas';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import type { Deps } from '../../types.js';
import { storeCompanyFile, storePlatformFile } from '../files/files.service.js';
import { exportRows, type ExportRow } from './ratings.repository.js';

const XLSX_TYPE = BULK_UPLOAD_TYPES[2];
/** An export holds at most this many rows, newest first (the xlsx format allows about a million). */
export const EXPORT_MAX_ROWS = 100_000;

const HEADER = [
  'Date',
  'From Company',
  'From Company Type',
  'From Distillery',
  'To Company',
  'To Distillery',
  'Rating',
  'Source',
  'Trade Reference No',
  'Entered By',
] as const;

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd-MM-yyyy HH:mm in India (DESIGN.md §3). */
export function istStamp(at: Date): string {
  const p = Object.fromEntries(IST.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** A text cell: always type `s`, so SheetJS writes a shared string and no formula, whatever the text begins with. */
const text = (v: string | null | undefined): XLSX.CellObject => ({ t: 's', v: v ?? '' });
const number = (v: number): XLSX.CellObject => ({ t: 'n', v });

function rowCells(r: ExportRow): XLSX.CellObject[] {
  const enteredBy = r.entered_by ? `${r.entered_by}${r.entered_by_super_admin ? ' (SuperAdmin)' : ''}` : '';
  return [
    text(istStamp(r.created_at)),
    text(r.from_company),
    text(r.from_company_type),
    text(r.from_distillery),
    text(r.to_company),
    text(r.to_distillery),
    number(r.rating),
    text(r.source),
    text(r.trade_reference),
    text(enteredBy),
  ];
}

/** The workbook's bytes: one sheet "Ratings", a header row and a row per rating. */
export function ratingsWorkbook(rows: ExportRow[]): Buffer {
  const sheet: XLSX.WorkSheet = {};
  const cells = [HEADER.map((h) => text(h)), ...rows.map(rowCells)];
  cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    }),
  );
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: cells.length - 1, c: HEADER.length - 1 } });
  sheet['!cols'] = HEADER.map((h) => ({ wch: Math.max(12, h.length + 4) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Ratings');
  // Shared strings: every text cell is `t="s"` pointing into the string table, the form spreadsheet programs read as
  // plain text (an inline string would be written as a formula's cached result, `t="str"`).
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }) as Buffer;
}

export async function exportRatings(deps: Deps, actor: Actor): Promise<ExportRatingResult> {
  const superAdmin = isSuperAdmin(actor);
  const rows = await exportRows(deps.db, superAdmin ? null : actor.companyId!, EXPORT_MAX_ROWS);
  const bytes = ratingsWorkbook(rows);
  const day = istStamp(deps.now()).slice(0, 10);
  const name = `ratings-${day}.xlsx`;
  const file = { kind: 'ratings_export', name, contentType: XLSX_TYPE, bytes, ip: null };
  const stored = superAdmin
    ? await storePlatformFile(deps, file)
    : await storeCompanyFile(deps, { ...file, companyId: actor.companyId! });
  return { downloadUrl: stored.file_url, file_url: stored.file_url, file_name: name, rows: rows.length };
}
