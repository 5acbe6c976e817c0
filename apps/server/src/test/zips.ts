// Hostile zips for tests (issue 20, item 1): a workbook's parts written back deflated, with the sizes each entry
// declares either true or zero, and parts added or replaced.
import zlib from 'node:zlib';
import { readZipParts } from '../modules/files/files.zip.js';

export type ZipEntry = { name: string; data: Buffer };

/** The parts of a zip, every one of them, as written. */
export async function partsOf(bytes: Buffer): Promise<ZipEntry[]> {
  const parts = await readZipParts(bytes, { wanted: () => true, maxBytes: 2 ** 31, maxEntries: 65_000 });
  if (typeof parts === 'string') throw new Error(`not a zip: ${parts}`);
  return [...parts].map(([name, data]) => ({ name, data }));
}

/**
 * A zip of deflated `entries`. With `declare: 'zero'` every entry claims to unpack to 0 bytes: its local header
 * defers its sizes to a data descriptor (as streaming writers do), and the descriptor and the central directory say
 * 0 unpacked.
 */
export function deflatedZip(entries: ZipEntry[], declare: 'true' | 'zero' = 'true'): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = zlib.deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const zero = declare === 'zero';
    const usize = zero ? 0 : data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(zero ? 0x08 : 0, 6);
    local.writeUInt16LE(8, 8);
    if (!zero) {
      local.writeUInt32LE(zlib.crc32(data), 14);
      local.writeUInt32LE(packed.length, 18);
      local.writeUInt32LE(usize, 22);
    }
    local.writeUInt16LE(fileName.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(zero ? 0x08 : 0, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(zlib.crc32(data), 16);
    // The central directory must say where the packed bytes end; only the unpacked size is a lie there.
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(usize, 24);
    dir.writeUInt16LE(fileName.length, 28);
    dir.writeUInt32LE(offset, 42);
    const descriptor = Buffer.alloc(zero ? 16 : 0);
    if (zero) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(zlib.crc32(data), 4);
      descriptor.writeUInt32LE(packed.length, 8);
    }
    out.push(local, fileName, packed, descriptor);
    central.push(dir, fileName);
    offset += 30 + fileName.length + packed.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}
