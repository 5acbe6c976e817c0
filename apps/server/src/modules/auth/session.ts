// Session tokens: random 256-bit values, stored hashed, with idle and absolute expiry.
import type { Deps } from '../../types.js';
import type { Actor } from '../../lib/actor.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { Tx } from '../../db/client.js';
import { rolesFrom, rolesOf, type UserWithCompany } from '../users/users.repository.js';
import { findLiveSessionActor, insertSession, touchSession } from './auth.repository.js';

const TOUCH_EVERY_MS = 60_000;

export function bearerToken(req: { headers: { authorization?: string } }): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

type SignInFacts = Pick<UserWithCompany, 'is_archived' | 'is_active' | 'is_super_admin' | 'password_hash'> & {
  company: { status: string } | null;
};

/** Why a user may not hold a session now, or null when they may. */
export function signInRefusal(user: SignInFacts): 'archived' | 'inactive' | 'company' | null {
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

/**
 * The actor of a token as this process's cache holds it, when the cache answers and the idle clock needs no move (most
 * calls): `resolveActor`'s first step, without a promise. Undefined when `resolveActor` must run.
 */
export function cachedActor(deps: Deps, token: string): Actor | undefined {
  const now = deps.now().getTime();
  const cached = deps.actorCache.get(sha256(token), now, now - deps.config.sessionIdleMinutes * 60_000);
  return cached && now - cached.lastSeenAt.getTime() <= TOUCH_EVERY_MS ? cached.actor : undefined;
}

/**
 * The actor behind a bearer token, or null when the token is missing, unknown, expired or its user may not act.
 * Served from this process's cache when it can be (actor-cache.ts says why that is safe), else one query. The
 * idle clock is moved at most once a minute, so most requests write nothing.
 */
export async function resolveActor(deps: Deps, token: string | null): Promise<Actor | null> {
  if (!token) return null;
  const now = deps.now();
  const idleSince = new Date(now.getTime() - deps.config.sessionIdleMinutes * 60_000);
  const tokenHash = sha256(token);
  const cached = deps.actorCache.get(tokenHash, now.getTime(), idleSince.getTime());
  if (cached) {
    if (now.getTime() - cached.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await touchSession(deps.db, cached.actor.sessionId, now);
      deps.actorCache.touched(tokenHash, now);
    }
    return cached.actor;
  }
  const generation = deps.actorCache.generation();
  const found = await findLiveSessionActor(deps.db, tokenHash, now, idleSince);
  if (!found) return null;
  const actor = actorOfLiveSession(found);
  if (!actor) return null;
  let lastSeenAt = found.last_seen_at;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(deps.db, found.session_id, now);
    lastSeenAt = now;
  }
  deps.actorCache.set(tokenHash, { actor, expiresAt: found.expires_at, lastSeenAt }, generation, now.getTime());
  return actor;
}

/** The actor of a live session's row (auth.repository.ts), or null when its user may not act now. */
export function actorOfLiveSession(found: NonNullable<Awaited<ReturnType<typeof findLiveSessionActor>>>): Actor | null {
  const { user, company, tiers } = found;
  if (signInRefusal({ ...user, company })) return null;
  return {
    sessionId: found.session_id,
    userId: user.id,
    name: user.name,
    email: user.email,
    companyId: user.company_id,
    companyName: company ? company.name || company.registered_name : null,
    companyType: company?.type ?? null,
    roles: rolesFrom({ ...user, ...tiers }),
  };
}
