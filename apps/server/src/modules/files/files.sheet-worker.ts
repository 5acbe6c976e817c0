// Reads a bulk sheet's first sheet into rows, on a worker thread with its own heap limit (files.sheets.ts starts it),
// so a workbook that parses slowly or grows without bound costs this thread, never the server's event loop. A
// worker reads one sheet after another, each sent as a message, until it is stopped (past its time or heap limit).
// It imports nothing of the project: the same file runs from the build and, in tests, from the TypeScript source.
import * as XLSX from '@e965/xlsx';
import { parentPort } from 'node:worker_threads';

export type SheetJob = { bytes: Uint8Array; text: boolean; sheetRows: number };
export type SheetAnswer = { table: unknown[][] | null } | { error: 'unreadable' };

function read({ bytes, text, sheetRows }: SheetJob): SheetAnswer {
  const options: XLSX.ParsingOptions = {
    dense: true,
    sheetRows,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
  };
  let book: XLSX.WorkBook;
  try {
    // CSV is read as plain text (`raw`): no cell is evaluated, so `=…`, `+…`, `-…`, `@…` stay text.
    book = text
      ? XLSX.read(
          Buffer.from(bytes)
            .toString('utf8')
            .replace(/^\uFEFF/, ''),
          { ...options, type: 'string', raw: true },
        )
      : XLSX.read(bytes, { ...options, type: 'buffer' });
  } catch {
    return { error: 'unreadable' };
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet) return { table: null };
  return { table: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true }) };
}

parentPort!.on('message', (job: SheetJob) => parentPort!.postMessage(read(job)));
