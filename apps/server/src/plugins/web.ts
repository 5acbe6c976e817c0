// Serves the built single-page app and falls back to index.html for its client-side routes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be fresh.
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
