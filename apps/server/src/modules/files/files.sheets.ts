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
 * A worker that reads sheets. From the build it is the compiled file; run from the TypeScript source (the test
 * runner), the worker registers tsx first so it can load the same source.
 */
function startReader(): Worker {
  const options = { resourceLimits: READER_LIMITS };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./files.sheet-worker.js', import.meta.url), options);
  const source = new URL('./files.sheet-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Readers that answered are kept for the next sheet (at most READERS, not holding the process open): starting one
 * costs about 10 MB and 30 ms each time, which a hostile upload should not make every upload pay. A reader stopped
 * past its time or heap limit, or that failed, is never reused.
 */
const idle: Worker[] = [];

function newReader(): Worker {
  const worker = startReader();
  // A kept reader that fails between sheets leaves the pool; the failure is not the server's.
  worker.on('error', () => {});
  worker.on('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

function readOnWorker(job: SheetJob): Promise<SheetAnswer | ZipRefusal> {
  return new Promise((resolve) => {
    const worker = idle.pop() ?? newReader();
    worker.ref();
    let settled = false;
    const finish = (answer: SheetAnswer | ZipRefusal, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable && idle.length < READERS) {
        worker.unref();
        idle.push(worker);
      } else void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish('too_large', false), READ_TIME_LIMIT_MS);
    const onMessage = (answer: SheetAnswer) => finish(answer, true);
    // Past its heap limit the worker ends with ERR_WORKER_OUT_OF_MEMORY: the sheet is too large to read.
    const onError = (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_large' : 'unreadable', false);
    const onExit = () => finish('unreadable', false);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // The bytes are transferred, not copied.
    worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
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
