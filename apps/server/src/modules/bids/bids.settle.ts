// The sixth approval's settlement (DESIGN.md §4 "Bids: negotiation and approval"), inside the transition's
// transaction (bids.service.ts): the listings locked, re-checked and lowered, the trade reference issued and both
// sides' fee rates fixed.
import { pairRefusal, quantityRefusal } from '@spirit/domain/bids/bids.rules';
import { currentPeriod, decilitres, litresOf } from '@spirit/domain/listings/listings.rules';
import type { Tx } from '../../db/client.js';
import { insertTogether } from '../../db/together.js';
import type { Actor } from '../../lib/actor.js';
import type { Deps } from '../../types.js';
import { auditRows } from '../audit/audit.service.js';
import { eventRows, listingEvent } from '../events/events.service.js';
import { applicableRates } from '../fees/fees.service.js';
import { bidError } from './bids.errors.js';
import { refuse } from './bids.parties.js';
import { bothTrading, lockListings, nextTradeNumber, tradeListings, type BidRow } from './bids.repository.js';

/** The trade reference: the approval's year in India and the sequence's number, `TR-2026-000042`. */
function tradeReference(n: number, now: Date) {
  const year = new Date(now.getTime() + 330 * 60_000).getUTCFullYear();
  return `TR-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * The sixth approval's work, inside its transaction: both listings locked in id order (so two final approvals
 * sharing a listing queue instead of deadlocking), their available quantity and every term of the pair re-checked
 * (`pairRefusal`), the quantity lowered, a listing at zero closed, the trade reference issued and both sides' fee
 * rates copied. Each side's service fee invoice is issued at the end of the same transaction (`transition`): no
 * trade without them, no number lost.
 */
export async function settle(deps: Deps, tx: Tx, bid: BidRow, actor: Actor, now: Date) {
  if (!(await bothTrading(tx, [bid.buyer_company_id, bid.seller_company_id])))
    throw bidError('bid.company_not_trading');
  const locked = await lockListings(tx, [bid.offer_id, bid.ask_id]);
  const q = quantityRefusal(
    bid.quantity,
    locked.map((l) => l.available_quantity),
  );
  if (q) refuse(q);
  const offer = locked.find((l) => l.id === bid.offer_id)!;
  const ask = locked.find((l) => l.id === bid.ask_id)!;
  const terms = pairRefusal({ bid, offer, ask, currentPeriod: currentPeriod(now) });
  if (terms) refuse(terms);
  const wanted = decilitres(bid.quantity);
  const traded = locked.map((l) => {
    const left = decilitres(l.available_quantity) - wanted;
    return { listing: l, available: litresOf(left), status: left > 0n ? l.status : ('Closed' as const) };
  });
  await tradeListings(tx, traded, now);
  // Both listings' audit and event rows in one round trip.
  await insertTogether(tx, [
    auditRows(
      traded.map(({ listing: l, available, status }) => ({
        actorUserId: actor.userId,
        companyId: l.company_id,
        objectType: 'listing',
        objectId: l.id,
        action: 'listing.traded',
        before: { available_quantity: l.available_quantity, status: l.status },
        after: { available_quantity: available, status, bid_id: bid.id },
      })),
    ),
    eventRows(
      traded.map(({ listing: l, status }) =>
        listingEvent(
          status === 'Closed' ? 'listing.closed' : 'listing.changed',
          { ...l, status },
          { userId: actor.userId, companyId: l.company_id },
        ),
      ),
    ),
  ]);
  const [buyerRate, sellerRate] = await applicableRates(
    deps,
    [
      { companyType: 'Buyer', companyId: bid.buyer_company_id, product: bid.product },
      { companyType: 'Seller', companyId: bid.seller_company_id, product: bid.product },
    ],
    tx,
  );
  const settled = {
    trade_reference: tradeReference(await nextTradeNumber(tx), now),
    approved_at: now,
    buyer_commission_amount: buyerRate?.commission_amount ?? null,
    buyer_state_gst: buyerRate?.state_gst ?? null,
    buyer_central_gst: buyerRate?.central_gst ?? null,
    seller_commission_amount: sellerRate?.commission_amount ?? null,
    seller_state_gst: sellerRate?.state_gst ?? null,
    seller_central_gst: sellerRate?.central_gst ?? null,
  };
  return settled;
}
