// Company API keys (issue 25 part 5; docs/decisions.md "API keys"): created and revoked by the company's Admin,
// shown once as `sxk_<id>_<secret>`, kept as the SHA-256 of the 256-bit secret. A call with a key acts as its company
// through a synthetic actor (the issuing Admin's user id, the roles its scope needs); the registry admits only the
// scope's methods (apikeys.constants.ts), counts the key's own rate budget, and every call is logged.
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  mayKeyCall,
  type ApiKeyScope,
} from '@spirit/domain/apikeys/apikeys.constants';
import type { CreateApiKey } from '@spirit/domain/apikeys/apikeys.schemas';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import { newToken, sameHash, sha256 } from '../../lib/crypto.js';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { findKeyForCall, findKeyRow, listKeys, recordUse, type ApiKeyListRow } from './apikeys.repository.js';
import { apiKeys } from './apikeys.table.js';

const KEY_PATTERN = /^sxk_([1-9][0-9]{0,9})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer value is an API key rather than a session token (which never starts with `sxk_`). */
export const isApiKey = (token: string | null): token is string => !!token?.startsWith(API_KEY_PREFIX);

/** The key sent as `Authorization: Bearer sxk_…` or `X-API-Key: sxk_…`, or null. */
export function apiKeyOf(req: Pick<FastifyRequest, 'headers'>, bearer: string | null): string | null {
  if (isApiKey(bearer)) return bearer;
  const header = req.headers['x-api-key'];
  const value = typeof header === 'string' ? header.trim() : null;
  return isApiKey(value) && value.length <= 200 ? value : null;
}

const companyOf = (actor: Actor) => {
  if (!actor.companyId) throw forbidden();
  return actor.companyId;
};

const toApiKey = (row: ApiKeyListRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

export async function list(deps: Deps, actor: Actor, q: ListQuery & { sort_by?: 'name' | 'created_at' }) {
  const page = await listKeys(deps.db, companyOf(actor), q);
  return { records: page.records.map(toApiKey), totalRecords: page.totalRecords };
}

export async function create(deps: Deps, actor: Actor, body: { name: string; scope: CreateApiKey['scope'] }) {
  const companyId = companyOf(actor);
  const secret = newToken();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        company_id: companyId,
        name: body.name,
        scope: body.scope,
        secret_hash: sha256(secret),
        hint: '',
        created_by: actor.userId,
        created_at: deps.now(),
      })
      .returning({ id: apiKeys.id });
    const key = `${API_KEY_PREFIX}${row!.id}_${secret}`;
    await tx
      .update(apiKeys)
      .set({ hint: `${key.slice(0, key.indexOf('_', 4) + 5)}…` })
      .where(eq(apiKeys.id, row!.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'api_key.created',
      objectType: 'api_key',
      objectId: row!.id,
      after: { name: body.name, scope: body.scope },
    });
    const created = await findKeyRow(tx, companyId, row!.id);
    return { ...toApiKey(created!), key };
  });
}

export async function revoke(deps: Deps, actor: Actor, id: number) {
  const companyId = companyOf(actor);
  await deps.db.transaction(async (tx) => {
    const existing = await findKeyRow(tx, companyId, id);
    if (!existing) throw notFound('api_key.not_found', API_KEY_MESSAGES.notFound);
    if (existing.revoked_at) throw conflict('api_key.revoked', API_KEY_MESSAGES.alreadyRevoked);
    // The trigger on api_keys announces `actor_changed`: every process forgets its cached callers (this key too).
    await tx
      .update(apiKeys)
      .set({ revoked_at: deps.now(), revoked_by: actor.userId })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'api_key.revoked',
      objectType: 'api_key',
      objectId: id,
      before: { name: existing.name, scope: existing.scope },
    });
  });
  // This process forgets at once, without waiting for the notification.
  deps.actorCache.drop();
}

const invalidKey = () => unauthorized(API_KEY_MESSAGES.invalid, 'auth.invalid_api_key');

/** The roles a key's calls carry; the registry admits only its scope's methods whatever the roles allow. */
const rolesOfScope = (scope: ApiKeyScope): Actor['roles'] =>
  scope === 'read_write' ? ['Admin', 'Negotiator'] : ['Admin'];

/**
 * The synthetic actor of an API key, or a 401 for a key that is malformed, unknown, revoked or whose company may no
 * longer trade. Cached like a session's caller (the cache is emptied when any key changes).
 */
export async function resolveKeyActor(deps: Deps, key: string): Promise<Actor> {
  const match = KEY_PATTERN.exec(key);
  if (!match) throw invalidKey();
  const now = deps.now();
  const cacheKey = `k:${sha256(key)}`;
  const cached = deps.actorCache.get(cacheKey, now.getTime(), 0);
  if (cached) return cached.actor;
  const generation = deps.actorCache.generation();
  const row = await findKeyForCall(deps.db, Number(match[1]));
  // The hash is compared in constant time, and computed whether or not the id exists.
  const presented = sha256(match[2]!);
  if (!row || !sameHash(presented, row.secret_hash) || row.revoked_at || row.company_status !== 'Approved')
    throw invalidKey();
  const actor: Actor = {
    sessionId: 0,
    userId: row.created_by,
    name: `API key ${row.name}`,
    email: '',
    companyId: row.company_id,
    companyName: row.company_name || row.company_registered_name,
    companyType: row.company_type,
    roles: rolesOfScope(row.scope),
    apiKey: { id: row.id, scope: row.scope, name: row.name },
  };
  deps.actorCache.set(
    cacheKey,
    { actor, expiresAt: new Date(8.64e15), lastSeenAt: new Date(8.64e15) },
    generation,
    now.getTime(),
  );
  return actor;
}

/** Refuses a key's call outside its scope. */
export function checkScope(actor: Actor, method: string) {
  if (actor.apiKey && !mayKeyCall(actor.apiKey.scope, method))
    throw forbidden(API_KEY_MESSAGES.outOfScope(method), 'api_key.out_of_scope');
}

/** Logs a call made with a key (before its answer leaves, so the log never misses one that was answered). */
export async function logKeyCall(deps: Deps, req: FastifyRequest, method: string, statusCode: number) {
  const key = req.actor?.apiKey;
  if (!key) return;
  await recordUse(deps.db, {
    keyId: key.id,
    companyId: req.actor!.companyId!,
    method,
    statusCode,
    ip: req.ip ?? null,
    at: deps.now(),
  });
}
