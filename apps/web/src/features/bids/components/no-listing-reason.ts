// Why the bid page's listing picker has nothing to offer (issue 21 item 18: an empty picker says why): the caller's
// company has no listing of the item's product on its side, or none for overlapping months, or those are no longer
// open, or the caller is not the Negotiator of their distilleries. Pure: the picker and its tests read the same.
import { decilitres, periodsOverlap } from '@spirit/domain/listings/listings.rules';
import type { OwnListing } from '@spirit/domain/listings/listings.schemas';
import type { ItemDetail } from '../../../ui/item-facts';

export type NoListingReason =
  | { kind: 'none' }
  | { kind: 'periods'; listings: OwnListing[] }
  | { kind: 'closed'; listings: OwnListing[] }
  | { kind: 'not-negotiator'; listings: OwnListing[] };

/** Why a listing that pairs with the item takes no bid: closed, sold out, or (open and stocked) its months ended. */
export function closedWhy(l: Pick<OwnListing, 'status' | 'available_quantity'>): 'closed' | 'sold out' | 'ended' {
  if (l.status === 'Closed') return 'closed';
  if (decilitres(l.available_quantity) <= 0n) return 'sold out';
  return 'ended';
}

/** The first test the company's listings fail, in the order a bid needs them: product, months, open, negotiator. */
export function noListingReason(records: readonly OwnListing[], item: ItemDetail): NoListingReason {
  const ofProduct = records.filter((l) => l.side !== item.side && l.product === item.type_of_spirit);
  if (!ofProduct.length) return { kind: 'none' };
  const overlapping = ofProduct.filter((l) => periodsOverlap(l, item));
  if (!overlapping.length) return { kind: 'periods', listings: ofProduct };
  const open = overlapping.filter((l) => l.is_open);
  if (!open.length) return { kind: 'closed', listings: overlapping };
  return { kind: 'not-negotiator', listings: open };
}
