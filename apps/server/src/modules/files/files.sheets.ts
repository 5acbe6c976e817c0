// Spreadsheet uploads (bulk upload of offers and asks): the type by content, and the zip-bomb guard of an xlsx.
import * as XLSX from '@e965/xlsx';
import {
  BULK_MAX_UNPACKED_BYTES,
  BULK_MAX_ZIP_ENTRIES,
  BULK_UPLOAD_TYPES,
} from '@spirit/domain/listings/listings.constants';
import { fileTypeFromBuffer } from 'file-type';

type SheetType = (typeof BULK_UPLOAD_TYPES)[number];
const [CSV, XLS, XLSX_TYPE] = BULK_UPLOAD_TYPES;

/**
 * The zip's central directory, read without inflating anything: the declared uncompressed sizes must stay within
 * `BULK_MAX_UNPACKED_BYTES` in total, the entries within `BULK_MAX_ZIP_ENTRIES`, and each local header must declare
 * the sizes its central entry does (a bomb that lies in one place is refused). Zip64 is refused: a bulk sheet never
 * needs it. Returns the refusal, or null.
 */
export function zipBombCheck(bytes: Buffer): 'unreadable' | 'too_large' | null {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) return 'unreadable';
  const entries = bytes.readUInt16LE(eocd + 10);
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > eocd) return 'unreadable';
  if (entries > BULK_MAX_ZIP_ENTRIES) return 'too_large';
  let total = 0;
  let at = dirOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return 'unreadable';
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    if (size === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff) return 'unreadable';
    total += size;
    if (total > BULK_MAX_UNPACKED_BYTES) return 'too_large';
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return 'unreadable';
    const usesDescriptor = (bytes.readUInt16LE(local + 6) & 0x08) !== 0;
    if (!usesDescriptor && (bytes.readUInt32LE(local + 18) !== compressed || bytes.readUInt32LE(local + 22) !== size))
      return 'unreadable';
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return null;
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
export async function sniffSheet(
  bytes: Buffer,
): Promise<{ type: SheetType; bomb: ReturnType<typeof zipBombCheck> } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === XLSX_TYPE) return { type: XLSX_TYPE, bomb: zipBombCheck(bytes) };
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
