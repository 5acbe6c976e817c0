// The step-up codes of the approval chain (modules/bids/bids.step-up.ts): what an attacker with a session, a
// colleague's code, a stale code or a keyboard can do. Rate limits on, as in production.
import { STEP_UP } from '@spirit/domain/bids/bids.constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { otherCode, seedSuperAdmin } from '../apps/server/src/test/fixtures.js';
import { seedAsk } from '../apps/server/src/test/team-fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../apps/server/src/test/bid-fixtures.js';
import { createHarness, otpCode, type Harness } from '../apps/server/src/test/harness.js';
import { tally, tallyText } from './lib/bids.js';
import { DATABASE, figure } from './lib/figures.js';

const SECTION = 'Codes';
let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness({ env: { RATE_LIMIT: 'true' } });
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
}, 300_000);
afterAll(async () => h.close());

const generate = (token: string | null) => h.call('generateUserOTP', {}, token);
const verify = (token: string | null, otp: string) => h.call('verifyOTP', { otp }, token);
/** A fresh code for `user` (the clock moved past the 60 s resend wait). */
async function freshCode(user: { email: string; token: string | null }) {
  h.clock.offsetMs += STEP_UP.resendSeconds * 1000 + 1000;
  expect((await generate(user.token)).statusCode).toBe(200);
  return otpCode(h, user.email);
}
/** Accepting a new bid placed by the other side: what an open window allows a Negotiator. */
const accept = async (token: string | null, by: 'buyer' | 'seller' = 'buyer') => {
  const bid = await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer) }, { by });
  return h.call('bidAction', { bid_id: bid.id, version: bid.version, is_approved: true }, token);
};
const row = (check: string, result: string) => figure(SECTION, { database: DATABASE, check, result });

it('a code opens one window, once, for its own user and session, within its time', async () => {
  const user = m.seller.negotiator;
  // Replay: the right code sent 20 times at once opens the window once.
  const code = await freshCode(user);
  const at = await Promise.all(Array.from({ length: 20 }, () => verify(user.token, code)));
  expect(tally(at)).toEqual({ ok: 1, 'bid.otp_invalid': 19 });
  expect((await verify(user.token, code)).statusCode).toBe(400);
  row('one code sent 20 times at once, then again', `${tallyText(tally(at))}; the 21st: 400`);

  // Another session of the same user: the window is the session's.
  const other = await h.login(user.email, user.password);
  expect((await accept(user.token)).statusCode).toBe(200);
  expect((await accept(other)).body.code).toBe('bid.step_up_required');
  row('window opened in one session, used from another session', 'refused: bid.step_up_required');

  // Another user's code: the buyer's Negotiator's fresh code, tried by the seller's Authorizer, opens nothing.
  const theirs = await freshCode(m.buyer.negotiator);
  await freshCode(m.seller.authorizer);
  expect((await verify(m.seller.authorizer.token, theirs)).body.code).toBe('bid.otp_invalid');
  expect((await verify(m.buyer.negotiator.token, theirs)).statusCode).toBe(200);
  row('another user’s valid code', 'refused: bid.otp_invalid (and it still works for its owner)');

  // Expiry: a code 1 s before its 5 minutes works; 1 s after, it does not. The window: 10 minutes.
  const fresh = await freshCode(m.buyer.authorizer);
  h.clock.offsetMs += STEP_UP.codeTtlMinutes * 60_000 - 1000;
  expect((await verify(m.buyer.authorizer.token, fresh)).statusCode).toBe(200);
  const late = await freshCode(m.buyer.authorizer);
  h.clock.offsetMs += STEP_UP.codeTtlMinutes * 60_000 + 1000;
  expect((await verify(m.buyer.authorizer.token, late)).body.code).toBe('bid.otp_invalid');
  row(`code at ${STEP_UP.codeTtlMinutes} min − 1 s / + 1 s`, 'accepted / refused');
  // (The seller's Negotiator spent their wrong-code budget above: the buyer's opens this window.)
  const windowUser = m.buyer.negotiator;
  expect((await verify(windowUser.token, await freshCode(windowUser))).statusCode).toBe(200);
  h.clock.offsetMs += STEP_UP.windowMinutes * 60_000 - 5000;
  expect((await accept(windowUser.token, 'seller')).statusCode).toBe(200);
  h.clock.offsetMs += 6000;
  expect((await accept(windowUser.token, 'seller')).body.code).toBe('bid.step_up_required');
  row(`approval window at ${STEP_UP.windowMinutes} min − 5 s / + 1 s`, 'open / shut');
});

it('guessing: five wrong tries spend a code; past 20 wrong codes in 15 minutes a user is refused with 429', async () => {
  const user = m.buyer.approver;
  const code = await freshCode(user);
  for (let i = 0; i < STEP_UP.maxAttempts; i++)
    expect((await verify(user.token, otherCode(code))).statusCode).toBe(400);
  expect((await verify(user.token, code)).body.code).toBe('bid.otp_invalid');
  row(`right code after ${STEP_UP.maxAttempts} wrong tries`, 'refused: the code is spent');

  // An attacker holding a session guesses codes as fast as the limits allow, asking for new ones as needed.
  const victim = m.seller.approver;
  let guesses = 0;
  let opened = 0;
  let firstRefusal = 0;
  let current = await freshCode(victim);
  for (let i = 0; i < 60 && !firstRefusal; i++) {
    if (i > 0 && i % STEP_UP.maxAttempts === 0) current = await freshCode(victim);
    const res = await verify(victim.token, String((Number(current) + 1 + i) % 1_000_000).padStart(6, '0'));
    if (res.statusCode === 429) firstRefusal = i + 1;
    else {
      guesses += 1;
      if (res.statusCode === 200) opened += 1;
    }
  }
  expect(opened).toBe(0);
  expect(firstRefusal).toBe(21);
  const perDay = (guesses * 96) / 1_000_000;
  row(
    'wrong codes answered before 429 (one user, 15 min)',
    `${guesses}; the ${firstRefusal}st is 429; windows opened: 0`,
  );
  row(
    'best guessing odds for a signed-in attacker',
    `≤ ${guesses} in 10^6 per 15 min (${(perDay * 100).toFixed(2)} % a day at the limit); each code dies after ${STEP_UP.maxAttempts} tries`,
  );
});
