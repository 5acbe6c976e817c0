// Issue 7, item 4: sign-in limits per address across accounts and per account across addresses, besides the
// address-and-email pair, without a way to lock the owner out of every sign-in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../test/fixtures.js';
import { SUPER_ADMIN, createHarness, otpCode, type Harness } from '../test/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({ env: { RATE_LIMIT: 'true' } });
});
afterEach(async () => h.close());

/** A call from a given address, the way requests from several machines arrive. */
async function callFrom(ip: string, method: string, body: Record<string, unknown>) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/${method}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  await h.deps.mailer.flush();
  return res;
}

const wrongLogin = async (ip: string, email: string) =>
  callFrom(ip, 'login', { email, password: 'Wrong@Pass1', captcha: await h.captcha() });

describe('failed sign-ins', () => {
  it('one address trying many accounts gets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await wrongLogin('198.51.100.1', `user${i}@spray.example`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const last = await wrongLogin('198.51.100.1', 'another@spray.example');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await wrongLogin('198.51.100.2', 'user0@spray.example')).statusCode).toBe(401);
  });

  it('one account tried from many addresses gets 429, and its owner still signs in with a mailed code', async () => {
    await seedSuperAdmin(h);
    for (let i = 0; i < 20; i++)
      expect((await wrongLogin(`203.0.113.${i + 1}`, SUPER_ADMIN.email)).statusCode).toBe(401);
    const locked = await callFrom('192.0.2.10', 'login', {
      ...SUPER_ADMIN,
      captcha: await h.captcha(),
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    expect((await callFrom('192.0.2.10', 'generateOtp', { email: SUPER_ADMIN.email })).statusCode).toBe(200);
    const code = await otpCode(h, SUPER_ADMIN.email);
    const res = await callFrom('192.0.2.10', 'loginWithOtp', {
      email: SUPER_ADMIN.email,
      otp: code,
      captcha: await h.captcha(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('successful sign-ins do not count', async () => {
    await seedSuperAdmin(h);
    for (let i = 0; i < 25; i++) {
      const res = await callFrom(`203.0.113.${i + 1}`, 'login', { ...SUPER_ADMIN, captcha: await h.captcha() });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('one-time code requests', () => {
  it('are limited per address across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await callFrom('198.51.100.7', 'generateOtp', { email: `u${i}@spray.example` })).statusCode).toBe(200);
    }
    const res = await callFrom('198.51.100.7', 'generateOtp', { email: 'last@spray.example' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('are limited per account across addresses', async () => {
    const ask = (ip: string) => callFrom(ip, 'generateOtp', { email: 'one@spray.example' });
    for (let i = 0; i < 10; i++) {
      h.clock.offsetMs += 61_000; // past the one-a-minute repeat refusal, which has its own clock
      expect((await ask(`203.0.113.${i + 1}`)).statusCode).toBe(200);
    }
    h.clock.offsetMs += 61_000;
    const res = await ask('203.0.113.99');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate.limited' });
  });
});
