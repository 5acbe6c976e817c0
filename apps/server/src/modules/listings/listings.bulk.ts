// Bulk upload of offers and asks (spec 001 /bulkupload; issue 8 part 5): the xlsx template of the caller's side, and
// a sheet read with SheetJS, every row checked with createOffer's schema and rules, all rows created or none.
import * as XLSX from '@e965/xlsx';
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import {
  BULK_MAX_REPORTED_ERRORS,
  BULK_MAX_ROWS,
  BULK_UPLOAD_TYPES,
  LISTING_MESSAGES,
  bulkColumnsOf,
  sideOfType,
  type ListingSide,
} from '@spirit/domain/listings/listings.constants';
import { bulkNotesOf, bulkPeriodMessage, bulkStateError, parseBulkPeriod } from '@spirit/domain/listings/listings.bulk';
import {
  addMonths,
  bulkErrorKey,
  bulkRowToForm,
  columnOfField,
  listingContextErrors,
} from '@spirit/domain/listings/listings.rules';
import { listingFormSchemaOf, type ListingForm } from '@spirit/domain/listings/listings.schemas';
import { fieldErrors } from '@spirit/domain/common/validators';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { consumeFile, readCompanyFile, storeCompanyFile } from '../files/files.service.js';
import { readSheetTable } from '../files/files.sheets.js';
import { dropStaged, markReady, stageUpload, writeUpload } from './listings.bulk-write.js';
import { companyProducts } from './listings.repository.js';
import { invalid, loadContext, newListing, tradingSide } from './listings.service.js';

const XLSX_TYPE = BULK_UPLOAD_TYPES[2];

/** The template: the side's columns, and a sheet of the valid products, states and the caller's distilleries. */
export async function generateTemplate(deps: Deps, actor: Actor, type: 'offer' | 'ask') {
  const { companyId, side } = tradingSide(actor);
  if (sideOfType(type) !== side) throw invalid({ type: LISTING_MESSAGES.wrongSide });
  const ctx = await loadContext(deps.db, actor, deps.now());
  const products = (await companyProducts(deps.db, companyId)).sort();
  const distilleries = [...ctx.distilleries.entries()];
  const states = [...new Set(distilleries.map(([, d]) => d.state))].sort();
  const rows = Math.max(products.length, states.length, distilleries.length);
  const valid: (string | number)[][] = [['product', 'state', 'distillery_id', 'distillery_name', 'distillery_state']];
  for (let i = 0; i < rows; i++) {
    const d = distilleries[i];
    valid.push([products[i] ?? '', states[i] ?? '', d?.[0] ?? '', d?.[1].name ?? '', d?.[1].state ?? '']);
  }
  const columns = bulkColumnsOf(side);
  const widths = columns.map((c) => ({ wch: Math.max(14, c.length + 2) }));
  const main = XLSX.utils.aoa_to_sheet([[...columns]]);
  main['!cols'] = widths;
  // The example is a sheet of its own: only the first sheet is read, so an untouched example is never uploaded.
  const example = XLSX.utils.aoa_to_sheet([[...columns], exampleRow(columns, ctx, products[0])]);
  example['!cols'] = widths;
  const notes = XLSX.utils.aoa_to_sheet([
    ['column', 'meaning', 'how to write it'],
    ...bulkNotesOf(side).map((n) => [n.column, n.meaning, n.format]),
    [],
    ['Only the first sheet is uploaded: one listing per row, all rows or none.'],
  ]);
  notes['!cols'] = [{ wch: 20 }, { wch: 28 }, { wch: 80 }];
  const lists = XLSX.utils.aoa_to_sheet(valid);
  lists['!cols'] = [{ wch: 30 }, { wch: 20 }, { wch: 14 }, { wch: 30 }, { wch: 20 }];
  const book = XLSX.utils.book_new();
  const name = side === 'Offer' ? 'Offers' : 'Asks';
  XLSX.utils.book_append_sheet(book, main, name);
  XLSX.utils.book_append_sheet(book, example, 'Example');
  XLSX.utils.book_append_sheet(book, notes, 'Notes');
  XLSX.utils.book_append_sheet(book, lists, 'Valid values');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  const fileName = `${name.toLowerCase()}-template.xlsx`;
  const stored = await storeCompanyFile(deps, {
    companyId,
    kind: 'template',
    name: fileName,
    contentType: XLSX_TYPE,
    bytes,
    ip: null,
  });
  return { file_url: stored.file_url, file_name: fileName };
}

