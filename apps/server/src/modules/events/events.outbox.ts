// The outbox's runtime in each process (issue 25 part 1):
// - the sequencer numbers committed events. A row's identity is taken when its transaction inserts it, not when it
//   commits, so a reader following ids could pass a row that commits later with a smaller id and never see it.
//   The sequencer instead gives `seq` to every visible unnumbered row, in one statement, under a transaction lock:
//   what it numbers has committed, and whatever commits later gets a larger number.
// - the hub reads newly numbered events and hands them to this process's listeners (open event streams).
// - durable consumers (notifications, webhooks) keep their place in `event_consumers` and advance it in the same
//   transaction as their own writes, so a process that dies between commit and delivery loses nothing: whichever
//   process runs next resumes from the stored place.
// Processes learn of new rows from the database (`events_added` on insert, `events_sequenced` after numbering;
// migration 0023), with a slow timer as the fallback when a notification channel is lost.
import type { MarketEvent } from '@spirit/domain/events/events.constants';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../../db/client.js';
import { eventConsumers, events } from './events.table.js';

const SEQUENCER_LOCK = 7_201;
const BATCH = 500;

export type StoredEvent = MarketEvent & {
  company_ids: number[] | null;
  actor_user_id: number | null;
  actor_company_id: number | null;
};

export type Consumer = {
  name: string;
  /** Handles a batch inside the transaction that then records the consumer's new place. */
  handle: (tx: Tx, batch: StoredEvent[]) => Promise<void>;
};

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * The sequencer's statement: every visible unnumbered event numbered after the last, in id order. Each numbering
 * leaves the row's unnumbered version dead, with its entry in the unnumbered index until a vacuum. A bitmap scan
 * visits every such dead version on every run and never marks its entry dead (3,000–7,000 rows, 4–5 ms a run after
 * a few hundred trades on the bench's market: more than the trade's own statements); a plain index scan marks the
 * entries of versions no transaction can see, so later runs skip them. `sequenceEvents` turns bitmap scans off for
 * its transaction (`set_config(…, true)`), and a test reads this statement's plan under that setting.
 */
export const SEQUENCE_STATEMENT = sql`
  with top as (select coalesce(max(seq), 0) as seq from events),
  pending as (select id, row_number() over (order by id) as n from events where seq is null),
  numbered as (
    update events e set seq = top.seq + pending.n from pending, top where e.id = pending.id returning e.seq
  )
  select count(*)::int as count from numbered`;

/** The sequencer's first statement in its transaction: the lock, and no bitmap scans (`SEQUENCE_STATEMENT`). */
export const SEQUENCER_BEGIN = sql`select pg_advisory_xact_lock(${SEQUENCER_LOCK}), set_config('enable_bitmapscan', 'off', true)`;

/** Numbers every committed, unnumbered event; returns how many. One sequencer at a time across processes. */
export async function sequenceEvents(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(SEQUENCER_BEGIN);
    // Read committed: this statement's snapshot is taken after the lock, so it sees every row committed before it.
    const res = await tx.execute(SEQUENCE_STATEMENT);
    const count = rowsOf<{ count: number }>(res)[0]?.count ?? 0;
    if (count > 0) await tx.execute(sql`select pg_notify('events_sequenced', '')`);
    return count;
  });
}

const storedColumns = {
  seq: events.seq,
  type: events.type,
  bid_id: events.bid_id,
  listing_id: events.listing_id,
  data: events.data,
  at: events.created_at,
  company_ids: events.company_ids,
  actor_user_id: events.actor_user_id,
  actor_company_id: events.actor_company_id,
};

function stored(row: {
  seq: number | null;
  type: string;
  bid_id: number | null;
  listing_id: number | null;
  data: unknown;
  at: Date;
  company_ids: number[] | null;
  actor_user_id: number | null;
  actor_company_id: number | null;
}): StoredEvent {
  return {
    ...row,
    seq: Number(row.seq),
    type: row.type as StoredEvent['type'],
    data: (row.data ?? {}) as Record<string, unknown>,
    at: row.at.toISOString(),
  };
}

/** Numbered events after `seq`, oldest first. */
export async function eventsAfter(tx: Tx, seq: number, limit = BATCH): Promise<StoredEvent[]> {
  const rows = await tx
    .select(storedColumns)
    .from(events)
    .where(gt(events.seq, seq))
    .orderBy(asc(events.seq))
    .limit(limit);
  return rows.map(stored);
}

export async function lastSeq(tx: Tx): Promise<number> {
  const res = await tx.execute(sql`select coalesce(max(seq), 0)::bigint as seq from events`);
  return Number(rowsOf<{ seq: string | number }>(res)[0]?.seq ?? 0);
}

/** The consumers whose place row this process has made, per database. */
const placesMade = new WeakMap<Db, Set<string>>();

