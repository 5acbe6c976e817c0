// Brotli and gzip copies of the built text files, written beside them: the server sends the copy the browser accepts
// (@fastify/static `preCompressed`, apps/server/src/plugins/web.ts) without compressing on every request. Uncompressed,
// /login moved ~600 KB instead of ~150 KB, which on a slow phone network was seconds (docs/decisions.md "Web: the
// first paint of /login").
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TEXT = /\.(?:html|js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

export async function precompressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gz(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

/** Compresses the bundle's text files (source maps aside: only developer tools fetch them). */
export function precompress(): Plugin {
  return {
    name: 'spirit:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.keys(bundle).filter((name) => TEXT.test(name) && !name.startsWith('.vite/'));
      await Promise.all(files.map((name) => precompressFile(path.join(dir, name))));
    },
  };
}
