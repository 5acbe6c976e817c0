// Unchanged polls answered `304 Not Modified` (issue 25 part 2). A read registered with `etag` answers with an ETag
// that says: this answer, for this caller and body, as of this process's change generation, until this instant. A
// poll sending it back in `If-None-Match` is answered 304 without running the read when all of it still holds:
// - the generation has not moved. It moves on every write this process makes (plugins/auth.ts drops its caches
//   after each writing call) and every write another process announces (`market_changed` on listings, bids,
//   companies and the audit log, which every service writes; `actor_changed` on sessions, users, companies and
//   mappings). While either channel is not listened to, no ETag is given;
// - the instant has not passed: the read's `horizon` is the earliest time its answer changes by time alone (a
//   bid's lapse at `valid_until`);
// - the tag is this process's: an HMAC with a key of this process binds the method, the body, the caller (user,
//   session, company, roles), the generation and the instant, so a client cannot forge or move one, and a tag from
//   another process (or before a restart) only costs a full answer.
import { createHmac, randomBytes } from 'node:crypto';
import type { Actor } from './actor.js';
import type { Deps } from '../types.js';

const key = randomBytes(32);

export type ChangeStamp = { generation: string; until: number };

/** This process's change generation, or null when a write elsewhere might go unheard (no ETags then). */
export function currentGeneration(deps: Deps): string | null {
  if (!deps.marketCache.listening() || !deps.actorCache.isEnabled()) return null;
  return `${deps.marketCache.generation()}.${deps.actorCache.generation()}`;
}

function mac(parts: { method: string; body: unknown; actor: Actor | null; generation: string; until: number }) {
  const a = parts.actor;
  const who = a ? [a.userId, a.sessionId, a.companyId ?? '', [...a.roles].sort().join(',')].join('|') : '';
  return createHmac('sha256', key)
    .update([parts.method, JSON.stringify(parts.body ?? {}), who, parts.generation, parts.until].join('\n'))
    .digest('base64url')
    .slice(0, 27);
}

export function etagOf(parts: {
  method: string;
  body: unknown;
  actor: Actor | null;
  generation: string;
  until: number;
}) {
  return `"${parts.generation}.${parts.until}.${mac(parts)}"`;
}

/** Whether `ifNoneMatch` names the answer this caller would get now. */
export function stillFresh(
  ifNoneMatch: string | undefined,
  parts: { method: string; body: unknown; actor: Actor | null; generation: string; now: number },
): boolean {
  return freshTag(ifNoneMatch, parts) !== null;
}

/** The tag in `ifNoneMatch` naming the answer this caller would get now and the instant it holds until, or null. */
export function freshTag(
  ifNoneMatch: string | undefined,
  parts: { method: string; body: unknown; actor: Actor | null; generation: string; now: number },
): { tag: string; until: number } | null {
  if (!ifNoneMatch) return null;
  for (const tag of ifNoneMatch.split(',')) {
    const m = /^\s*(?:W\/)?"(\d+\.\d+)\.(\d+)\.([\w-]+)"\s*$/.exec(tag);
    if (!m || m[1] !== parts.generation) continue;
    const until = Number(m[2]);
    if (!(parts.now < until)) continue;
    if (m[3] === mac({ ...parts, until })) return { tag: tag.trim(), until };
  }
  return null;
}

/** No time-based change: far enough that it never passes (an integer, so the tag stays digits). */
export const NEVER = 8_640_000_000_000_000;

/**
 * A list's or a count's answer may change by time alone beyond what its page shows (a bid elsewhere lapsing into or
 * out of its filter, a listing's period ending): its tag holds a minute at most, less when a row on the page lapses
 * sooner. Polls come every 15–60 s, so an unchanged one is still answered 304.
 */
export const LIST_HORIZON_MS = 60_000;
export const listHorizon = (now: number, ...instants: number[]) => Math.min(now + LIST_HORIZON_MS, ...instants);
/** The `etag` option of a polled list or count with nothing on its page that lapses. */
export const listEtag = { etag: (_data: unknown, now: number) => listHorizon(now) };
