// The open event streams of this process (issue 25 part 2). One subscription to the outbox's hub feeds them all:
// each event is framed once and written to the connections that may hear it, found through an index by company
// (bid events) and a set of market readers (listing events), so an event costs the streams that get it and nothing
// per other stream, and no query. The committing request never waits: the hub fans out after the commit.
//
// Sessions are re-checked in bulk (one statement per thousand streams): at every heartbeat, and before a batch when
// this process has heard of a change to any caller since the last check (the caller cache's generation moves on the
// database's `actor_changed` notifications and on every writing call). A revoked session, an archived user or a
// company no longer approved ends its streams; a mapping change updates what they hear.
import { STREAM_HEARTBEAT_MS, STREAM_RESET } from '@spirit/domain/events/events.constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import type { Deps } from '../../types.js';
import { findLiveSessionsById } from '../auth/auth.repository.js';
import { actorOfLiveSession } from '../auth/session.js';
import { audienceOf, frameOf, mayHear, sameAudience, type Audience } from './events.audience.js';
import { eventsAfter, lastSeq, type StoredEvent } from './events.outbox.js';

/** Events a resume replays at most; past that the client is told to refetch everything. */
export const REPLAY_MAX = 2_000;
const PAGE = 500;
/** A client this far behind in reading is dropped; it reconnects and resumes from its last id. */
const MAX_BUFFERED = 1024 * 1024;
/** Streams written before the fan-out lets the event loop turn. */
const SLICE = 500;
const CHECK_CHUNK = 1_000;
/** Changes to callers re-check sessions before delivering at most this often. */
const RECHECK_MIN_MS = 1_000;

export type StreamSink = {
  write: (chunk: string) => void;
  /** Bytes written but not yet taken by the client. */
  buffered: () => number;
  end: () => void;
};

type Connection = {
  actor: Actor;
  audience: Audience;
  sink: StreamSink;
  /** The highest seq this connection has passed (sent or filtered out): nothing at or below it is sent again. */
  passed: number;
  /** Live batches that arrived while the resume was replaying. */
  pending: StoredEvent[] | null;
};

export type StreamHub = ReturnType<typeof createStreamHub>;

