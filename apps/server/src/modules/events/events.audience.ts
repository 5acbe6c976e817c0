// Who hears an event on the live stream (issue 25 part 2): the same authorization as the read the event
// invalidates, decided from what the connection's session resolved to when it opened (and at each re-check), so
// fanning an event out to ten thousand streams reads nothing from the database.
//
// - A bid's events (and its sale order's, its rating's): the users of the two parties' companies (the event's
//   `company_ids`) who may read a bid (getBidById: any company role). Company membership is enough: a party's
//   detail is every user's of that company (bids.read.ts `detailFor` checks the company only), so no per-bid set is
//   kept. A confidential bid's audience is its parties like any other's.
// - The SuperAdmin reads approved trades and nothing else of a bid: only events whose bid is Approved.
// - A listing's market events (`company_ids` null): every user of a trading company who may read the market
//   (getAllOffers). The SuperAdmin does not read the market (no company), so none reach them.
import { mayCall } from '@spirit/domain/api/access';
import type { MarketEvent } from '@spirit/domain/events/events.constants';
import type { Actor } from '../../lib/actor.js';
import type { StoredEvent } from './events.outbox.js';

export type Audience = {
  companyId: number | null;
  /** May read the company's bids. */
  bids: boolean;
  /** May read the market's listings. */
  market: boolean;
  /** The SuperAdmin: approved trades only. */
  platform: boolean;
};

export function audienceOf(actor: Actor): Audience {
  const platform = actor.roles.includes('SuperAdmin');
  const trading = !platform && actor.companyId !== null && actor.companyType !== null;
  return {
    companyId: trading ? actor.companyId : null,
    bids: trading && mayCall('getBidById', actor.roles),
    market: trading && mayCall('getAllOffers', actor.roles),
    platform,
  };
}

export const sameAudience = (a: Audience, b: Audience) =>
  a.companyId === b.companyId && a.bids === b.bids && a.market === b.market && a.platform === b.platform;

export function mayHear(a: Audience, e: Pick<StoredEvent, 'company_ids' | 'bid_id' | 'data'>): boolean {
  if (e.company_ids === null) return a.market;
  if (a.platform) return e.bid_id !== null && e.data.status === 'Approved';
  return a.bids && a.companyId !== null && e.company_ids.includes(a.companyId);
}

/** What a client receives: ids and states, never the audience or the actor (company ids). */
export function clientEvent(e: StoredEvent): MarketEvent {
  return { seq: e.seq, type: e.type, bid_id: e.bid_id, listing_id: e.listing_id, data: e.data, at: e.at };
}

/** One Server-Sent Events frame (`data` is one line of JSON: JSON.stringify escapes every newline). */
export function frameOf(e: StoredEvent): string {
  return `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(clientEvent(e))}\n\n`;
}
