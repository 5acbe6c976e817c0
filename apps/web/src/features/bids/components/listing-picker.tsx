// The placer's side of a bid from the market (DESIGN.md §4 "Trading model"): one of the company's open listings of
// the item's product, for an overlapping period, on the other side — what the Possible tab pairs the other way round.
// The first is preselected; with none the page says why (no listing of the product, other months, closed or sold
// out, another Negotiator's distillery) and links to create one.
import { LISTING_SIDES } from '@spirit/domain/listings/listings.constants';
import { termsPair } from '@spirit/domain/listings/listings.rules';
import type { OwnListing } from '@spirit/domain/listings/listings.schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatNumber, formatPeriod } from '../../../ui/format';
import { FormField, inputClass } from '../../../ui/form-field';
import type { ItemDetail } from '../../../ui/item-facts';
import { closedWhy, noListingReason, type NoListingReason } from './no-listing-reason';

/** The company's listings a bid on `item` may join: open, pairing with it, and of a distillery the caller negotiates
 * for (the server decides again on placing). */
export function pickableListings(records: readonly OwnListing[], item: ItemDetail): OwnListing[] {
  const terms = {
    side: item.side,
    product: item.type_of_spirit,
    from_period: item.from_period,
    to_period: item.to_period,
  };
  return records.filter((l) => l.is_open && l.can_edit && termsPair(l, terms));
}

const mySide = (item: ItemDetail) => LISTING_SIDES.find((s) => s !== item.side)!;

/** "Maharashtra, Nashik Distillery, 05-2026 – 08-2026: 12,000 B/L at ₹61.25" */
const optionText = (l: OwnListing) =>
  `${l.state}, ${l.distillery_name}, ${formatPeriod(l.from_period)} – ${formatPeriod(l.to_period)}: ` +
  `${formatNumber(l.available_quantity, { maxDecimals: 1 })} B/L at ${formatMoney(l.offer_price)}`;

const periodsOf = (listings: readonly OwnListing[]) =>
  listings.map((l) => `${formatPeriod(l.from_period)} – ${formatPeriod(l.to_period)}`).join(', ');

function reasonText(reason: NoListingReason, item: ItemDetail): ReactNode {
  const side = mySide(item).toLowerCase();
  const product = item.type_of_spirit;
  const months = `${formatPeriod(item.from_period)} – ${formatPeriod(item.to_period)}`;
  switch (reason.kind) {
    case 'none':
      return `You have no ${side} of ${product}.`;
    case 'periods':
      return `Your ${side}s of ${product} are for other months (${periodsOf(reason.listings)}); this listing is for ${months}, and a bid joins listings whose months overlap.`;
    case 'closed':
      return `Your ${side}s of ${product} for these months take no bids: ${reason.listings
        .map(
          (l) =>
            `${l.distillery_name}, ${formatPeriod(l.from_period)} – ${formatPeriod(l.to_period)}, is ${closedWhy(l)}`,
        )
        .join('; ')}.`;
    case 'not-negotiator': {
      const names = [...new Set(reason.listings.map((l) => l.distillery_name))].join(', ');
      return `Your company’s ${side}s of ${product} for these months are from ${names}, and you are not mapped as the Negotiator of ${reason.listings.length > 1 ? 'those distilleries' : 'that distillery'}: its Negotiator places the bids.`;
    }
  }
}

/** Nothing to pick: says which of the reasons holds (issue 21 item 18), and links to create a listing. */
export function NoListing({ item, records }: { item: ItemDetail; records: readonly OwnListing[] }) {
  const side = mySide(item);
  return (
    <div className="state state-empty" role="status">
      <span>{reasonText(noListingReason(records, item), item)}</span>{' '}
      <Link to={side === 'Offer' ? '/additem' : '/askcreate'}>Create an {side.toLowerCase()}</Link>
    </div>
  );
}

type Props = { item: ItemDetail; listings: readonly OwnListing[]; chosen: number; onChoose: (id: number) => void };

export function ListingPicker({ item, listings, chosen, onChoose }: Props) {
  const side = mySide(item);
  return (
    <FormField
      id="bid-my-listing"
      label={`Your ${side.toLowerCase()}`}
      required
      hint={`The bid joins this ${side.toLowerCase()} of yours and the listing above.`}
    >
      {(a11y) => (
        <select
          {...a11y}
          className={inputClass(false, 'native-select')}
          value={String(chosen)}
          onChange={(event) => onChoose(Number(event.target.value))}
        >
          {listings.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {optionText(l)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
