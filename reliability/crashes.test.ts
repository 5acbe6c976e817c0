// Crashes: the built server killed with SIGKILL at random moments while a large bulk upload and final approvals are
// under way, restarted, and the invariants checked by SQL and over HTTP. Every answer of 2xx the client received
// must be in the database after the restart; nothing else is promised, and nothing may be half done.
import { bulkColumnsOf } from '@spirit/domain/listings/listings.constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSuperAdmin } from '../apps/server/src/test/fixtures.js';
import { periodAhead, seedOffer } from '../apps/server/src/test/team-fixtures.js';
import { openApprovalWindow, seedMarket, type BidData, type Market } from '../apps/server/src/test/bid-fixtures.js';
import { almostTraded } from './lib/bids.js';
import { DATABASE, figure, quantile } from './lib/figures.js';
import { marketInvariants } from './lib/invariants.js';
import { api, startServer, uploadFile, type Server } from './lib/server.js';
import { newTarget, rows, type Target } from './lib/target.js';

const KILLS = Number(process.env.RELIABILITY_KILLS ?? 12);
const ROWS = 4000;
const SECTION = 'Crashes';

type Round = { offer: { id: number }; bids: BidData[]; marker: string; csv: Buffer };
let target: Target;
let m: Market;
const rounds: Round[] = [];
let server: Server | undefined;

/** A CSV of `ROWS` offers whose price marks the upload (`<40 + round>.25`), so each upload's rows can be counted. */
function csvOf(m: Market, marker: string) {
  const d = m.seller.distilleries[0]!;
  const cells: Record<string, string | number> = {
    state: d.state,
    product: 'Molasses ENA',
    from_period: periodAhead(1),
    to_period: periodAhead(3),
    quantity: '100',
    price: marker,
    distillery_id: d.id,
    export_pass_fee: '1',
    sales_tax: '18',
  };
  const columns = bulkColumnsOf('Offer');
  const row = columns.map((c) => String(cells[c] ?? '')).join(',');
  return Buffer.from([columns.join(','), ...Array<string>(ROWS).fill(row)].join('\n'));
}

beforeAll(async () => {
  target = await newTarget();
  const h = await target.harness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  // Each round: a 1,000 L offer and two 600 L bids one approval from a trade (one can trade, not both).
  for (let r = 0; r < KILLS; r++) {
    const offer = await seedOffer(h, m.seller, { offer_quantity: '1000' });
    const bids: BidData[] = [];
    for (let i = 0; i < 2; i++) bids.push(await almostTraded(h, m, offer, '600'));
    const marker = `${40 + r}.25`;
    rounds.push({ offer, bids, marker, csv: csvOf(m, marker) });
  }
  // The seller's Approver signs the trades off on the real server: a window that outlasts the rounds (dated ahead).
  h.clock.offsetMs += 15 * 60_000;
  await openApprovalWindow(h, m.seller.approver);
  await h.close();
}, 600_000);

afterAll(async () => {
  await server?.kill();
  await target?.dispose();
});

