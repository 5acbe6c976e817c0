import {
  AUTH_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '@spirit/domain/auth/auth.constants';
import { userActionTypeOf, userTypeOf } from '@spirit/domain/auth/auth.rules';
import type { LoginResult, SessionUser } from '@spirit/domain/auth/auth.schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { hashPassword, newNumericCode, sameHash, sha256, verifyPassword } from '../../lib/crypto.js';
import { AppError, badRequest, tooMany, unauthorized } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { mails } from '../mail/mail.templates.js';
import { findUserByEmail, findUserById, type UserWithCompany } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import {
  countCodeAttempt,
  insertCode,
  latestCode,
  revokeSession,
  revokeUserSessions,
  spendCode,
} from './auth.repository.js';
import { actorOfUser, openSession, signInRefusal } from './session.js';

const badCredentials = () => unauthorized(AUTH_MESSAGES.badCredentials, 'auth.bad_credentials');
const badOtp = () => unauthorized(AUTH_MESSAGES.invalidOtp, 'auth.bad_otp');

export function sessionUserOf(actor: Actor): SessionUser {
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    company_id: actor.companyId,
    company_name: actor.companyName,
    company_type: actor.companyType,
    roles: actor.roles,
    userType: userTypeOf(actor.roles),
    userActionType: userActionTypeOf(actor.companyType, actor.roles),
  };
}

/** The reason a correctly identified user still may not sign in, in words they can act on. */
function refusalError(user: UserWithCompany): AppError | null {
  const reason = signInRefusal(user);
  if (!reason) return null;
  if (reason === 'archived') return new AppError('auth.user_archived', 403, AUTH_MESSAGES.userArchived);
  if (reason === 'inactive') return new AppError('auth.user_inactive', 403, AUTH_MESSAGES.userInactive);
  const status = user.company?.status;
  const message =
    status === 'Pending'
      ? AUTH_MESSAGES.companyPending
      : status === 'Rejected'
        ? AUTH_MESSAGES.companyRejected
        : AUTH_MESSAGES.companyDeleted;
  return new AppError('auth.company_not_approved', 403, message);
}

async function startSession(deps: Deps, user: UserWithCompany, ip: string | null): Promise<LoginResult> {
  return deps.db.transaction(async (tx) => {
    const { token, sessionId } = await openSession(tx, deps, user.id, ip);
    return { token, user: sessionUserOf(await actorOfUser(tx, user, sessionId)) };
  });
}

export async function login(
  deps: Deps,
  input: { email: string; password: string; captcha: string },
  ip: string | null,
) {
  await deps.captcha.verify(input.captcha);
  const user = await findUserByEmail(deps.db, input.email);
  if (!(await verifyPassword(user?.password_hash ?? null, input.password)) || !user) throw badCredentials();
  const refusal = refusalError(user);
  if (refusal) throw refusal;
  return startSession(deps, user, ip);
}

const codeHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

/**
 * When each email last asked for a code, known or not, per app: a repeat within the resend window is refused with
 * 429 for every email alike, so the answer neither claims a code that was not sent nor tells accounts apart.
 * Process memory, like the rate limits (docs/decisions.md); the per-user check below still holds across processes.
 */
const otpRequests = new WeakMap<Deps, Map<string, number>>();

function refuseRepeatOtp(deps: Deps, email: string, now: number) {
  let seen = otpRequests.get(deps);
  if (!seen) otpRequests.set(deps, (seen = new Map()));
  const windowMs = OTP_RESEND_SECONDS * 1000;
  const last = seen.get(email);
  if (last !== undefined && now - last < windowMs) {
    throw tooMany(AUTH_MESSAGES.otpTooSoon, Math.ceil((windowMs - (now - last)) / 1000), 'auth.otp_too_soon');
  }
  if (seen.size > 10_000) for (const [key, at] of seen) if (now - at >= windowMs) seen.delete(key);
  seen.set(email, now);
}

/** Mails a sign-in code. Answers the same whether or not the email belongs to anyone. */
export async function generateOtp(deps: Deps, input: { email: string }): Promise<void> {
  refuseRepeatOtp(deps, input.email.toLowerCase(), deps.now().getTime());
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || signInRefusal(user)) return;
  const now = deps.now();
  const code = newNumericCode(OTP_LENGTH);
  const sent = await deps.db.transaction(async (tx) => {
    const last = await latestCode(tx, user.id, 'login');
    if (last && now.getTime() - last.created_at.getTime() < OTP_RESEND_SECONDS * 1000) return false;
    await insertCode(tx, {
      user_id: user.id,
      purpose: 'login',
      code_hash: codeHash(user.id, code),
      expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      now,
    });
    return true;
  });
  if (sent) await deps.mailer.send(mails.otp({ to: user.email, code, minutes: OTP_TTL_MINUTES }));
}

export async function loginWithOtp(
  deps: Deps,
  input: { email: string; otp: string; captcha: string },
  ip: string | null,
): Promise<LoginResult> {
  await deps.captcha.verify(input.captcha);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw badOtp();
  const now = deps.now();
  const ok = await deps.db.transaction(async (tx) => {
    const code = await latestCode(tx, user.id, 'login');
    if (!code || code.used_at || code.expires_at <= now || code.attempts >= OTP_MAX_ATTEMPTS) return false;
    if (!sameHash(code.code_hash, codeHash(user.id, input.otp))) {
      await countCodeAttempt(tx, code.id);
      return false;
    }
    await spendCode(tx, code.id, now);
    return true;
  });
  if (!ok) throw badOtp();
  const refusal = refusalError(user);
  if (refusal) throw refusal;
  return startSession(deps, user, ip);
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  await revokeSession(deps.db, actor.sessionId, deps.now());
}

/** The caller as the request resolved them: roles, company and names are read fresh for every session lookup. */
export async function refreshUser(_deps: Deps, actor: Actor): Promise<{ user: SessionUser }> {
  return { user: sessionUserOf(actor) };
}

export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: { old_password: string; new_password: string; captcha: string },
): Promise<void> {
  await deps.captcha.verify(input.captcha);
  const user = await findUserById(deps.db, actor.userId);
  if (!user || !(await verifyPassword(user.password_hash, input.old_password))) {
    throw badRequest('auth.old_password_wrong', AUTH_MESSAGES.oldPasswordWrong, {
      old_password: AUTH_MESSAGES.oldPasswordWrong,
    });
  }
  const hash = await hashPassword(input.new_password);
  const now = deps.now();
  await deps.db.transaction(async (tx: Tx) => {
    await tx.update(users).set({ password_hash: hash, updated_at: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action: 'user.password_changed',
      objectType: 'user',
      objectId: user.id,
    });
  });
}
