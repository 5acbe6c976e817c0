// Reading bids: a party's detail (also the answer of every transition) and the lists. The effective status and the
// masking are bids.view.ts's.
import type { BidSide } from '@spirit/domain/bids/bids.constants';
import type { GetAllBids } from '@spirit/domain/bids/bids.schemas';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { pageWithKnownTotal } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { listingNotFound, tradingSide } from '../listings/listings.service.js';
import { findOwnListing } from '../listings/listings.repository.js';
import { bidError } from './bids.errors.js';
import { actorOn, pairOf } from './bids.parties.js';
import { bidListPage, countBids, findBid, historyOf, listBids, ratingsOf, type BidRow } from './bids.repository.js';
import { sideOf, toDetail, toListRecord, type Viewer } from './bids.view.js';

/** The detail of a bid for a party, read in `tx` (after a transition, the transition's own view). */
export async function detailFor(tx: Tx, actor: Actor, bid: BidRow, side: BidSide, companyId: number, now: Date) {
  const pair = await pairOf(tx, bid);
  const bidActor = await actorOn(tx, actor, side, pair).catch(() => null);
  const history = await historyOf(tx, bid.id);
  const counterparty = side === 'buyer' ? pair.offer : pair.ask;
  const ratings = await ratingsOf(tx, companyId, counterparty.distillery_id);
  const viewer: Viewer = { companyId, side };
  return toDetail({ bid, ...pair, history, viewer, actor: bidActor, ratings, now });
}

export async function get(deps: Deps, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  const bid = await findBid(deps.db, id);
  const side = bid && sideOf(bid, companyId);
  if (!bid || !side) throw bidError('bid.not_found');
  return detailFor(deps.db, actor, bid, side, companyId, deps.now());
}

export async function list(deps: Deps, actor: Actor, q: GetAllBids) {
  const { companyId } = tradingSide(actor);
  const now = deps.now();
  let listingId: number | undefined;
  if (q.offer_id) {
    // A listing's bids: only the company's own listing.
    if (!(await findOwnListing(deps.db, companyId, q.offer_id))) throw listingNotFound();
    listingId = q.offer_id;
  }
  const opts = { companyId, userId: actor.userId, now, q, listingId };
  // The market's current bids run to a hundred thousand: their total is kept for a few seconds, as the market's.
  const page = q.is_market
    ? await pageWithKnownTotal({
        cache: deps.marketCache,
        key: `bids|${JSON.stringify({ ...q, page: undefined, page_size: undefined, companyId })}`,
        now: now.getTime(),
        q,
        page: (withTotal) => bidListPage(deps.db, opts, withTotal),
        countAll: () => countBids(deps.db, opts),
      })
    : await listBids(deps.db, opts);
  return {
    records: page.records.map(({ bid, ...x }) =>
      toListRecord(bid, x, { companyId, side: sideOf(bid, companyId) }, now),
    ),
    totalRecords: page.totalRecords,
  };
}
