// Invoice numbers under concurrent final approvals: 20 different bids approved at once leave 40 invoices numbered
// 1 to 40 without a gap or a repeat, two per trade. On PGlite the one connection serialises the transactions; on the
// PostgreSQL server (TEST_DATABASE_URL) they really race for the counter row.
import { financialYearOf } from '@spirit/domain/invoices/invoices.rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRates } from '../../test/fee-fixtures.js';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk } from '../../test/team-fixtures.js';
import {
  approveBid,
  openApprovalWindow,
  seedLockedBid,
  seedMarket,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { bids } from '../bids/bids.table.js';
import { invoices } from './invoices.table.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  await seedRates(h, superToken, {
    buyer: { commission_amount: '1.00', state_gst: '9', central_gst: '9' },
    seller: { commission_amount: '0.50', state_gst: '9', central_gst: '9' },
  });
  m = await seedMarket(h, { superToken });
}, 180_000);
afterAll(async () => h.close());

/** A bid on the shared offer from a fresh ask, approved by everyone but the seller's Approver. */
async function almostTraded(): Promise<BidData> {
  let bid = await seedLockedBid(h, { ...m, ask: await seedAsk(h, m.buyer) }, { quantity: '100' });
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver]) {
    const res = await approveBid(h, user, bid);
    if (res.statusCode !== 200) throw new Error(JSON.stringify(res.body));
    bid = res.body.data;
  }
  return bid;
}

describe('invoice numbers under concurrent final approvals', () => {
  it('20 final approvals at once: 40 invoices numbered 1–40, two per trade', async () => {
    const ready: BidData[] = [];
    for (let i = 0; i < 20; i++) ready.push(await almostTraded());
    await openApprovalWindow(h, m.seller.approver);
    const results = await Promise.all(
      ready.map((bid) =>
        h.call<BidData>(
          'bidAction',
          { bid_id: bid.id, is_approved: true, version: bid.version },
          m.seller.approver.token,
        ),
      ),
    );
    for (const r of results) expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    const rows = await h.db.select().from(invoices).orderBy(invoices.serial);
    const fy = financialYearOf(new Date());
    expect(rows.map((r) => r.number)).toEqual(
      Array.from({ length: 40 }, (_, i) => `SX/${fy}/${String(i + 1).padStart(6, '0')}`),
    );
    for (const bid of ready) {
      const mine = rows.filter((r) => r.bid_id === bid.id);
      expect(mine.map((r) => r.side).sort()).toEqual(['buyer', 'seller']);
      const [row] = await h.db.select().from(bids).where(eq(bids.id, bid.id));
      expect(row!.status).toBe('Approved');
      expect(new Set(mine.map((r) => r.trade_reference))).toEqual(new Set([row!.trade_reference]));
    }
  }, 600_000);
});
