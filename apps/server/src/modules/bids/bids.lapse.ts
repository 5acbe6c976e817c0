// The lapse (DESIGN.md §4): an open bid whose validity passed can no longer move. Reads and actions treat it so at
// once (bids.view.ts, `decide`); the sweep writes it down: status Lapsed, a history entry by nobody, an audit entry.
import {
  flagKey,
  otherBidSide,
  sideOfCompanyType as sideOfType,
  type BidSide,
} from '@spirit/domain/bids/bids.constants';
import { decide } from '@spirit/domain/bids/bids.rules';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../types.js';
import { insertTogether } from '../../db/together.js';
import { auditRows } from '../audit/audit.service.js';
import { bidEvent, eventRows } from '../events/events.service.js';
import { historyRow } from './bids.parties.js';
import { historyRows, lockExpired, type BidRow } from './bids.repository.js';
import { bids } from './bids.table.js';
import { stateOf } from './bids.view.js';

/**
 * Marks bids whose validity passed as Lapsed, each with a history entry (the clock's), an audit entry and an event:
 * two statements for the whole batch (one update, then the three kinds of rows together, db/together.ts).
 */
export async function lapseRows(tx: Tx, rows: BidRow[], now: Date) {
  const lapsing = rows.flatMap((bid) => {
    const d = decide({ bid: stateOf(bid), action: 'lapse', actor: null, now });
    if (!d.ok) return [];
    // The entry is on the side of the terms that lapsed: the placer's on a locked deal, else the last counterer's.
    const placer = sideOfType(bid.placed_by);
    const side: BidSide = bid.locked || bid[flagKey('negotiator', placer)] ? placer : otherBidSide(placer);
    return [{ bid, side, historyStatus: d.historyStatus }];
  });
  if (!lapsing.length) return [];
  const ids = lapsing.map(({ bid }) => bid.id);
  await tx
    .update(bids)
    .set({ status: 'Lapsed', version: sql`${bids.version} + 1`, updated_at: now })
    .where(inArray(bids.id, ids));
  await insertTogether(tx, [
    historyRows(
      lapsing.map(({ bid, side, historyStatus }) =>
        historyRow({ bid, side, actor: null, tier: null, status: historyStatus, now }),
      ),
    ),
    auditRows(
      lapsing.map(({ bid }) => ({
        actorUserId: null,
        companyId: null,
        action: 'bid.lapsed',
        objectType: 'bid',
        objectId: bid.id,
        before: { status: bid.status },
        after: { status: 'Lapsed' },
      })),
    ),
    eventRows(
      lapsing.map(({ bid, side }) =>
        bidEvent(
          'bid.lapsed',
          { ...bid, status: 'Lapsed', version: bid.version + 1 },
          { userId: null, companyId: null },
          { side },
        ),
      ),
    ),
  ]);
  return ids;
}

const SWEEP_BATCH = 200;

/** The scheduled sweep: every open bid past its validity becomes Lapsed, in batches of short transactions. */
export async function lapseExpired(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const n = await deps.db.transaction(
      async (tx) => (await lapseRows(tx, await lockExpired(tx, now, SWEEP_BATCH), now)).length,
    );
    total += n;
    if (n < SWEEP_BATCH) return total;
  }
}
