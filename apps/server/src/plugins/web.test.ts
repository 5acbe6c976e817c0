// The built web app as the server sends it: /login answers with login.html (the sign-in screen prerendered, so it
// paints before any script has loaded), every other client route with index.html, and files go out in the
// precompressed copy the browser accepts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.js';

const INDEX = '<!doctype html><title>Spirit Exchange</title><div id="root"></div>';
const LOGIN = '<!doctype html><title>Login | Spirit Exchange</title><div id="login-shell" inert><form></form></div>';
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(2000))};`;
const MAP = JSON.stringify({ svg: `<svg>${'<path/>'.repeat(300)}</svg>`, states: {} });

let dist: string;
let app: FastifyInstance;

function writeDist(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-web-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

async function serve(dir: string): Promise<FastifyInstance> {
  const server = Fastify();
  await registerWeb(server, dir);
  await server.ready();
  return server;
}

beforeAll(async () => {
  dist = writeDist({
    'index.html': INDEX,
    'login.html': LOGIN,
    'login.html.br': brotliCompressSync(LOGIN),
    'assets/index-abc.js': SCRIPT,
    'assets/index-abc.js.br': brotliCompressSync(SCRIPT),
    'assets/index-abc.js.gz': gzipSync(SCRIPT),
    'assets/india-map.json': MAP,
    'assets/india-map.json.br': brotliCompressSync(MAP),
  });
  app = await serve(dist);
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the pages', () => {
  it('answers /login with the prerendered sign-in screen, never cached', async () => {
    for (const url of ['/login', '/login?next=%2Fbids', '/login/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="login-shell" inert><form>');
    }
  });

  it('answers every other client route with the plain index.html: no sign-in form flashes there', async () => {
    for (const url of ['/', '/clients', '/dashboard', '/register', '/loginx', '/login/more']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.body).not.toContain('login-shell');
    }
  });

  it('sends the brotli copy of login.html to a browser that accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LOGIN);
  });

  it('falls back to index.html for /login when the build has no login.html', async () => {
    const bare = writeDist({ 'index.html': INDEX });
    const server = await serve(bare);
    try {
      const res = await server.inject({ method: 'GET', url: '/login' });
      expect(res.body).toBe(INDEX);
    } finally {
      await server.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('leaves the API and the mailbox to their own routes', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

describe('the assets', () => {
  it('sends the precompressed copy the browser accepts, cached for good', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the offer map’s outline (a fixed name, fetched with its hash as ?v=) compressed and cached for good', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/india-map.json?v=0123456789ab',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(MAP);
  });
});
