// How long an unchanged poll of a bid or a page of bids may be answered 304 (lib/change-stamp.ts): a bid's detail
// until it lapses at `valid_until` while open (bids.rules.ts); a page of bids until a row on it lapses, a minute
// at most.
import { NEVER, listHorizon } from '../../lib/change-stamp.js';
import { JsonRecords, type Records } from '../../lib/json-records.js';

type Timed = { status: string; valid_until: string };

export const lapsesAt = (bid: Timed) =>
  bid.status === 'New' || bid.status === 'OnGoing' ? new Date(bid.valid_until).getTime() : NEVER;

export const bidEtag = { etag: lapsesAt };

export const bidPageEtag = {
  etag: (page: { records: Records<Timed> }, now: number) =>
    page.records instanceof JsonRecords
      ? listHorizon(now, page.records.until)
      : listHorizon(now, ...page.records.map(lapsesAt)),
};
