// Serves the built single-page app and falls back to index.html for its client-side routes. /login gets the build's
// login.html instead, the same page with the sign-in screen prerendered so it paints before any script has loaded
// (docs/decisions.md "Web: the first paint of /login"). The build writes brotli and gzip copies of its text files,
// sent to browsers that accept them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const INDEX_HTML = 'index.html';
const LOGIN_HTML = 'login.html';

export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  if (!webDist || !existsSync(path.join(webDist, INDEX_HTML))) return false;
  const loginHtml = existsSync(path.join(webDist, LOGIN_HTML)) ? LOGIN_HTML : INDEX_HTML;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; the HTML pages must always be fresh.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', (req, reply) => {
    const file = req.url.split('?')[0]!.slice(1);
    if (file.startsWith('api/') || file.startsWith('dev/')) return reply.callNotFound();
    if (file && existsSync(path.join(webDist, file)) && !file.includes('..')) return reply.sendFile(file);
    const page = file === 'login' || file === 'login/' ? loginHtml : INDEX_HTML;
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
  return true;
}
