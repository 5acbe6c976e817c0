// Issue 7, item 3: the local mailbox holds sign-in codes and links; it must answer only a direct caller on this
// machine, never through a proxy, and not exist with SMTP or in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../plugins/mailbox.js';
import { createHarness, type Harness } from '../test/harness.js';

let h: Harness;
beforeAll(async () => {
  // Listening on every interface: the listening address must not decide who may read the mailbox.
  h = await createHarness({ env: { HOST: '0.0.0.0' } });
});
afterAll(async () => h.close());

const get = (target: Harness, url: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  target.app.inject({ method: 'GET', url, remoteAddress: opts.remoteAddress ?? '127.0.0.1', headers: opts.headers });

describe('/dev/mailbox', () => {
  it.each(['/dev/mailbox', '/dev/mailbox.json'])('%s answers a direct loopback caller', async (url) => {
    expect((await get(h, url)).statusCode).toBe(200);
    expect((await get(h, url, { remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it.each(['/dev/mailbox', '/dev/mailbox.json'])('%s is not found for a caller on another machine', async (url) => {
    const res = await get(h, url, { remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('mails');
  });

  it.each([
    ['x-forwarded-for', '203.0.113.7'],
    ['forwarded', 'for=203.0.113.7'],
    ['x-real-ip', '203.0.113.7'],
  ])('is not found through a proxy on this machine (%s)', async (header, value) => {
    const res = await get(h, '/dev/mailbox.json', { headers: { [header]: value } });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['SMTP_URL is set', { SMTP_URL: 'smtp://mail.example:587' }],
    ['in production', { NODE_ENV: 'production' }],
  ])('does not exist when %s', async (_, env) => {
    const other = await createHarness({ env });
    try {
      expect((await get(other, '/dev/mailbox.json')).statusCode).toBe(404);
      expect((await get(other, '/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['127.0.0.1.evil', false],
    ['', false],
    [undefined, false],
  ])('%j is %j', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
