// Bids arranged through the API for the races and the crashes.
import { approveBid, seedLockedBid, type BidData, type Market } from '../../apps/server/src/test/bid-fixtures.js';
import { seedAsk } from '../../apps/server/src/test/team-fixtures.js';
import type { Harness } from '../../apps/server/src/test/harness.js';

/** A bid on `offer` from a fresh ask, locked and approved by all but the seller's Approver: one approval from a trade. */
export async function almostTraded(h: Harness, m: Market, offer: { id: number }, quantity: string): Promise<BidData> {
  let bid = await seedLockedBid(h, { ...m, offer, ask: await seedAsk(h, m.buyer) }, { quantity });
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver]) {
    const res = await approveBid(h, user, bid);
    if (res.statusCode !== 200) throw new Error(`approve: ${JSON.stringify(res.body)}`);
    bid = res.body.data;
  }
  return bid;
}

/** The outcome codes of a set of answers, counted: `{ ok: 1, 'bid.stale': 49 }`. */
export function tally(answers: { statusCode?: number; status?: number; body: { code?: string } }[]) {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = (a.statusCode ?? a.status) === 200 ? 'ok' : String(a.body.code ?? a.statusCode ?? a.status);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

export const tallyText = (t: Record<string, number>) =>
  Object.entries(t)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
