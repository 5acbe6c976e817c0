// The event outbox across a crash (issue 25 part 1): a process killed between a change's commit and its
// announcement loses nothing. The sequencer is held (its advisory lock taken by the test) so the final approval
// commits its event and the process dies before numbering or delivering it; the next process to start numbers it
// and its durable consumers deliver it (here: the trade's notifications).
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSuperAdmin } from '../apps/server/src/test/fixtures.js';
import { openApprovalWindow, seedMarket, type Market } from '../apps/server/src/test/bid-fixtures.js';
import { almostTraded } from './lib/bids.js';
import { DATABASE, figure, since } from './lib/figures.js';
import { api, startServer } from './lib/server.js';
import { newTarget, rows, type Target } from './lib/target.js';

const SECTION = 'Event outbox';
/** The sequencer's lock (apps/server/src/modules/events/events.outbox.ts). */
const SEQUENCER_LOCK = 7_201;
let target: Target;
let m: Market;
let bid: { id: number; version: number };

beforeAll(async () => {
  target = await newTarget();
  if (target.kind !== 'postgres') return;
  const h = await target.harness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  bid = await almostTraded(h, m, m.offer, '100');
  await openApprovalWindow(h, m.seller.approver);
  await h.close();
}, 300_000);
afterAll(async () => target?.dispose());

it.runIf(DATABASE === 'PostgreSQL')(
  'an event committed by a process killed before announcing it is delivered after restart',
  async () => {
    const lock = new pg.Client({ connectionString: target.env.DATABASE_URL });
    await lock.connect();
    const database = await target.open();
    try {
      await lock.query('select pg_advisory_lock($1)', [SEQUENCER_LOCK]);
      const a = await startServer(target);
      const traded = await api<{ status: string }>(
        a,
        'bidAction',
        { bid_id: bid.id, version: bid.version, is_approved: true },
        m.seller.approver.token,
      );
      expect(traded.status, JSON.stringify(traded.body)).toBe(200);
      expect(traded.body.data.status).toBe('Approved');
      await a.kill('SIGKILL');
      const killed = performance.now();
      const unannounced = await rows<{ seq: string | null }>(
        database.db,
        `select seq from events where bid_id = ${bid.id} and type = 'bid.traded'`,
      );
      expect(unannounced).toEqual([{ seq: null }]);
      const told = () =>
        rows<{ n: number }>(
          database.db,
          `select count(*)::int as n from notifications where bid_id = ${bid.id} and type = 'trade_approved'`,
        );
      expect((await told())[0]!.n).toBe(0);

      await lock.query('select pg_advisory_unlock($1)', [SEQUENCER_LOCK]);
      const b = await startServer(target);
      try {
        await expect.poll(async () => (await told())[0]!.n, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
        const numbered = await rows<{ seq: string | null }>(
          database.db,
          `select seq from events where bid_id = ${bid.id} and type = 'bid.traded'`,
        );
        expect(numbered[0]!.seq).not.toBeNull();
        figure(SECTION, {
          database: DATABASE,
          check: 'final approval committed, process killed before announcing, restarted',
          result: `event numbered and delivered ${since(killed)} ms after the kill (restart included)`,
        });
      } finally {
        await b.kill('SIGTERM');
      }
    } finally {
      await lock.end();
      await database.close();
    }
  },
);
