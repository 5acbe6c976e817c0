// Unchanged polls answered `304 Not Modified` (issue 25 part 2). A read registered with `etag` answers with an ETag
// that says: this answer, for this caller and body, as of this process's change generation, until this instant. A
// poll sending it back in `If-None-Match` is answered 304 without running the read when all of it still holds:
// - the generation has not moved. It moves on every write this process makes (plugins/auth.ts drops its caches
//   after each writing call) and every write another process announces (`market_changed` on listings, bids,
//   companies and the audit log, which every service writes; `actor_changed` on sessions, users, companies and
//   mappings). While either channel is not listened to, no ETag is given;
// - the instant has not passed: the read's `horizon` is the earliest time its answer changes by time alone (a
//   bid's lapse at `valid_until`);
// - the tag is this process's: a MAC with a key of this process binds the method, the body, the caller (user,
//   session, company, roles), the generation and the instant, so a client cannot forge or move one, and a tag from
//   another process (or before a restart) only costs a full answer. Every answer of such a read carries one, so the
//   MAC is one shot of SHA-256 over the secret key and the message, cut to 27 characters (162 bits): as safe as an
//   HMAC here, since a cut digest leaves nothing to extend, at a fifth of its cost (docs/decisions.md "Hooks without
//   promises").
import { hash, randomBytes } from 'node:crypto';
import type { Actor } from './actor.js';
import type { Deps } from '../types.js';

const key = randomBytes(32).toString('hex');

export type ChangeStamp = { generation: string; until: number };

/** This process's change generation, or null when a write elsewhere might go unheard (no ETags then). */
export function currentGeneration(deps: Deps): string | null {
  if (!deps.marketCache.listening() || !deps.actorCache.isEnabled()) return null;
  return `${deps.marketCache.generation()}.${deps.actorCache.generation()}`;
}

/** What a tag says of its caller, kept with the actor (a cached caller is one object until it changes). */
const callers = new WeakMap<Actor, string>();
function callerOf(a: Actor | null): string {
  if (!a) return '';
  let who = callers.get(a);
  if (who === undefined) {
    who = [a.userId, a.sessionId, a.companyId ?? '', [...a.roles].sort().join(',')].join('|');
    callers.set(a, who);
  }
  return who;
}

function mac(parts: { method: string; body: unknown; actor: Actor | null; generation: string; until: number }) {
  const message = [
    parts.method,
    JSON.stringify(parts.body ?? {}),
    callerOf(parts.actor),
    parts.generation,
    parts.until,
  ];
  return hash('sha256', `${key}\n${message.join('\n')}`, 'base64url').slice(0, 27);
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