export function createStreamHub(deps: Deps, log: FastifyBaseLogger, heartbeatMs = STREAM_HEARTBEAT_MS) {
  const all = new Set<Connection>();
  const byCompany = new Map<number, Set<Connection>>();
  const market = new Set<Connection>();
  const platform = new Set<Connection>();
  let checkedGeneration = -1;
  let checkedAt = 0;
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const index = (c: Connection) => {
    const { companyId, bids, market: readsMarket, platform: isPlatform } = c.audience;
    if (companyId !== null && bids) {
      let set = byCompany.get(companyId);
      if (!set) byCompany.set(companyId, (set = new Set()));
      set.add(c);
    }
    if (readsMarket) market.add(c);
    if (isPlatform) platform.add(c);
  };
  const unindex = (c: Connection) => {
    const set = c.audience.companyId !== null ? byCompany.get(c.audience.companyId) : undefined;
    set?.delete(c);
    if (set?.size === 0) byCompany.delete(c.audience.companyId!);
    market.delete(c);
    platform.delete(c);
  };
  const drop = (c: Connection) => {
    if (!all.delete(c)) return;
    unindex(c);
  };
  const close = (c: Connection) => {
    drop(c);
    c.sink.end();
  };

  const send = (c: Connection, e: StoredEvent, frame: string) => {
    if (e.seq <= c.passed) return;
    c.passed = e.seq;
    if (!mayHear(c.audience, e)) return;
    if (c.sink.buffered() > MAX_BUFFERED) return close(c);
    c.sink.write(frame);
  };

  const targetsOf = (e: StoredEvent): Iterable<Connection>[] => {
    if (e.company_ids === null) return [market];
    const sets: Iterable<Connection>[] = e.company_ids.flatMap((id) => byCompany.get(id) ?? []);
    if (e.bid_id !== null && e.data.status === 'Approved') sets.push(platform);
    return sets;
  };

  /**
   * Writes a batch to its streams, giving the thread back every SLICE writes: at ten thousand streams one event is
   * ten thousand socket writes, which the request that committed it (and every other) would otherwise wait behind.
   * Batches stay in order (`enqueue`); a stream opened meanwhile is live from its opening, or resumes from the
   * database, so the snapshot of each audience set loses nothing.
   */
  const deliver = async (batch: StoredEvent[]) => {
    let written = 0;
    for (const e of batch) {
      const frame = frameOf(e);
      for (const set of targetsOf(e))
        for (const c of [...set]) {
          if (c.pending) c.pending.push(e);
          else send(c, e, frame);
          if (++written % SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        }
    }
  };

  /** Re-reads every open stream's session: ends those that may no longer act, updates what the others hear. */
  const recheck = async () => {
    checkedGeneration = deps.actorCache.generation();
    checkedAt = Date.now();
    const bySession = new Map<number, Connection[]>();
    for (const c of all) bySession.set(c.actor.sessionId, [...(bySession.get(c.actor.sessionId) ?? []), c]);
    const ids = [...bySession.keys()];
    const now = deps.now();
    const idleSince = new Date(now.getTime() - deps.config.sessionIdleMinutes * 60_000);
    for (let i = 0; i < ids.length; i += CHECK_CHUNK) {
      const chunk = ids.slice(i, i + CHECK_CHUNK);
      const live = new Map(
        (await findLiveSessionsById(deps.db, chunk, now, idleSince)).map((row) => [row.session_id, row]),
      );
      for (const id of chunk) {
        const row = live.get(id);
        const actor = row ? actorOfLiveSession(row) : null;
        for (const c of bySession.get(id)!) {
          if (!actor || actor.userId !== c.actor.userId) {
            close(c);
            continue;
          }
          const audience = audienceOf(actor);
          if (!all.has(c) || sameAudience(audience, c.audience)) continue;
          unindex(c);
          c.audience = audience;
          c.actor = actor;
          index(c);
        }
      }
    }
  };

  const callersChanged = () =>
    deps.actorCache.generation() !== checkedGeneration && Date.now() - checkedAt >= RECHECK_MIN_MS;

  /** Batches are handled one after another, in the order the outbox numbered them. */
  const enqueue = (fn: () => Promise<void> | void) => {
    queue = queue.then(fn).catch((err: unknown) => log.error({ err }, 'event streams'));
    return queue;
  };

  const onBatch = (batch: StoredEvent[]) =>
    void enqueue(async () => {
      // A failed check delays ending streams to the next heartbeat; it never holds events back.
      if (all.size > 0 && callersChanged()) await recheck().catch((err: unknown) => log.warn({ err }, 'event streams'));
      await deliver(batch);
    });

  const heartbeat = () =>
    void enqueue(async () => {
      for (const c of all) if (!c.pending) c.sink.write(': heartbeat\n\n');
      if (all.size > 0) await recheck();
    });

  /**
   * Replays what a resuming client missed (at most `REPLAY_MAX` events read, else a `reset`), then hands it the live
   * events: those that arrived meanwhile were held back, and `passed` keeps any event from going out twice.
   */
  async function resume(c: Connection, after: number) {
    let scanned = 0;
    let from = after;
    for (;;) {
      const page = await eventsAfter(deps.db, from, PAGE);
      for (const e of page) send(c, e, frameOf(e));
      if (page.length > 0) from = page.at(-1)!.seq;
      scanned += page.length;
      if (page.length < PAGE) break;
      if (scanned >= REPLAY_MAX) {
        const top = await lastSeq(deps.db);
        c.sink.write(`id: ${top}\nevent: ${STREAM_RESET}\ndata: {"seq":${top}}\n\n`);
        c.passed = Math.max(c.passed, top);
        break;
      }
    }
  }

  return {
    /** Opens a stream for `actor`; from `lastEventId` when resuming. Resolves once it is live. */
    async open(actor: Actor, sink: StreamSink, lastEventId: number | null): Promise<() => void> {
      const c: Connection = { actor, audience: audienceOf(actor), sink, passed: 0, pending: [] };
      all.add(c);
      index(c);
      try {
        if (lastEventId !== null) await resume(c, lastEventId);
      } catch (err) {
        close(c);
        throw err;
      } finally {
        const held = c.pending ?? [];
        c.pending = null;
        for (const e of held) send(c, e, frameOf(e));
      }
      return () => drop(c);
    },
    start() {
      unsubscribe ??= deps.events.subscribe(onBatch);
      timer ??= setInterval(heartbeat, heartbeatMs);
      timer.unref();
    },
    /** Ends every stream (the process is closing); clients reconnect elsewhere and resume. */
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      if (timer) clearInterval(timer);
      timer = null;
      for (const c of [...all]) close(c);
    },
    /** Re-checks sessions and writes a heartbeat now (tests). */
    heartbeat: () => {
      heartbeat();
      return queue;
    },
    get size() {
      return all.size;
    },
  };
}
