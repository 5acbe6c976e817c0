import { AUTH_MESSAGES, INVITATION_TTL_DAYS } from '@spirit/domain/auth/auth.constants';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { hashPassword, newToken, sha256 } from '../../lib/crypto.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { findInvitation, insertInvitation, markInvitationUsed, revokeUserSessions } from '../auth/auth.repository.js';
import { invitations } from '../auth/auth.table.js';
import { mails, type Mail } from '../mail/mail.templates.js';
import { findUserById } from './users.repository.js';
import { users } from './users.table.js';

// An unknown token answers 'Invalid token' (the page shows 'This link seems to be broken.'); 400, not 401, so the
// web app does not treat it as an expired session.
const brokenLink = () => new AppError('invitation.invalid', 400, 'Invalid token');
const deactivatedLink = () => new AppError('invitation.deactivated', 410, AUTH_MESSAGES.deactivatedLink);

/** Issues a fresh single-use set-password link (voiding earlier ones); returns the mail to send after commit. */
export async function issueInvitation(
  tx: Tx,
  deps: Deps,
  user: { id: number; name: string; email: string },
  companyName: string,
): Promise<Mail> {
  const token = newToken();
  const now = deps.now();
  await insertInvitation(tx, {
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    now,
  });
  return mails.invitation({
    to: user.email,
    name: user.name,
    company: companyName,
    link: `${deps.config.publicUrl}/usersetup?token=${encodeURIComponent(token)}`,
    days: INVITATION_TTL_DAYS,
  });
}

async function liveInvitation(tx: Tx, deps: Deps, token: string, lock: boolean) {
  const found = await findInvitation(tx, sha256(token));
  if (!found) throw brokenLink();
  const invitation = lock
    ? (await tx.select().from(invitations).where(eq(invitations.id, found.id)).for('update'))[0]!
    : found;
  if (invitation.used_at || invitation.voided_at || invitation.expires_at <= deps.now()) throw deactivatedLink();
  const user = await findUserById(tx, invitation.user_id);
  // A link only sets up an account: once it has a password, a leaked or left-over link must not replace it.
  if (!user || user.is_archived || user.is_active) throw deactivatedLink();
  return { invitation, user };
}

export async function verifyToken(deps: Deps, token: string) {
  const { user } = await liveInvitation(deps.db, deps, token, false);
  return { email: user.email, company_id: user.company_id, user_id: user.id };
}

/** Account set-up from the invitation link: sets the password once, activates the user and ends other sessions. */
export async function setupAccount(
  deps: Deps,
  input: { token: string; password: string; captcha: string; id?: number | null; email?: string },
): Promise<void> {
  await deps.captcha.verify(input.captcha);
  const hash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const { invitation, user } = await liveInvitation(tx, deps, input.token, true);
    if ((input.id && input.id !== user.id) || (input.email && input.email.toLowerCase() !== user.email.toLowerCase())) {
      throw badRequest('invitation.mismatch', 'This link belongs to another account');
    }
    const now = deps.now();
    await tx.update(users).set({ password_hash: hash, is_active: true, updated_at: now }).where(eq(users.id, user.id));
    await markInvitationUsed(tx, invitation.id, now);
    // Whoever set the password is the account's owner from now on; any other session ends.
    await revokeUserSessions(tx, user.id, now);
    await audit(tx, {
      actorUserId: user.id,
      companyId: user.company_id,
      action: 'user.activated',
      objectType: 'user',
      objectId: user.id,
      before: { is_active: user.is_active },
      after: { is_active: true },
    });
  });
}
