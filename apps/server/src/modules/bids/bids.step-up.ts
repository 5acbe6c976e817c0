// Step-up before accepting, approving or rejecting a bid (DESIGN.md §4 "Step-up"): a mailed 6-digit code (5
// minutes, one use, 5 tries, another after 60 s) opens a 10-minute approval window on the caller's session. The
// window lives on the session row, so revoking the session (logout, archive, password change) closes it; it is read
// fresh inside each transition, never from the cached caller.
import { STEP_UP } from '@spirit/domain/bids/bids.constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { newNumericCode, sameHash, sha256 } from '../../lib/crypto.js';
import { tooMany } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { insertCode } from '../auth/auth.repository.js';
import { oneTimeCodes, sessions } from '../auth/auth.table.js';
import { mails } from '../mail/mail.templates.js';
import { users } from '../users/users.table.js';
import { bidError } from './bids.errors.js';

const codeHash = (userId: number, code: string) => sha256(`${userId}:approval:${code}`);

/** The newest approval code of a user, locked: checking and spending it is one step for concurrent tries. */
async function lockLatestCode(tx: Tx, userId: number) {
  const rows = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.user_id, userId), eq(oneTimeCodes.purpose, 'approval')))
    .orderBy(sql`${oneTimeCodes.created_at} desc, ${oneTimeCodes.id} desc`)
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Mails a code to the caller. A second request within 60 s is refused with 429 and the seconds to wait. */
export async function generate(deps: Deps, actor: Actor) {
  const now = deps.now();
  const code = newNumericCode(STEP_UP.codeLength);
  await deps.db.transaction(async (tx) => {
    // The user row is the queue: two requests at once cannot both find no recent code.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update');
    const last = await lockLatestCode(tx, actor.userId);
    const waitMs = last ? STEP_UP.resendSeconds * 1000 - (now.getTime() - last.created_at.getTime()) : 0;
    if (waitMs > 0) throw tooMany(bidError('bid.otp_too_soon').message, waitMs / 1000, 'bid.otp_too_soon');
    await insertCode(tx, {
      user_id: actor.userId,
      purpose: 'approval',
      code_hash: codeHash(actor.userId, code),
      expires_at: new Date(now.getTime() + STEP_UP.codeTtlMinutes * 60_000),
      now,
    });
  });
  await deps.mailer.send(
    mails.approvalCode({
      to: actor.email,
      code,
      minutes: STEP_UP.codeTtlMinutes,
      windowMinutes: STEP_UP.windowMinutes,
    }),
  );
  return { resend_after_seconds: STEP_UP.resendSeconds, expires_in_seconds: STEP_UP.codeTtlMinutes * 60 };
}

/**
 * Checks the caller's newest code and, when it matches, spends it and opens the window on the caller's session.
 * A wrong code counts a try; the fifth wrong try spends the code. Only the caller's own code can match.
 */
export async function verify(deps: Deps, actor: Actor, otp: string) {
  const now = deps.now();
  const until = new Date(now.getTime() + STEP_UP.windowMinutes * 60_000);
  const ok = await deps.db.transaction(async (tx) => {
    const code = await lockLatestCode(tx, actor.userId);
    if (!code || code.used_at || code.expires_at <= now || code.attempts >= STEP_UP.maxAttempts) return false;
    if (!sameHash(code.code_hash, codeHash(actor.userId, otp))) {
      const attempts = code.attempts + 1;
      await tx
        .update(oneTimeCodes)
        .set({ attempts, ...(attempts >= STEP_UP.maxAttempts ? { used_at: now } : {}) })
        .where(eq(oneTimeCodes.id, code.id));
      return false;
    }
    await tx.update(oneTimeCodes).set({ used_at: now }).where(eq(oneTimeCodes.id, code.id));
    await tx.update(sessions).set({ approval_until: until }).where(eq(sessions.id, actor.sessionId));
    return true;
  });
  // A wrong try is counted, so the refusal must not roll it back: it is thrown after the commit.
  if (!ok) throw bidError('bid.otp_invalid');
  return { approval_window_until: until.toISOString() };
}
