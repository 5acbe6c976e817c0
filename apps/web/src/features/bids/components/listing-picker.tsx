// The placer's side of a bid from the market (DESIGN.md §4 "Trading model"): one of the company's open listings of
// the item's product, for an overlapping period, on the other side — what the Possible tab pairs the other way round.
// The first is preselected; with none the page says so and links to create one.
import { LISTING_SIDES } from '@spirit/domain/listings/listings.constants';
import { termsPair } from '@spirit/domain/listings/listings.rules';
import type { Listing } from '@spirit/domain/listings/listings.schemas';
import { Link } from 'react-router';
import { formatMoney, formatNumber, formatPeriod } from '../../../ui/format';
import { FormField, inputClass } from '../../../ui/form-field';
import type { ItemDetail } from '../../../ui/item-facts';

/** The company's listings a bid on `item` may join (the server decides whether each is open). */
export function pickableListings(records: readonly Listing[], item: ItemDetail): Listing[] {
  const terms = {
    side: item.side,
    product: item.type_of_spirit,
    from_period: item.from_period,
    to_period: item.to_period,
  };
  return records.filter((l) => l.is_open && termsPair(l, terms));
}

const mySide = (item: ItemDetail) => LISTING_SIDES.find((s) => s !== item.side)!;

/** "Maharashtra, Nashik Distillery, 05-2026 – 08-2026: 12,000 B/L at ₹61.25" */
const optionText = (l: Listing) =>
  `${l.state}, ${l.distillery_name}, ${formatPeriod(l.from_period)} – ${formatPeriod(l.to_period)}: ` +
  `${formatNumber(l.available_quantity, { maxDecimals: 1 })} B/L at ${formatMoney(l.offer_price)}`;

export function NoListing({ item }: { item: ItemDetail }) {
  const side = mySide(item);
  return (
    <div className="state state-empty" role="status">
      <span>
        You have no open {side.toLowerCase()} of {item.type_of_spirit}.
      </span>{' '}
      <Link to={side === 'Offer' ? '/additem' : '/askcreate'}>Create an {side.toLowerCase()}</Link>
    </div>
  );
}

type Props = { item: ItemDetail; listings: readonly Listing[]; chosen: number; onChoose: (id: number) => void };

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
