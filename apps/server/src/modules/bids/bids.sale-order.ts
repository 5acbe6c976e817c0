// updateBid: the seller attaches the sale order of an approved trade (issue 22 part 3; DESIGN.md §4 "After the
// trade"). One transaction locks the bid, asks the rule who may (`saleOrderRefusal`), checks the file is a sale order
// the caller's company uploaded, points the trade at it and writes the audit entry naming the earlier file and the
// new one; the earlier file stays stored.
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import { saleOrderRefusal } from '@spirit/domain/bids/bids.rules';
import type { UpdateBid } from '@spirit/domain/bids/bids.schemas';
import { fileIdFromUrl, fileUrlOf } from '@spirit/domain/files/files.constants';
import type { Actor } from '../../lib/actor.js';
import { invalidField } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { bidEvent, publish } from '../events/events.service.js';
import { bidError } from './bids.errors.js';
import { lockForCaller, pairOf } from './bids.parties.js';
import { detailFor } from './bids.read.js';
import { tiersOn } from './bids.repository.js';
import { findSaleOrderFile, setSaleOrder } from './bids.sale-order.repository.js';

export async function attachSaleOrder(deps: Deps, actor: Actor, body: UpdateBid) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Another company's trade does not exist for the caller (404); the buyer is told it is the seller's (403).
    const { bid, side, companyId } = await lockForCaller(tx, actor, body.bid_id);
    const { offer } = await pairOf(tx, bid);
    const tiers = await tiersOn(tx, actor.userId, [offer.distillery_id]);
    const refusal = saleOrderRefusal({
      side,
      status: bid.status,
      isAdmin: actor.roles.includes('Admin'),
      mappedToSellerDistillery: tiers.has(offer.distillery_id),
    });
    if (refusal) throw bidError(refusal);
    const fileId = fileIdFromUrl(body.sell_order);
    const file = fileId ? await findSaleOrderFile(tx, { id: fileId, companyId }) : null;
    if (!file) throw invalidField('sell_order', BID_MESSAGES.saleOrderFile, 'bid.sale_order_file');
    if (bid.sell_order_file_id !== file.id) {
      await setSaleOrder(tx, bid.id, file.id, actor.userId);
      await audit(tx, {
        actorUserId: actor.userId,
        companyId,
        action: 'bid.sale_order',
        objectType: 'bid',
        objectId: bid.id,
        before: { sell_order: bid.sell_order_file_id ? fileUrlOf(bid.sell_order_file_id) : null },
        after: { sell_order: fileUrlOf(file.id), file_name: file.name },
      });
      await publish(tx, bidEvent('sale_order.uploaded', bid, { userId: actor.userId, companyId }));
    }
    return detailFor(tx, deps.recordMemo, actor, bid.id, { companyId, now });
  });
}
