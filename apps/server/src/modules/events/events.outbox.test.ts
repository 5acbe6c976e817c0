// Issue 25 part 1: the event outbox. Every change another user should hear of writes an event in its own
// transaction; nothing is announced that did not commit; the sequencer numbers events in the order they became
// visible; a durable consumer resumes from its stored place after any failure.
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client.js';
import { withDatabase } from '../../test/global-setup.js';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedListing } from '../../test/team-fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { planText, type PlanRows } from '../../test/plans.js';
import {
  consumeBatch,
  eventsAfter,
  SEQUENCE_STATEMENT,
  SEQUENCER_BEGIN,
  sequenceEvents,
  type StoredEvent,
} from './events.outbox.js';
import { publish } from './events.service.js';
import { events } from './events.table.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
}, 180_000);
afterAll(async () => h.close());

/** A second pool on this file's database (a second process): two transactions at once, which one embedded
 * connection cannot hold. */
async function secondPool() {
  const current = await h.db.execute(sql`select current_database() as name`);
  const [{ name }] = (current as unknown as { rows: [{ name: string }] }).rows;
  return openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name));
}

const newest = async (after: number) => {
  await h.app.deps.events.flush();
  return eventsAfter(h.db, after, 10_000);
};

describe('events written with their change', () => {
  it('a placed and countered bid: one event each, in order, for the two parties only, with no name', async () => {
    const from = h.app.deps.events.position();
    const bid = await seedOpenBid(h, m);
    const countered = await h.call(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 60, quantity: 1000, captcha: await h.captcha() },
      m.seller.negotiator.token,
    );
    expect(countered.statusCode).toBe(200);
    const mine = (await newest(from)).filter((e) => e.bid_id === bid.id);
    expect(mine.map((e) => e.type)).toEqual(['bid.placed', 'bid.countered']);
    for (const e of mine) {
      expect([...e.company_ids!].sort()).toEqual([m.seller.company.id, m.buyer.company.id].sort());
      expect(JSON.stringify(e.data)).not.toMatch(/name/i);
    }
    expect(mine[1]!.data).toMatchObject({ status: 'OnGoing', side: 'seller', tier: 'negotiator' });
    expect(mine[1]!.seq).toBeGreaterThan(mine[0]!.seq);
  });

  it('a new listing is a market event (no audience list); a refused change writes none', async () => {
    const from = h.app.deps.events.position();
    const listing = await seedListing(h, m.seller);
    const refused = await h.call('updateInventory', { id: listing.id, offer_quantity: -5 }, m.seller.negotiator.token);
    expect(refused.statusCode).toBe(400);
    const after = await newest(from);
    expect(after.map((e) => [e.type, e.listing_id, e.company_ids])).toEqual([['listing.created', listing.id, null]]);
  });

  it('nothing is announced that did not commit', async () => {
    const from = h.app.deps.events.position();
    await expect(
      h.db.transaction(async (tx) => {
        await publish(tx, { type: 'listing.changed', listingId: 1, companyIds: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await newest(from)).toEqual([]);
  });
});

describe('a durable consumer', () => {
  it('resumes from its stored place: a batch that fails is handled again, one that succeeds is not', async () => {
    await h.db.transaction((tx) => publish(tx, { type: 'listing.changed', listingId: 2, companyIds: null }));
    await sequenceEvents(h.db);
    const seen: StoredEvent[][] = [];
    let fail = true;
    const consumer = {
      name: `test-${Date.now()}`,
      handle: async (_tx: unknown, batch: StoredEvent[]) => {
        seen.push(batch);
        if (fail) throw new Error('receiver down');
      },
    };
    await expect(consumeBatch(h.db, consumer)).rejects.toThrow('receiver down');
    fail = false;
    const handled = await consumeBatch(h.db, consumer);
    expect(handled).toBe(seen[0]!.length);
    expect(seen[1]!.map((e) => e.seq)).toEqual(seen[0]!.map((e) => e.seq));
    expect(await consumeBatch(h.db, consumer)).toBe(0);
  });

  it('finds nothing without locking its place: no transaction, no row lock', async () => {
    await h.db.transaction((tx) => publish(tx, { type: 'listing.changed', listingId: 3, companyIds: null }));
    await sequenceEvents(h.db);
    const consumer = { name: `idle-${Date.now()}`, handle: async () => {} };
    expect(await consumeBatch(h.db, consumer)).toBeGreaterThan(0);
    // A row lock writes the locker's transaction id into the row's xmax.
    const lockedBy = async () =>
      (
        (await h.db.execute(
          sql`select xmax::text as xmax from event_consumers where name = ${consumer.name}`,
        )) as unknown as { rows: [{ xmax: string }] }
      ).rows[0].xmax;
    const moved = await lockedBy();
    expect(await consumeBatch(h.db, consumer)).toBe(0);
    expect(await consumeBatch(h.db, consumer)).toBe(0);
    expect(await lockedBy()).toBe(moved);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('a durable consumer in two processes', () => {
  it('the second skips the batch the first holds and never hands it again', async () => {
    const other = await secondPool();
    try {
      await h.db.transaction((tx) => publish(tx, { type: 'listing.changed', listingId: 4, companyIds: null }));
      await sequenceEvents(h.db);
      const handled: number[] = [];
      let secondWhileHeld = -1;
      const consumer = {
        name: `two-${Date.now()}`,
        handle: async (_tx: unknown, batch: StoredEvent[]) => {
          handled.push(...batch.map((e) => e.seq));
          // The place is locked and not yet moved: the other process reads the same batch and must skip it.
          if (secondWhileHeld < 0) secondWhileHeld = await consumeBatch(other.db, consumer);
        },
      };
      const first = await consumeBatch(h.db, consumer);
      expect(first).toBeGreaterThan(0);
      expect(secondWhileHeld).toBe(0);
      expect(await consumeBatch(other.db, consumer)).toBe(0);
      expect(new Set(handled).size).toBe(handled.length);
      expect(handled.length).toBe(first);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('numbering across connections', () => {
  it('an event that commits after a later-inserted one still comes after everything a reader has passed', async () => {
    const other = await secondPool();
    try {
      await sequenceEvents(h.db);
      const from = Number((await h.db.select({ s: sql<string>`coalesce(max(seq), 0)` }).from(events))[0]!.s);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const early = new Promise<void>((r) => (inserted = r));
      // A inserts first (smaller id) and commits last.
      const a = other.db.transaction(async (tx) => {
        await publish(tx, { type: 'listing.changed', listingId: 101, companyIds: null });
        inserted();
        await held;
      });
      await early;
      await h.db.transaction((tx) => publish(tx, { type: 'listing.changed', listingId: 102, companyIds: null }));
      await sequenceEvents(h.db);
      const first = await eventsAfter(h.db, from);
      expect(first.map((e) => e.listing_id)).toEqual([102]);
      release();
      await a;
      await sequenceEvents(h.db);
      const next = await eventsAfter(h.db, first.at(-1)!.seq);
      expect(next.map((e) => e.listing_id)).toEqual([101]);
      const ids = await h.db.select({ id: events.id, seq: events.seq }).from(events).orderBy(asc(events.seq));
      expect(ids.at(-1)!.id).toBeLessThan(ids.at(-2)!.id);
    } finally {
      await other.close();
    }
  });
});

// Last: its 2,000 events would fill the consumer's batches above.
describe('the sequencer', () => {
  it('reads the unnumbered events by their index, skipping the old versions of events it numbered before', async () => {
    // Numbering 2,000 events leaves 2,000 dead unnumbered versions, each with its index entry until a vacuum.
    await h.db.execute(
      sql`insert into events (type, data) select 'listing.changed', '{}' from generate_series(1, 2000)`,
    );
    // (The app's own sequencer hears of them and may number them first.)
    await h.app.deps.events.flush();
    await sequenceEvents(h.db);
    expect(await h.db.$count(events, sql`seq is null`)).toBe(0);
    // A dead version's index entry is marked dead by the first scan that finds it dead to every snapshot; a
    // snapshot another backend of this database still holds (autovacuum's ANALYZE of the 2,000 rows, a consumer's
    // statement) defers that, so the statement runs again until nothing older holds them (at most ten seconds).
    const explain = async () => {
      await sequenceEvents(h.db);
      const text = planText(
        (await h.db.transaction(async (tx) => {
          await tx.execute(SEQUENCER_BEGIN);
          return tx.execute(sql`explain (analyze, buffers, costs off, timing off) ${SEQUENCE_STATEMENT}`);
        })) as unknown as PlanRows,
      );
      const [, hits] = /Buffers: shared hit=(\d+)/.exec(text) ?? [];
      return { text, hits: Number(hits) };
    };
    let plan = await explain();
    for (const until = Date.now() + 10_000; plan.hits >= 20 && Date.now() < until; plan = await explain())
      await new Promise((r) => setTimeout(r, 200));
    const { text, hits } = plan;
    // A bitmap scan would visit every dead version on every run and never mark the entries dead (32 pages here, against
    // 12 for the whole statement by the index).
    expect(text, text).not.toMatch(/Bitmap/);
    expect(text, text).toMatch(/Index (Only )?Scan using events_(unsequenced|seq)_idx on events/);
    expect(hits, text).toBeLessThan(20);
  });
});
