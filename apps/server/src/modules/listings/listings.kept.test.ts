// getAllOffers answers from records kept as JSON text under keys naming all they show (listings.read.ts `list`): a
// kept record must read exactly as a fresh one, each caller's right to edit apart, and whatever changes what it shows
// — an edit, a bid placed on the listing (which moves no version of it), the period turning — must show at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { seedOffer } from '../../test/team-fixtures.js';
import { listings } from './listings.table.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  // Sessions that outlive the clock moved past the listing's period (the last test).
  h = await createHarness({ env: { SESSION_TTL_HOURS: '3000', SESSION_IDLE_MINUTES: '200000' } });
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
}, 240_000);
afterAll(async () => h?.close());

type Row = { id: number; version: number; total_open_bids: number; can_edit: boolean; is_open: boolean };

/** getAllOffers' answer as the server wrote it. */
async function raw(token: string | null) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/getAllOffers',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify({ page: 1, page_size: 30 }),
  });
  expect(res.statusCode, res.payload).toBe(200);
  return res.payload;
}
const rowOf = async (token: string | null, id = m.offer.id) =>
  (JSON.parse(await raw(token)).data.records as Row[]).find((r) => r.id === id)!;
const version = async () =>
  (await h.db.select({ v: listings.version }).from(listings).where(eq(listings.id, m.offer.id)))[0]!.v;

describe('getAllOffers from kept records', () => {
  it('answers a kept page byte for byte as a fresh one, in one statement; each caller’s right its own', async () => {
    const callers = [m.seller.negotiator.token, m.seller.adminToken];
    const first = [];
    for (const token of callers) first.push(await raw(token));
    for (const [i, token] of callers.entries()) {
      expect(await raw(token)).toBe(first[i]);
      const before = h.deps.database.queries.count;
      await raw(token);
      expect(h.deps.database.queries.count - before).toBe(1);
    }
    expect(first.map((t) => JSON.parse(t).data.records[0].can_edit)).toEqual([true, false]);
  });

  it('shows a bid placed on the listing and an edit at once', async () => {
    const token = m.seller.negotiator.token;
    const was = await version();
    expect((await rowOf(token)).total_open_bids).toBe(0);
    await seedOpenBid(h, m);
    expect(await version()).toBe(was);
    expect((await rowOf(token)).total_open_bids).toBe(1);

    await h.db
      .update(listings)
      .set({ price: sql`${listings.price} + 1`, version: sql`${listings.version} + 1` })
      .where(eq(listings.id, m.offer.id));
    const edited = await rowOf(token);
    expect(edited.version).toBe(was + 1);
    expect(JSON.parse(await raw(token)).data.records[0]).toEqual(edited);
  });

  it('reads a listing as closed once its period has passed, with no write', async () => {
    const token = m.seller.negotiator.token;
    // A listing without bids: nothing of it but its openness turns with the clock.
    const { id } = await seedOffer(h, m.seller);
    expect((await rowOf(token, id)).is_open).toBe(true);
    expect((await rowOf(token, id)).total_open_bids).toBe(0);
    const [{ to } = { to: '' }] = await h.db
      .select({ to: listings.to_period })
      .from(listings)
      .where(eq(listings.id, id));
    // The first day of the month after the listing's To Period.
    const [year, month] = to.split('-').map(Number) as [number, number];
    const after = Date.UTC(year, month, 1, 12);
    const offset = after - Date.now();
    h.clock.offsetMs += offset;
    try {
      expect(await rowOf(token, id)).toMatchObject({ is_open: false, total_open_bids: 0 });
    } finally {
      h.clock.offsetMs -= offset;
    }
    expect((await rowOf(token, id)).is_open).toBe(true);
  });
});
