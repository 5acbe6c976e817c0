// Step-up codes (DESIGN.md §4 "Step-up"; issue 9 part 7): mailed to the acting user, 6 digits, 5 minutes, one use,
// 5 wrong tries spend it, another after 60 s; the window is the session's, 10 minutes, and dies with the session.
import { BID_REFUSALS } from '@spirit/domain/bids/bids.constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { expectError, otherCode, seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk } from '../../test/team-fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, otpCode, type Harness } from '../../test/harness.js';
import { sessions } from '../auth/auth.table.js';

let h: Harness;
let superToken: string;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
}, 180_000);
afterAll(async () => h.close());

const generate = (token: string | null) => h.call('generateUserOTP', {}, token);
const verify = (token: string | null, otp: string) => h.call('verifyOTP', { otp }, token);
/** Moves the test clock past the resend wait. */
const afterResendWait = () => void (h.clock.offsetMs += 61_000);
const accept = async (token: string | null) => {
  const bid = await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer) });
  return h.call('bidAction', { bid_id: bid.id, version: bid.version, is_approved: true }, token);
};

describe('generateUserOTP', () => {
  it('mails a 6-digit code to the caller only; a second request within 60 s is 429 with Retry-After', async () => {
    afterResendWait();
    const res = await generate(m.seller.authorizer.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ resend_after_seconds: 60, expires_in_seconds: 300 });
    expect(await otpCode(h, m.seller.authorizer.email)).toMatch(/^[0-9]{6}$/);
    const before = await tableDigest(h);
    const again = await generate(m.seller.authorizer.token);
    expectError(again, 429, { code: 'bid.otp_too_soon', error: BID_REFUSALS['bid.otp_too_soon'].message });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await tableDigest(h)).toEqual(before);
  });

  it('is for the tiers that act on bids; an Admin is refused', async () => {
    expectError(await generate(m.seller.adminToken), 403);
    expectError(await h.call('verifyOTP', { otp: '123456' }, m.seller.adminToken), 403);
  });

  it('only the newest code counts', async () => {
    afterResendWait();
    await generate(m.buyer.approver.token);
    const first = await otpCode(h, m.buyer.approver.email);
    afterResendWait();
    await generate(m.buyer.approver.token);
    expectError(await verify(m.buyer.approver.token, first), 400, { code: 'bid.otp_invalid' });
    expect((await verify(m.buyer.approver.token, await otpCode(h, m.buyer.approver.email))).statusCode).toBe(200);
  });
});

describe('verifyOTP and the approval window', () => {
  it('opens a 10-minute window on the caller’s session; the code works once', async () => {
    afterResendWait();
    await generate(m.seller.negotiator.token);
    const code = await otpCode(h, m.seller.negotiator.email);
    const res = await verify(m.seller.negotiator.token, code);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const until = Date.parse((res.body.data as { approval_window_until: string }).approval_window_until);
    expect(until - (Date.now() + h.clock.offsetMs)).toBeGreaterThan(9.9 * 60_000);
    expect(until - (Date.now() + h.clock.offsetMs)).toBeLessThanOrEqual(10 * 60_000);
    // Replayed.
    expectError(await verify(m.seller.negotiator.token, code), 400, { code: 'bid.otp_invalid' });
    // The window lets this session act, without a code per bid.
    expect((await accept(m.seller.negotiator.token)).statusCode).toBe(200);
    expect((await accept(m.seller.negotiator.token)).statusCode).toBe(200);
    // Another session of the same user has no window.
    const other = await h.login(m.seller.negotiator.email, m.seller.negotiator.password);
    expectError(await accept(other), 403, { code: 'bid.step_up_required' });
    // After ten minutes the window is shut.
    h.clock.offsetMs += 10 * 60_000 + 1_000;
    expectError(await accept(m.seller.negotiator.token), 403, { code: 'bid.step_up_required' });
  });

  it('dies with the session', async () => {
    const token = await h.login(m.seller.negotiator.email, m.seller.negotiator.password);
    afterResendWait();
    await generate(token);
    expect((await verify(token, await otpCode(h, m.seller.negotiator.email))).statusCode).toBe(200);
    await h.call('logout', {}, token);
    expectError(await accept(token), 401);
  });

  it('refuses another user’s code, and an expired one', async () => {
    afterResendWait();
    await generate(m.buyer.authorizer.token);
    const code = await otpCode(h, m.buyer.authorizer.email);
    // The seller's Authorizer (no code of theirs, or an older one) cannot use the buyer's Authorizer's code.
    expectError(await verify(m.seller.authorizer.token, code), 400, { code: 'bid.otp_invalid' });
    // It still works for its owner.
    expect((await verify(m.buyer.authorizer.token, code)).statusCode).toBe(200);
    afterResendWait();
    await generate(m.buyer.authorizer.token);
    const late = await otpCode(h, m.buyer.authorizer.email);
    h.clock.offsetMs += 5 * 60_000 + 1_000;
    expectError(await verify(m.buyer.authorizer.token, late), 400, { code: 'bid.otp_invalid' });
  });

  it('spends a code after five wrong tries; 1,000 guesses open nothing', async () => {
    afterResendWait();
    await generate(m.seller.approver.token);
    const code = await otpCode(h, m.seller.approver.email);
    let wrong = otherCode(code);
    for (let i = 0; i < 5; i++) expectError(await verify(m.seller.approver.token, wrong), 400);
    expectError(await verify(m.seller.approver.token, code), 400, { code: 'bid.otp_invalid' });

    afterResendWait();
    await generate(m.seller.approver.token);
    const fresh = await otpCode(h, m.seller.approver.email);
    const answers = new Set<number>();
    for (let guess = 0; guess < 1000; guess++) {
      wrong = String((Number(fresh) + 1 + guess) % 1_000_000).padStart(6, '0');
      answers.add((await verify(m.seller.approver.token, wrong)).statusCode);
    }
    expect([...answers]).toEqual([400]);
    expectError(await verify(m.seller.approver.token, fresh), 400, { code: 'bid.otp_invalid' });
    const [row] = await h.db
      .select({ until: sessions.approval_until })
      .from(sessions)
      .where(eq(sessions.user_id, m.seller.approver.id));
    expect(row?.until ?? null).toBeNull();
  }, 120_000);
});

describe('rate limits', () => {
  it('answer 429 with Retry-After past the registry’s limits', async () => {
    const limited = await createHarness({ env: { RATE_LIMIT: 'true' } });
    try {
      const root = await seedSuperAdmin(limited);
      const market = await seedMarket(limited, { superToken: root });
      const token = market.seller.authorizer.token;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        limited.clock.offsetMs += 61_000;
        statuses.push((await limited.call('generateUserOTP', {}, token)).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      const refused = await limited.call('generateUserOTP', {}, token);
      expectError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const wrong: number[] = [];
      for (let i = 0; i < 21; i++) wrong.push((await limited.call('verifyOTP', { otp: '000000' }, token)).statusCode);
      expect(wrong.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(wrong[20]).toBe(429);
    } finally {
      await limited.close();
    }
  }, 180_000);
});
