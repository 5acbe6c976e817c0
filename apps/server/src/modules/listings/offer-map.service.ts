// The offer map (spec 001 §2 "Offer map"; issue 23 part 4): where one of the caller's listings' possible
// counterparties are, one record per state and the caller's source for their distilleries (DESIGN.md §4 "Ratings and
// source"). Scope comes from the session: another company's listing is not found.
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import type { OfferMapRecord, OfferMapResult } from '@spirit/domain/listings/offer-map.schemas';
import type { Actor } from '../../lib/actor.js';
import type { Deps } from '../../types.js';
import { findOwnListing } from './listings.repository.js';
import { listingNotFound, tradingSide } from './listings.service.js';
import { offerMapRecords } from './offer-map.repository.js';

const rating = (v: string | null) => (v === null ? null : Number(v));

export async function offerMap(deps: Deps, actor: Actor, offerId: number): Promise<OfferMapResult> {
  const { companyId } = tradingSide(actor);
  const mine = await findOwnListing(deps.db, companyId, offerId);
  if (!mine) throw listingNotFound();
  // Kept a few seconds like the market's other figures (lib/market-cache.ts): a product's counterparties run to
  // thousands of listings at market scale, summed on every opening of the map. The listing decides everything the
  // statement reads of the caller (its company, side, product and periods); a write anywhere forgets it.
  const now = deps.now();
  const period = currentPeriod(now);
  const rows = await deps.marketCache.get(`offermap|${mine.id}|${mine.version}|${period}`, now.getTime(), () =>
    offerMapRecords(deps.db, mine, period),
  );
  const company_type = mine.side === 'Ask' ? 'Seller' : 'Buyer';
  const records: OfferMapRecord[] = rows.map((r) => ({
    state: r.state,
    source: r.source as OfferMapRecord['source'],
    available_quantity: r.available_quantity,
    offer_price: r.offer_price,
    your_rating: rating(r.your_rating),
    industry_rating: rating(r.industry_rating),
    company_type,
    listings: r.listings,
    distilleries: r.distilleries,
  }));
  return { records };
}
