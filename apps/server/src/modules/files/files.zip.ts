// A zip archive's parts, read without trusting anything the archive declares (issue 20, item 1). A workbook of 41 KB
// can declare small sizes and still inflate to gigabytes, so each part a reader wants is inflated here, on libuv's
// thread pool (never the event loop), counting the bytes that really come out against a budget; the parts nobody
// wants are never inflated at all. The result can be written back as a stored (uncompressed) zip, so the
// spreadsheet library that reads it next has nothing left to inflate.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ZipRefusal = 'unreadable' | 'too_large';
export type ZipParts = Map<string, Buffer>;

const inflateRaw = promisify(zlib.inflateRaw);

const SIG = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50 } as const;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;

type Entry = { name: string; method: number; data: Buffer };

/** The central directory's entries, each with its compressed bytes, or why the archive is refused. */
function entriesOf(bytes: Buffer, maxEntries: number): Entry[] | ZipRefusal {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length || bytes.readUInt32LE(eocd) !== SIG.end) return 'unreadable';
  const count = bytes.readUInt16LE(eocd + 10);
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  // Zip64 and split archives: a spreadsheet of 5 MB never needs them.
  if (count === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > eocd) return 'unreadable';
  if (count > maxEntries) return 'too_large';
  const entries: Entry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== SIG.central) return 'unreadable';
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (flags & ENCRYPTED || (method !== STORED && method !== DEFLATED)) return 'unreadable';
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== SIG.local) return 'unreadable';
    const localNameLength = bytes.readUInt16LE(local + 26);
    // The local header must name the same part: two names for one part is how readers are told apart.
    if (bytes.toString('utf8', local + 30, local + 30 + localNameLength) !== name) return 'unreadable';
    const start = local + 30 + localNameLength + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) return 'unreadable';
    entries.push({ name, method, data: bytes.subarray(start, start + compressed) });
  }
  return entries;
}

/** How many bytes `data` inflates to, streamed and thrown away: null past `limit`, 'unreadable' when corrupt. */
async function inflatedSize(data: Buffer, limit: number): Promise<number | null | 'unreadable'> {
  const inflate = zlib.createInflateRaw();
  inflate.end(data);
  let size = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        return null;
      }
    }
  } catch {
    return 'unreadable';
  }
  return size;
}

/**
 * The parts of the zip `bytes` that `wanted` names, inflated: at most `maxEntries` entries in all, and the wanted
 * parts together at most `maxBytes` once inflated, counted as they inflate. Each wanted part is first inflated and
 * counted without being kept (so a bomb costs no memory), then inflated for real with its measured size as the
 * hard output cap.
 */
export async function readZipParts(
  bytes: Buffer,
  opts: { wanted: (name: string) => boolean; maxBytes: number; maxEntries: number },
): Promise<ZipParts | ZipRefusal> {
  const entries = entriesOf(bytes, opts.maxEntries);
  if (typeof entries === 'string') return entries;
  const parts: ZipParts = new Map();
  let budget = opts.maxBytes;
  for (const entry of entries) {
    if (!opts.wanted(entry.name)) continue;
    if (parts.has(entry.name)) return 'unreadable';
    if (entry.method === STORED) {
      if (entry.data.length > budget) return 'too_large';
      budget -= entry.data.length;
      parts.set(entry.name, Buffer.from(entry.data));
      continue;
    }
    const size = await inflatedSize(entry.data, budget);
    if (size === null) return 'too_large';
    if (size === 'unreadable') return 'unreadable';
    budget -= size;
    try {
      parts.set(entry.name, size ? await inflateRaw(entry.data, { maxOutputLength: size }) : Buffer.alloc(0));
    } catch {
      return 'unreadable';
    }
  }
  return parts;
}

/** `parts` as a zip of stored entries: nothing in it needs inflating. */
export function storedZip(parts: ZipParts): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of parts) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(SIG.local, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x800, 6); // names are UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(SIG.central, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(SIG.end, 0);
  end.writeUInt16LE(parts.size, 8);
  end.writeUInt16LE(parts.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
