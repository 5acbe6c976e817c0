// Reading bids: a party's detail (also the answer of every transition) and the lists. The effective status and the
// masking are bids.view.ts's.
import { AWAITING_COUNT_CAP } from '@spirit/domain/bids/bids.constants';
import type { AwaitingBidCount, GetAllBids } from '@spirit/domain/bids/bids.schemas';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { listingNotFound, tradingSide } from '../listings/listings.service.js';
import { findOwnListing } from '../listings/listings.repository.js';
import { bidError } from './bids.errors.js';
import { placeFrom } from './bids.parties.js';
import { bidListPage, countAwaiting, countBids, findBidView, historyOf } from './bids.repository.js';
import { sideOf, toDetail, toListRecord, type Viewer } from './bids.view.js';

/**
 * The detail of a bid for a party of `companyId`, read in `tx` (after a transition, the transition's own view): two
 * statements, the bid with its listings, the caller's tiers and ratings, then its history. Another company's bid
 * does not exist for the caller.
 */
export async function detailFor(tx: Tx, actor: Actor, id: number, companyId: number, now: Date) {
  const view = await findBidView(tx, { id, companyId, userId: actor.userId });
  const side = view && sideOf(view.bid, companyId);
  if (!view || !side) throw bidError('bid.not_found');
  const history = await historyOf(tx, id);
  // The caller's tier on their side; a reader holding one on both sides reads as no party (`actorOn` refuses them).
  const place = placeFrom(side, { offer: view.offer_tier, ask: view.ask_tier });
  const bidActor = place.bothSides ? null : place.actor;
  const viewer: Viewer = { companyId, side };
  return toDetail({ ...view, history, viewer, actor: bidActor, now });
}

export async function get(deps: Deps, actor: Actor, id: number) {
  const { companyId } = tradingSide(actor);
  return detailFor(deps.db, actor, id, companyId, deps.now());
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
  // The total is kept for a few seconds, as the market's: the market's current bids run to a hundred thousand, and
  // counting even a company's own (to the cap) costs as much as its page. Whose list it is belongs to the key: the
  // caller's company, and for its own lists the caller ("awaiting me" reads their tiers).
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: totalKey('bids', q, q.is_market ? { companyId } : { companyId, userId: actor.userId }),
    now: now.getTime(),
    q,
    page: (withTotal) => bidListPage(deps.db, opts, withTotal),
    countAll: () => countBids(deps.db, opts),
  });
  return {
    records: page.records.map(({ bid, ...x }) =>
      toListRecord(bid, x, { companyId, side: sideOf(bid, companyId) }, now),
    ),
    totalRecords: page.totalRecords,
  };
}

/**
 * The menu's "Waiting for me": the bids `awaiting_me` lists, counted to the cap in one statement on the partial
 * indexes of live bids. Not cached: the count must drop as soon as the caller acts.
 */
export async function awaitingCount(deps: Deps, actor: Actor): Promise<AwaitingBidCount> {
  const { companyId } = tradingSide(actor);
  const n = await countAwaiting(deps.db, { companyId, userId: actor.userId, now: deps.now(), cap: AWAITING_COUNT_CAP });
  return { count: Math.min(n, AWAITING_COUNT_CAP), capped: n > AWAITING_COUNT_CAP };
}
