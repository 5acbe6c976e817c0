// Writing events (issue 25 part 1). `publish` is called inside the transaction that makes the change, beside its
// audit entry: the event commits with the change or not at all. It costs the request one insert; numbering and
// fan-out happen after the commit, elsewhere (events.outbox.ts).
import { FLAG_KEYS, type FlagKey } from '@spirit/domain/bids/bids.constants';
import type { EventType } from '@spirit/domain/events/events.constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { InsertRows } from '../../db/together.js';
import type { BidRow } from '../bids/bids.repository.js';
import { events } from './events.table.js';

export type EventInput = {
  type: EventType;
  bidId?: number | null;
  listingId?: number | null;
  /** Who may hear of it: the parties' companies, or null for every company trading in the market. */
  companyIds: number[] | null;
  actor?: { userId: number | null; companyId: number | null };
  data?: Record<string, unknown>;
};

/** Rows a statement carries at most (8 parameters a row, under PostgreSQL's 65,535). */
const CHUNK = 5_000;

export async function publish(tx: Tx, input: EventInput | EventInput[]): Promise<void> {
  const all = Array.isArray(input) ? input : [input];
  for (let i = 0; i < all.length; i += CHUNK) await eventInsert(tx, all.slice(i, i + CHUNK));
}

/** One chunk of `publish`'s events. */
function eventInsert(tx: Tx, input: EventInput[]) {
  return tx.insert(events).values(input.map(eventRow));
}

/** Events to write with the change's other rows in one statement (db/together.ts). */
export function eventRows(input: EventInput[]): InsertRows {
  return { table: events, rows: input.map(eventRow) };
}

const eventRow = (e: EventInput) => ({
  type: e.type,
  bid_id: e.bidId ?? null,
  listing_id: e.listingId ?? null,
  company_ids: e.companyIds ? [...new Set(e.companyIds)] : null,
  actor_user_id: e.actor?.userId ?? null,
  actor_company_id: e.actor?.companyId ?? null,
  data: e.data ?? {},
});

/**
 * A bulk upload's listings, one `listing.created` event each, written by one statement from the rows themselves: the
 * upload's one transaction (which the embedded database's other requests wait behind) grows by one statement, not by
 * ten thousand rows of parameters.
 */
export async function publishListingsCreated(
  tx: Tx,
  ids: number[],
  actor: { userId: number | null; companyId: number | null },
): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`
    insert into ${events} (type, listing_id, company_ids, actor_user_id, actor_company_id, data)
    select 'listing.created', l.id, null, ${actor.userId}, ${actor.companyId},
      jsonb_build_object('side', l.side, 'product', l.product, 'status', l.status)
    from listings l where l.id = any(${`{${ids.join(',')}}`}::int[]) order by l.id`);
}

/** What a bid's events say: its state, never a name. Both parties hear of it, and no one else. */
export function bidEvent(
  type: EventType,
  bid: {
    id: number;
    offer_id: number;
    ask_id: number;
    seller_company_id: number;
    buyer_company_id: number;
    product: string;
    status: string;
    version: number;
    trade_reference?: string | null;
  } & Partial<Pick<BidRow, 'locked' | 'valid_until' | FlagKey>>,
  actor: { userId: number | null; companyId: number | null },
  extra: Record<string, unknown> = {},
): EventInput {
  return {
    type,
    bidId: bid.id,
    companyIds: [bid.seller_company_id, bid.buyer_company_id],
    actor,
    data: {
      offer_id: bid.offer_id,
      ask_id: bid.ask_id,
      product: bid.product,
      status: bid.status,
      version: bid.version,
      ...(bid.trade_reference ? { trade_reference: bid.trade_reference } : {}),
      // The approval state the event leaves: a consumer that runs later decides whose turn it was from this, not
      // from the bid as it stands by then (notifications.consumer.ts).
      ...(bid.locked === undefined || bid.valid_until === undefined
        ? {}
        : {
            state: {
              locked: bid.locked,
              valid_until: bid.valid_until.toISOString(),
              flags: Object.fromEntries(FLAG_KEYS.map((k) => [k, bid[k] ?? null])),
            },
          }),
      ...extra,
    },
  };
}

/** A listing's market change: every trading company may see the market (names stay masked, none is sent). */
export function listingEvent(
  type: EventType,
  listing: { id: number; side: string; product: string; status: string },
  actor: { userId: number | null; companyId: number | null },
): EventInput {
  return {
    type,
    listingId: listing.id,
    companyIds: null,
    actor,
    data: { side: listing.side, product: listing.product, status: listing.status },
  };
}