it(`keeps every acknowledged write and no half of any, through ${KILLS} kills at random moments`, async () => {
  const acked = { trades: new Map<number, string>(), uploads: [] as { marker: string; ids: number[] }[] };
  const restarts: number[] = [];
  const inFlight = { upload: 0, approvals: 0 };
  let estimate = 3000;
  for (const [r, round] of rounds.entries()) {
    server = await startServer(target);
    restarts.push(server.startMs);
    await checkOverHttp(server, acked.trades);
    const s = server;
    const started = performance.now();
    const pending = { upload: true, approvals: round.bids.length };
    const upload = (async () => {
      const up = await uploadFile(
        s,
        { bytes: round.csv, name: 'offers.csv', type: 'text/csv', purpose: 'bulk' },
        m.seller.negotiator.token,
      );
      if (up.status !== 200) throw new Error(`uploadFile: ${JSON.stringify(up.body)}`);
      const res = await api<{ ids: number[] }>(
        s,
        'uploadCSV',
        { s3_url: up.body.data.file_url },
        m.seller.negotiator.token,
      );
      if (res.status === 200) acked.uploads.push({ marker: round.marker, ids: res.body.data.ids });
    })().finally(() => (pending.upload = false));
    const approvals = round.bids.map((bid) =>
      api<BidData>(s, 'bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, m.seller.approver.token)
        .then((res) => {
          if (res.status === 200) acked.trades.set(bid.id, res.body.data.trade_reference_number!);
          else expect(res.body.code).toBe('bid.quantity_unavailable');
        })
        .finally(() => (pending.approvals -= 1)),
    );
    const work = Promise.allSettled([upload, ...approvals]).then(() => performance.now() - started);
    const delay = Math.random() * estimate * 1.2;
    await Promise.race([work, new Promise((resolve) => setTimeout(resolve, delay))]);
    const killedAt = performance.now() - started;
    if (pending.upload) inFlight.upload += 1;
    inFlight.approvals += pending.approvals;
    await s.kill('SIGKILL');
    const took = await work;
    // Aim the next kill inside the work: a round that finished before its kill teaches how long the work takes;
    // one killed first stretches the aim, so some rounds see acknowledged uploads and some are cut in them.
    estimate = took <= killedAt ? Math.max(200, took) : Math.min(20_000, estimate * 1.25);
    // Restarted: an upload the kill cut between its parts is finished before the server listens. Then stopped, so
    // that the embedded database can be opened by SQL.
    const restarted = await startServer(target);
    restarts.push(restarted.startMs);
    await restarted.kill('SIGTERM');
    const db = await target.open();
    try {
      expect(await marketInvariants(db.db), `after kill ${r + 1}`).toEqual(zeroViolations);
      await checkAcknowledged(db.db, acked);
    } finally {
      await db.close();
    }
  }
  server = await startServer(target);
  restarts.push(server.startMs);
  await checkOverHttp(server, acked.trades);
  await server.kill('SIGTERM');

  figure(SECTION, {
    database: DATABASE,
    kills: KILLS,
    'uploads in flight at the kill': inFlight.upload,
    'final approvals in flight at the kill': inFlight.approvals,
    'acknowledged uploads (all rows present)': acked.uploads.length,
    'acknowledged trades (all present)': acked.trades.size,
    'restart ms p50 / max': `${quantile(restarts, 0.5)} / ${Math.max(...restarts)}`,
    'invariant violations': 0,
  });
}, 900_000);

const zeroViolations = {
  negative_available: 0,
  taken_not_traded: 0,
  reference_mismatch: 0,
  duplicate_reference: 0,
  approved_without_history: 0,
  bulk_entry_missing_listings: 0,
  consumed_without_listings: 0,
};

/** Acknowledged trades are Approved with the reference answered; an upload's rows are all there or none. */
async function checkAcknowledged(
  db: Parameters<typeof marketInvariants>[0],
  acked: { trades: Map<number, string>; uploads: { marker: string; ids: number[] }[] },
) {
  const ids = [...acked.trades.keys()];
  const trades = ids.length
    ? await rows<{ id: number; status: string; trade_reference: string }>(
        db,
        `select id, status, trade_reference from bids where id in (${ids.join(',')})`,
      )
    : [];
  expect(trades.map((t) => [t.id, t.status, t.trade_reference]).sort()).toEqual(
    ids.map((id) => [id, 'Approved', acked.trades.get(id)]).sort(),
  );
  const counts = await rows<{ price: string; n: number }>(
    db,
    `select price::text, count(*)::int as n from listings where company_id = ${m.seller.company.id}
     and price in (${rounds.map((r) => r.marker).join(',')}) group by price`,
  );
  for (const c of counts) expect([0, ROWS], `rows of upload ${c.price}`).toContain(c.n);
  for (const u of acked.uploads) {
    const [present] = await rows<{ n: number }>(
      db,
      `select count(*)::int as n from listings where id in (${u.ids.join(',')})`,
    );
    expect(present!.n).toBe(ROWS);
  }
}

/** After a restart, the acknowledged trades read back over HTTP as Approved with their references. */
async function checkOverHttp(s: Server, trades: Map<number, string>) {
  for (const [id, reference] of trades) {
    const res = await api<BidData>(s, 'getBidById', { bid_id: id }, m.seller.approver.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([res.body.data.status, res.body.data.trade_reference_number]).toEqual(['Approved', reference]);
  }
}