/** A row the caller could upload: their first distillery and product, next month to three months on, MM-YYYY. */
function exampleRow(
  columns: readonly string[],
  ctx: Awaited<ReturnType<typeof loadContext>>,
  product: string | undefined,
): (string | number)[] {
  const [id, distillery] = [...ctx.distilleries.entries()].sort(([a], [b]) => a - b)[0] ?? [
    1,
    { state: 'Maharashtra' },
  ];
  const shown = (period: string) => `${period.slice(5, 7)}-${period.slice(0, 4)}`;
  const values: Record<string, string | number> = {
    state: distillery.state,
    product: product ?? 'ENA',
    from_period: shown(addMonths(ctx.currentPeriod, 1)),
    to_period: shown(addMonths(ctx.currentPeriod, 3)),
    quantity: 30000,
    price: 75.5,
    distillery_id: id,
    sales_tax: 18,
  };
  return columns.map((c) => values[c] ?? 1.5);
}

const fileRefused = (message: string) => badRequest('bulk.file', message, { file: message });

/** A header cell as a column name: `Distillery ID` → `distillery_id`. */
const columnName = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const PERIOD_COLUMNS = new Set(['from_period', 'to_period']);

/**
 * A cell as a form value: text trimmed, float noise dropped, a period as `YYYY-MM` in whichever accepted form it was
 * written (the domain's `parseBulkPeriod`; a date cell is its serial), else as written for the schema to refuse.
 */
function cellValue(column: string, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (PERIOD_COLUMNS.has(column)) return parseBulkPeriod(v) ?? (typeof v === 'string' ? v.trim() : String(v));
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number(v.toPrecision(15));
  return v;
}

/** The first sheet's rows (files.sheets.ts reads it off the event loop), or the refusal in the spec's words. */
async function readSheet(bytes: Buffer, contentType: string): Promise<unknown[][]> {
  const read = await readSheetTable(bytes, contentType);
  if ('table' in read) return read.table;
  throw fileRefused(
    read.refusal === 'too_large'
      ? LISTING_MESSAGES.bulkUnpackedTooLarge
      : read.refusal === 'empty'
        ? LISTING_MESSAGES.bulkEmpty
        : LISTING_MESSAGES.bulkUnreadable,
  );
}

type Row = { row: number; form: ListingForm };

/** Lets other requests' sockets and timers have the thread between slices of a long check. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const ROWS_PER_TURN = 1_000;

/**
 * Every row checked; the rows as forms, or every error as `"<row>.<column>": message` (the first 500). A sheet of
 * 10,000 rows takes about 100 ms of the thread, given back every thousand rows.
 */