/**
 * One batch for a durable consumer. The events after its stored place are read first, with no lock and no
 * transaction: the fallback timer and every numbered batch run each consumer, and most runs find nothing, which
 * then costs one statement (no transaction, no row lock, so no transaction id). When there is a batch, the place is
 * locked only if it is still where it was read (a second process skips it rather than delivering twice), the batch
 * handled and the place moved, in one transaction. Returns how many it handled.
 */
export async function consumeBatch(db: Db, consumer: Consumer): Promise<number> {
  // The place's row is made once per database and consumer in this process, not before every batch (two to four
  // batches follow each bid call in a trade).
  const made = placesMade.get(db) ?? new Set<string>();
  if (!made.has(consumer.name)) {
    await db.insert(eventConsumers).values({ name: consumer.name }).onConflictDoNothing();
    placesMade.set(db, made.add(consumer.name));
  }
  const rows = await db
    .select({ ...storedColumns, place: eventConsumers.last_seq })
    .from(eventConsumers)
    .innerJoin(events, gt(events.seq, eventConsumers.last_seq))
    .where(eq(eventConsumers.name, consumer.name))
    .orderBy(asc(events.seq))
    .limit(BATCH);
  if (rows.length === 0) return 0;
  const place = rows[0]!.place;
  const batch = rows.map(({ place: _, ...row }) => stored(row));
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ name: eventConsumers.name })
      .from(eventConsumers)
      .where(and(eq(eventConsumers.name, consumer.name), eq(eventConsumers.last_seq, place)))
      .for('update', { skipLocked: true });
    if (!held) return 0;
    await consumer.handle(tx, batch);
    await tx
      .update(eventConsumers)
      .set({ last_seq: batch.at(-1)!.seq, updated_at: new Date() })
      .where(eq(eventConsumers.name, consumer.name));
    return batch.length;
  });
}

/** Runs `fn` now, or once more after the run in progress: bursts of notifications collapse into few runs. */
function coalesced(fn: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await fn().catch(onError);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return run;
}

export type EventHub = {
  /** Listens for new events; the listener gets each numbered batch once, in order. */
  subscribe: (listener: (batch: StoredEvent[]) => void) => () => void;
  /** Durable consumers run on every new batch (and by the fallback timer). */
  addConsumer: (consumer: Consumer) => void;
  /** The highest number this process has handed out. */
  position: () => number;
  /** Sequences, hands out and runs consumers now; resolves when done (tests, shutdown). */
  flush: () => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export function createEventHub(opts: { database: Database; log: FastifyBaseLogger; fallbackMs?: number }): EventHub {
  const { database, log } = opts;
  // Nothing here is a request's work: its statements are not counted against any request's budget.
  const db = database.background;
  const listeners = new Set<(batch: StoredEvent[]) => void>();
  const consumers: Consumer[] = [];
  let seen = 0;
  let started = false;
  const unlisten: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | null = null;
  const onError = (err: unknown) => log.error({ err }, 'event outbox');

  const sequence = coalesced(() => sequenceEvents(db), onError);
  const fanOut = coalesced(async () => {
    // Durable consumers first: a screen told of an event then reads the notification it produced (when this
    // process ran the consumer; another process's run may still be under way).
    for (const consumer of consumers) while ((await consumeBatch(db, consumer)) === BATCH);
    for (;;) {
      const batch = await eventsAfter(db, seen);
      if (batch.length === 0) break;
      seen = batch.at(-1)!.seq;
      for (const listener of listeners) {
        try {
          listener(batch);
        } catch (err) {
          onError(err);
        }
      }
      if (batch.length < BATCH) break;
    }
  }, onError);

  const listen = async (channel: string, onNotify: () => void) => {
    try {
      unlisten.push(
        await database.listen(channel, {
          onNotify,
          onLost: () => log.warn({ channel }, 'event outbox: notification channel lost, polling only'),
        }),
      );
    } catch (err) {
      log.warn({ err, channel }, 'event outbox: cannot listen, polling only');
    }
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    addConsumer: (consumer) => void consumers.push(consumer),
    position: () => seen,
    flush: async () => {
      await sequence();
      await fanOut();
    },
    start: async () => {
      if (started) return;
      started = true;
      seen = await lastSeq(db);
      await listen('events_added', () => void sequence());
      await listen('events_sequenced', () => void fanOut());
      // Events committed while no process ran (or whose notification was lost) are numbered now.
      void sequence();
      timer = setInterval(() => void sequence().then(() => fanOut()), opts.fallbackMs ?? 5_000);
      timer.unref();
    },
    stop: async () => {
      started = false;
      if (timer) clearInterval(timer);
      await Promise.all(unlisten.splice(0).map((u) => u().catch(() => {})));
      await sequence();
      await fanOut();
    },
  };
}
