// Whole-file structure checks for the accepted upload types. Sniffing looks at the first bytes only, so a PNG
// signature followed by HTML passed as an image (issue 7, item 6). These walkers accept a file only when its whole
// structure is that type's, with nothing after its end marker. Our own code: no native image libraries.
import { crc32 } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Signature, IHDR first, every chunk's CRC right, at least one IDAT, IEND last and nothing after it. */
export function isWholePng(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData && length === 0 && end === bytes.length;
    at = end;
  }
  return false;
}

// Markers without a length field: TEM and the restart markers RST0..7 (SOI and EOI are handled on their own).
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const SOF = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * SOI, then length-prefixed segments with a frame header (SOF) and a scan (SOS); entropy-coded data runs to the
 * next marker that is not a stuffed 0xFF00 or a restart; the file ends exactly at EOI.
 */
export function isWholeJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let at = 2;
  let sawFrame = false;
  let sawScan = false;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return sawFrame && sawScan && at + 2 === bytes.length;
    if (marker === 0xd8 || marker === 0x00) return false;
    if (STANDALONE(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return false;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return false;
    if (SOF(marker)) sawFrame = true;
    at += 2 + length;
    if (marker === 0xda) {
      if (!sawFrame) return false;
      sawScan = true;
      at = endOfEntropyData(bytes, at);
    }
  }
  return false;
}

/** The offset of the first real marker after entropy-coded data (0xFF00 is a stuffed byte, RSTn stay inside). */
function endOfEntropyData(bytes: Buffer, from: number): number {
  let at = from;
  while (at + 1 < bytes.length) {
    if (bytes[at] === 0xff) {
      const next = bytes[at + 1]!;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
      at += 2;
    } else at += 1;
  }
  return bytes.length;
}

/**
 * `%PDF-` first and `%%EOF` last: only whitespace may follow the final `%%EOF`, so nothing rides after the document
 * (readers tolerate junk there; browsers sniffing a saved copy might not).
 */
export function isWholePdf(bytes: Buffer): boolean {
  if (bytes.toString('latin1', 0, 5) !== '%PDF-') return false;
  let end = bytes.length;
  while (end > 0 && [0x20, 0x0d, 0x0a, 0x09, 0x0c, 0x00].includes(bytes[end - 1]!)) end -= 1;
  return end >= 5 && bytes.toString('latin1', end - 5, end) === '%%EOF';
}

const VERIFIERS: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': isWholePng,
  'image/jpeg': isWholeJpeg,
  'application/pdf': isWholePdf,
};

/** Whether `bytes` are wholly a file of the sniffed `mime`; unknown types are refused. */
export function isWholeFile(mime: string, bytes: Buffer): boolean {
  return VERIFIERS[mime]?.(bytes) ?? false;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/**
 * The name a file is served under: the uploader's name made safe, with the extension of its sniffed type, so a saved
 * copy of `x.html` that is really a PNG opens as `x.png`.
 */
export function servedName(original: string, mime: string): string {
  const ext = EXTENSIONS[mime] ?? 'bin';
  const base = original
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/\.[^.]*$/, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(-100);
  return `${base || 'file'}.${ext}`;
}
