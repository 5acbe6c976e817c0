// Session tokens: random 256-bit values, stored hashed, with idle and absolute expiry.
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../types.js';
import type { Actor } from '../../lib/actor.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { Tx } from '../../db/client.js';
import { findUserById, rolesOf, type UserWithCompany } from '../users/users.repository.js';
import { findLiveSession, insertSession, touchSession } from './auth.repository.js';

const TOUCH_EVERY_MS = 60_000;

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

/** Why a user may not hold a session now, or null when they may. */
export function signInRefusal(user: UserWithCompany): 'archived' | 'inactive' | 'company' | null {
  if (user.is_archived) return 'archived';
  if (!user.is_active || !user.password_hash) return 'inactive';
  if (!user.is_super_admin && user.company?.status !== 'Approved') return 'company';
  return null;
}

export async function openSession(tx: Tx, deps: Deps, userId: number, ip: string | null) {
  const token = newToken();
  const now = deps.now();
  const expires = new Date(now.getTime() + deps.config.sessionTtlHours * 3_600_000);
  const { id } = await insertSession(tx, { token_hash: sha256(token), user_id: userId, expires_at: expires, ip, now });
  return { token, sessionId: id };
}

export async function actorOfUser(tx: Tx, user: UserWithCompany, sessionId: number): Promise<Actor> {
  return {
    sessionId,
    userId: user.id,
    name: user.name,
    email: user.email,
    companyId: user.company_id,
    companyName: user.company ? user.company.name || user.company.registered_name : null,
    companyType: user.company?.type ?? null,
    roles: await rolesOf(tx, user),
  };
}

/** The actor behind a bearer token, or null when the token is missing, unknown, expired or its user may not act. */
export async function resolveActor(deps: Deps, token: string | null): Promise<Actor | null> {
  if (!token) return null;
  const now = deps.now();
  const idleSince = new Date(now.getTime() - deps.config.sessionIdleMinutes * 60_000);
  const session = await findLiveSession(deps.db, sha256(token), now, idleSince);
  if (!session) return null;
  const user = await findUserById(deps.db, session.user_id);
  if (!user || signInRefusal(user)) return null;
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await touchSession(deps.db, session.id, now);
  return actorOfUser(deps.db, user, session.id);
}
