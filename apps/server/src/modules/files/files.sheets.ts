// Spreadsheet uploads (bulk upload of offers and asks): the type by content, an xlsx's parts inflated under a hard
// cap (files.zip.ts), and the sheet read into rows on a worker thread with a heap and a time limit (issue 20, item 1:
// a hostile workbook must never stop other users' requests).
import * as XLSX from '@e965/xlsx';
import {
  BULK_MAX_ROWS,
  BULK_MAX_UNPACKED_BYTES,
  BULK_MAX_ZIP_ENTRIES,
  BULK_UPLOAD_TYPES,
} from '@spirit/domain/listings/listings.constants';
import { fileTypeFromBuffer } from 'file-type';
import { Worker } from 'node:worker_threads';
import type { SheetAnswer, SheetJob } from './files.sheet-worker.js';
import { readZipParts, storedZip, type ZipParts, type ZipRefusal } from './files.zip.js';

type SheetType = (typeof BULK_UPLOAD_TYPES)[number];
const [CSV, XLS, XLSX_TYPE] = BULK_UPLOAD_TYPES;

/**
 * The parts a reader needs of a workbook: its content types, relationships, workbook, shared strings, styles (number
 * formats tell dates) and worksheets. Everything else (themes, pictures, embedded objects, custom XML, anything
 * added) is never inflated.
 */
const WORKBOOK_PART =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml)$/;

const CONTENT_TYPES = '[Content_Types].xml';

/**
 * An xlsx's workbook parts, inflated under the hard cap, or why not. The content types then declare only the parts
 * kept (a reader looks for every part they name).
 */
export async function workbookParts(bytes: Buffer): Promise<ZipParts | ZipRefusal> {
  const parts = await readZipParts(bytes, {
    wanted: (name) => WORKBOOK_PART.test(name),
    maxBytes: BULK_MAX_UNPACKED_BYTES,
    maxEntries: BULK_MAX_ZIP_ENTRIES,
  });
  const types = typeof parts === 'string' ? undefined : parts.get(CONTENT_TYPES);
  if (typeof parts === 'string' || !types) return typeof parts === 'string' ? parts : 'unreadable';
  const declared = types
    .toString('utf8')
    .replace(/<Override\b[^>]*?PartName="\/?([^"]*)"[^>]*\/>/g, (override, name: string) =>
      parts.has(name) ? override : '',
    );
  parts.set(CONTENT_TYPES, Buffer.from(declared, 'utf8'));
  return parts;
}

/** Plain text a spreadsheet program would read as CSV: valid UTF-8, no NUL or other control bytes but tab and line ends. */
function isCsvText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/**
 * What spreadsheet an upload is, by its content: an xlsx (a zip whose parts are a workbook's), an xls (a compound
 * file with a Workbook stream) or CSV text; null for anything else, a renamed executable included.
 */
export async function sniffSheet(bytes: Buffer): Promise<{ type: SheetType; bomb: ZipRefusal | null } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === XLSX_TYPE) {
    const parts = await workbookParts(bytes);
    return { type: XLSX_TYPE, bomb: typeof parts === 'string' ? parts : null };
  }
  if (detected?.mime === 'application/x-cfb') {
    try {
      const container = XLSX.CFB.read(bytes, { type: 'buffer' });
      const book = XLSX.CFB.find(container, 'Workbook') ?? XLSX.CFB.find(container, 'Book');
      return book ? { type: XLS, bomb: null } : null;
    } catch {
      return null;
    }
  }
  if (!detected && isCsvText(bytes)) return { type: CSV, bomb: null };
  return null;
}

/** How long one sheet may take to read, and how much heap its reader may grow. */
const READ_TIME_LIMIT_MS = 30_000;
const READER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
/** Sheets read at once; more wait their turn (two cores, and each reader may take its heap limit). */
const READERS = 2;

let reading = 0;
const queue: (() => void)[] = [];
async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= READERS) await new Promise<void>((resolve) => queue.push(resolve));
  reading += 1;
  try {
    return await work();
  } finally {
    reading -= 1;
    queue.shift()?.();
  }
}

/**
 * The worker that reads a sheet. From the build it is the compiled file; run from the TypeScript source (the test
 * runner), the worker registers tsx first so it can load the same source.
 */
function startReader(job: SheetJob): Worker {
  const options = { workerData: job, resourceLimits: READER_LIMITS, transferList: [job.bytes.buffer as ArrayBuffer] };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./files.sheet-worker.js', import.meta.url), options);
  const source = new URL('./files.sheet-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

function readOnWorker(job: SheetJob): Promise<SheetAnswer | ZipRefusal> {
  return new Promise((resolve) => {
    const worker = startReader(job);
    const timer = setTimeout(() => {
      resolve('too_large');
      void worker.terminate();
    }, READ_TIME_LIMIT_MS);
    const done = (answer: SheetAnswer | ZipRefusal) => {
      clearTimeout(timer);
      resolve(answer);
    };
    worker.once('message', (answer: SheetAnswer) => done(answer));
    // Past its heap limit the worker ends with ERR_WORKER_OUT_OF_MEMORY: the sheet is too large to read.
    worker.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_large' : 'unreadable'),
    );
    worker.once('exit', () => done('unreadable'));
  });
}

export type SheetTable = { table: unknown[][] } | { refusal: ZipRefusal | 'empty' };

/**
 * The first sheet of a bulk upload as rows of cells, at most `BULK_MAX_ROWS + 1` data rows (enough to tell that a
 * sheet is over the limit). An xlsx is first reduced to its workbook parts, inflated under the cap and stored
 * uncompressed, so the reader inflates nothing; a workbook's formula cells are read as their stored values.
 */
export async function readSheetTable(bytes: Buffer, type: string): Promise<SheetTable> {
  let input = bytes;
  if (type === XLSX_TYPE) {
    const parts = await workbookParts(bytes);
    if (typeof parts === 'string') return { refusal: parts };
    input = storedZip(parts);
  }
  // The worker takes the bytes (transferred, not copied), so it gets a copy of its own.
  const job: SheetJob = { bytes: new Uint8Array(input), text: type === CSV, sheetRows: BULK_MAX_ROWS + 2 };
  const answer = await turn(() => readOnWorker(job));
  if (typeof answer === 'string') return { refusal: answer };
  if ('error' in answer) return { refusal: 'unreadable' };
  return answer.table ? { table: answer.table } : { refusal: 'empty' };
}
