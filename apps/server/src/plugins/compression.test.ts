// Compressed API answers: the real app answering a large public list (every state and its cities) and a small
// refusal, with each Accept-Encoding a browser sends.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './compression.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const post = (method: string, acceptEncoding?: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/${method}`,
    headers: { 'content-type': 'application/json', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    payload: '{}',
  });

describe('compressed API answers', () => {
  it('sends a large answer as brotli or gzip, whichever the caller accepts, and the same JSON', async () => {
    const plain = await post('getStateCities');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await post('getStateCities', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await post('getStateCities', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const refusedBr = await post('getStateCities', 'br;q=0, gzip;q=0.5');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');
    const identity = await post('getStateCities', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('sends a small answer as it is', async () => {
    const res = await post('refreshUser', 'gzip, br');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 401 });
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
  });
});
