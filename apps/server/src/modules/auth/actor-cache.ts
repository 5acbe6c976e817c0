// A per-process cache of signed-in callers, so most requests spend no query on who is calling.
//
// Why it cannot serve a caller after a change that ends or alters them:
// - The database announces every such change itself: triggers on sessions (revocation, expiry), users, companies
//   and mappings NOTIFY `actor_changed` (migration 0004), so no write path, present or future, can forget to.
//   Every process LISTENs and drops its whole cache on each notification.
// - This process also drops its cache when any call that may write ends (see plugins/auth.ts), so its own next
//   request never waits for the notification to come back.
// - A fill that raced a drop is not stored: each fill remembers the generation it started in.
// - Until the listener is up, and for good once it breaks, the cache is off and every request queries.
// - Entries also expire on their own after `ttlMs`, and never outlive the session's idle or absolute expiry.
import type { Actor } from '../../lib/actor.js';

export type CachedCaller = {
  actor: Actor;
  /** The session's absolute expiry and the idle clock as read. */
  expiresAt: Date;
  lastSeenAt: Date;
};

type Entry = CachedCaller & { cachedAt: number };

export type ActorCache = ReturnType<typeof createActorCache>;

export function createActorCache(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let enabled = false;

  const drop = () => {
    generation += 1;
    entries.clear();
  };

  return {
    /** The cached caller of a token hash, unless stale at `now` (ms) or the session has passed `idleSince`. */
    get(tokenHash: string, now: number, idleSince: number): CachedCaller | null {
      const entry = enabled ? entries.get(tokenHash) : undefined;
      if (!entry) return null;
      if (
        now - entry.cachedAt > opts.ttlMs ||
        entry.expiresAt.getTime() <= now ||
        entry.lastSeenAt.getTime() <= idleSince
      ) {
        entries.delete(tokenHash);
        return null;
      }
      return entry;
    },
    /** Where a fill starts: pass it back to `set`. */
    generation: () => generation,
    set(tokenHash: string, caller: CachedCaller, startedIn: number, now: number) {
      if (!enabled || startedIn !== generation) return;
      if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { ...caller, cachedAt: now });
    },
    /** The idle clock moved (the session was touched): keep the entry's copy in step. */
    touched(tokenHash: string, at: Date) {
      const entry = entries.get(tokenHash);
      if (entry) entry.lastSeenAt = at;
    },
    drop,
    enable: () => {
      drop();
      enabled = true;
    },
    disable: () => {
      enabled = false;
      drop();
    },
    /** On while the database's `actor_changed` notifications reach this process. */
    isEnabled: () => enabled,
    get size() {
      return entries.size;
    },
  };
}
