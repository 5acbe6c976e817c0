import { and, eq, gt, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import { companies } from '../companies/companies.table.js';
import { mappedTierColumns } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import { invitations, oneTimeCodes, sessions } from './auth.table.js';

export async function insertSession(
  tx: Tx,
  row: { token_hash: string; user_id: number; expires_at: Date; ip: string | null; now: Date },
) {
  const [created] = await tx
    .insert(sessions)
    .values({
      token_hash: row.token_hash,
      user_id: row.user_id,
      expires_at: row.expires_at,
      ip: row.ip,
      created_at: row.now,
      last_seen_at: row.now,
    })
    .returning({ id: sessions.id });
  return created!;
}

/**
 * A live session with its user, the user's company and mapping tiers: everything a signed-in request needs to know
 * about its caller, in one indexed query (sessions by token hash, users and companies by key, mappings by user).
 * Nothing is cached, so a revocation, archive, deletion or mapping change counts from the next request.
 */
export async function findLiveSessionActor(tx: Tx, tokenHash: string, now: Date, idleSince: Date) {
  const values = { token: tokenHash, now: now.toISOString(), idle_since: idleSince.toISOString() };
  const rows = await liveSessionByToken(tx).execute(values);
  return rows[0] ?? null;
}

/** `findLiveSessionActor`'s statement: `$token` the token's hash, `$now` and `$idle_since` ISO instants. */
export const liveSessionByTokenQuery = (tx: Tx) =>
  liveSessions(
    tx,
    eq(sessions.token_hash, sql.placeholder('token')),
    sql.placeholder('now'),
    sql.placeholder('idle_since'),
  ).limit(1);

// Built once: every request the actor cache does not answer runs it (a session's first call, any after a change to
// the caller, and every call with an unknown token), and building it cost three times running it.
const liveSessionByToken = fixedStatement(liveSessionByTokenQuery, alwaysGeneric);

/**
 * The live sessions among `ids`, with the same facts: how open event streams (events.stream.ts) learn, in one
 * statement for a thousand streams, which of them a revocation, expiry, archive or mapping change has ended.
 */
export async function findLiveSessionsById(tx: Tx, ids: number[], now: Date, idleSince: Date) {
  return ids.length === 0 ? [] : liveSessions(tx, inArray(sessions.id, ids), now, idleSince);
}

function liveSessions(tx: Tx, which: SQL, now: Date | Placeholder, idleSince: Date | Placeholder) {
  return tx
    .select({
      session_id: sessions.id,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        company_id: users.company_id,
        is_active: users.is_active,
        is_archived: users.is_archived,
        is_admin: users.is_admin,
        is_super_admin: users.is_super_admin,
        password_hash: users.password_hash,
      },
      company: {
        name: companies.name,
        registered_name: companies.registered_name,
        type: companies.type,
        status: companies.status,
      },
      tiers: mappedTierColumns(),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(and(which, isNull(sessions.revoked_at), gt(sessions.expires_at, now), gt(sessions.last_seen_at, idleSince)));
}

export async function touchSession(tx: Tx, id: number, now: Date) {
  await tx.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
}

export async function revokeSession(tx: Tx, id: number, now: Date) {
  await tx.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, id));
}

/** Signs a user out everywhere (password change, archive, company deletion). */
export async function revokeUserSessions(tx: Tx, userId: number, now: Date, exceptSessionId?: number) {
  await tx
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

/** Signs out every user of a company at once (company deletion). */
export async function revokeCompanySessions(tx: Tx, companyId: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        isNull(sessions.revoked_at),
        inArray(sessions.user_id, tx.select({ id: users.id }).from(users).where(eq(users.company_id, companyId))),
      ),
    );
}

export async function insertInvitation(
  tx: Tx,
  row: { user_id: number; token_hash: string; expires_at: Date; now: Date },
) {
  // A fresh link voids every earlier one.
  await voidInvitations(tx, row.user_id, row.now);
  await tx.insert(invitations).values({ ...row, created_at: row.now });
}

/** Kills every open set-password link of a user (new link, email moved, password set, demo seed). */
export async function voidInvitations(tx: Tx, userId: number, now: Date) {
  await tx
    .update(invitations)
    .set({ voided_at: now })
    .where(and(eq(invitations.user_id, userId), isNull(invitations.used_at), isNull(invitations.voided_at)));
}

export async function findInvitation(tx: Tx, tokenHash: string) {
  const rows = await tx.select().from(invitations).where(eq(invitations.token_hash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

export async function markInvitationUsed(tx: Tx, id: number, now: Date) {
  await tx.update(invitations).set({ used_at: now }).where(eq(invitations.id, id));
}

export async function latestCode(tx: Tx, userId: number, purpose: 'login' | 'approval') {
  const rows = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.user_id, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(sql`${oneTimeCodes.created_at} desc, ${oneTimeCodes.id} desc`)
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCode(
  tx: Tx,
  row: { user_id: number; purpose: 'login' | 'approval'; code_hash: string; expires_at: Date; now: Date },
) {
  // Only the newest code counts: earlier unused ones are spent.
  await tx
    .update(oneTimeCodes)
    .set({ used_at: row.now })
    .where(
      and(eq(oneTimeCodes.user_id, row.user_id), eq(oneTimeCodes.purpose, row.purpose), isNull(oneTimeCodes.used_at)),
    );
  await tx.insert(oneTimeCodes).values({
    user_id: row.user_id,
    purpose: row.purpose,
    code_hash: row.code_hash,
    expires_at: row.expires_at,
    created_at: row.now,
  });
}

export async function countCodeAttempt(tx: Tx, id: number) {
  await tx
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
}

export async function spendCode(tx: Tx, id: number, now: Date) {
  await tx.update(oneTimeCodes).set({ used_at: now }).where(eq(oneTimeCodes.id, id));
}
