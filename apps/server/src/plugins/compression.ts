// Compressed API answers. A page of listings or bids runs to tens of kilobytes of JSON, which gzip or brotli shrink
// five- to tenfold: worth it on an office's line, not for a few hundred bytes, where the work costs more than the
// bytes saved. The app's built files are compressed once at build time instead (plugins/web.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers shorter than this go out as they are. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Speed over the last percent: quality 4 brotli and level 5 gzip compress a JSON page in well under a millisecond.
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP = { level: 5 };

/** The encoding to answer with, from an Accept-Encoding header: brotli, else gzip, else none. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name!.trim(), q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function registerCompression(app: FastifyInstance): void {
  // Synchronous but for the compressing itself (http/registry.ts on why hooks avoid promises).
  app.addHook('onSend', (req, reply, payload, done) => {
    // Only the JSON answers the registry serialised to text; files and streams keep their own handling.
    if (!req.url.startsWith('/api/') || typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES)
      return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    reply.header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    return (encoding === 'br' ? brotli(payload, BROTLI) : gzipAsync(payload, GZIP)).then((body) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    });
  });
}
