// Stream tickets (issue 25 part 2). EventSource sends no Authorization header, and a session token in a URL would
// land in access logs and browser history for hours; a ticket is worth one stream open within a minute, is bound to
// its user and session, and is stored hashed like every other secret here.
import { STREAM_TICKET_SECONDS } from '@spirit/domain/events/events.constants';
import type { EventTicket } from '@spirit/domain/events/events.schemas';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { findLiveSessionsById } from '../auth/auth.repository.js';
import { actorOfLiveSession } from '../auth/session.js';
import { streamTickets } from './events.table.js';

/** Rows older than this are deleted when a ticket is issued: long enough that a refusal can still say why. */
const KEEP_MS = 3_600_000;

export const TICKET_REFUSALS = {
  unknown: 'This stream ticket is not known. Ask for a new one.',
  used: 'This stream ticket has already been used. Ask for a new one.',
  expired: 'This stream ticket has expired. Ask for a new one.',
  session: 'Your session has ended. Please sign in again.',
} as const;

export async function issueTicket(deps: Deps, actor: Actor): Promise<EventTicket> {
  const now = deps.now();
  const ticket = newToken();
  await deps.db.delete(streamTickets).where(lt(streamTickets.expires_at, new Date(now.getTime() - KEEP_MS)));
  await deps.db.insert(streamTickets).values({
    token_hash: sha256(ticket),
    user_id: actor.userId,
    session_id: actor.sessionId,
    expires_at: new Date(now.getTime() + STREAM_TICKET_SECONDS * 1000),
    created_at: now,
  });
  return { ticket, expires_in: STREAM_TICKET_SECONDS };
}

/**
 * Spends a ticket: only one request can mark it used. The session it was issued in must still be live and its user
 * still allowed to act (the same checks as any signed-in call); the actor is read fresh, not from the cache.
 */
export async function redeemTicket(deps: Deps, ticket: string): Promise<Actor> {
  const now = deps.now();
  const hash = sha256(ticket);
  const [won] = await deps.db
    .update(streamTickets)
    .set({ used_at: now })
    .where(and(eq(streamTickets.token_hash, hash), isNull(streamTickets.used_at), gt(streamTickets.expires_at, now)))
    .returning({ user_id: streamTickets.user_id, session_id: streamTickets.session_id });
  if (!won) {
    const [row] = await deps.db.select().from(streamTickets).where(eq(streamTickets.token_hash, hash));
    const why = !row ? 'unknown' : row.used_at ? 'used' : 'expired';
    throw unauthorized(TICKET_REFUSALS[why], `events.ticket_${why}`);
  }
  const idleSince = new Date(now.getTime() - deps.config.sessionIdleMinutes * 60_000);
  const [live] = await findLiveSessionsById(deps.db, [won.session_id], now, idleSince);
  const actor = live ? actorOfLiveSession(live) : null;
  if (!actor || actor.userId !== won.user_id) throw unauthorized(TICKET_REFUSALS.session, 'events.session_ended');
  return actor;
}