async function checkRows(side: ListingSide, table: unknown[][], ctx: Awaited<ReturnType<typeof loadContext>>) {
  const header = (table[0] ?? []).map(columnName);
  const columns = bulkColumnsOf(side);
  if (!columns.every((c) => header.includes(c))) throw fileRefused(LISTING_MESSAGES.bulkHeader(columns));
  const wanted = new Set<string>(columns);
  const schema = listingFormSchemaOf(side);
  const rows: Row[] = [];
  const errors: Record<string, string> = {};
  let reported = 0;
  const report = (row: number, fields: Record<string, string>) => {
    for (const [field, message] of Object.entries(fields)) {
      if (reported >= BULK_MAX_REPORTED_ERRORS) return;
      errors[bulkErrorKey(row, columnOfField(field))] = message;
      reported += 1;
    }
  };
  for (let i = 1; i < table.length; i++) {
    if (i % ROWS_PER_TURN === 0) await turn();
    const cells = table[i] ?? [];
    if (cells.every((c) => c === null || c === undefined || (typeof c === 'string' && !c.trim()))) continue;
    const record: Record<string, unknown> = {};
    header.forEach((column, j) => {
      if (wanted.has(column)) record[column] = cellValue(column, cells[j]);
    });
    const rowNumber = i + 1; // the sheet's own numbering: the header is row 1
    const raw = bulkRowToForm(record);
    const parsed = schema.safeParse(raw);
    // The choices are checked even when another cell is malformed, so one pass reports all of a row's errors; a
    // cell's own format message comes first.
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    const choices = listingContextErrors(
      {
        state: text(raw.state),
        distillery_id: Number(raw.distillery_id),
        product: text(raw.product),
        from_period: text(raw.from_period),
        to_period: text(raw.to_period),
      },
      ctx,
    );
    const fields: Record<string, string> = { ...choices, ...(parsed.success ? {} : fieldErrors(parsed.error)) };
    // A sheet's own words for what the form says shortly: the period's expected format, the state's real cause.
    for (const column of PERIOD_COLUMNS)
      if (fields[column] === LISTING_MESSAGES.invalidDate) fields[column] = bulkPeriodMessage(record[column]);
    const stateError = bulkStateError({ state: text(raw.state), distillery_id: Number(raw.distillery_id) }, ctx);
    if (stateError) fields.state = stateError;
    if (Object.keys(fields).length || !parsed.success) report(rowNumber, fields);
    else rows.push({ row: rowNumber, form: parsed.data });
  }
  return { rows, errors };
}

/**
 * uploadCSV: the caller's company's bulk sheet (uploaded with purpose=bulk), every row valid or nothing written.
 * The rows are staged and written a part per transaction, owed in full from the file's consumption, each part
 * with an audit entry naming its listings (listings.bulk-write.ts).
 */
export async function uploadSheet(deps: Deps, actor: Actor, url: string) {
  const { companyId, side } = tradingSide(actor);
  const id = fileIdFromUrl(url);
  const file = id ? await readCompanyFile(deps, { companyId, id, kind: 'bulk' }) : null;
  if (!file) throw notFound('file.not_found', LISTING_MESSAGES.bulkFileNotFound);
  if (file.row.consumed_at) throw conflict('bulk.file_used', LISTING_MESSAGES.bulkFileUsed);
  const table = await readSheet(file.bytes, file.row.content_type);
  const ctx = await loadContext(deps.db, actor, deps.now());
  const nonBlank = table.slice(1).filter((r) => r.some((c) => c !== null && String(c).trim() !== '')).length;
  if (table.length === 0 || nonBlank === 0) throw fileRefused(LISTING_MESSAGES.bulkEmpty);
  if (nonBlank > BULK_MAX_ROWS) throw fileRefused(LISTING_MESSAGES.bulkTooManyRows);
  const { rows, errors } = await checkRows(side, table, ctx);
  if (Object.keys(errors).length)
    throw new AppError('bulk.rows_invalid', 400, LISTING_MESSAGES.bulkRowsInvalid, errors);

  const now = deps.now();
  const values: Record<string, unknown>[] = [];
  for (const [i, { form }] of rows.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await turn();
    values.push(newListing({ form, side, actor, companyId, now }));
  }
  const staged = await stageUpload(
    deps,
    { fileId: file.row.id, companyId, actorUserId: actor.userId, side, now },
    values,
  );
  const consumed = await deps.db.transaction(async (tx) => {
    // A sheet is read into listings once: the second of two calls with the same file waits here, then is refused.
    if (!(await consumeFile(tx, file.row.id, now))) return false;
    await markReady(tx, staged.uploadId);
    return true;
  });
  if (!consumed) {
    await dropStaged(deps, staged.uploadId);
    throw conflict('bulk.file_used', LISTING_MESSAGES.bulkFileUsed);
  }
  const ids = await writeUpload(deps, file.row.id, staged);
  return { created: ids.length, ids };
}
