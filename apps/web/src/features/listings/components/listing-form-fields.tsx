// The listing form's values and its two kinds of field: a choice of the product → state → distillery cascade, and
// a number (litres, ₹ or percent). Each is a required FormField with its label, hint and error.
import {
  ASK_FEE_FIELDS,
  OFFER_FEE_FIELDS,
  feeLabelWithUnit,
  type FeeField,
} from '@spirit/domain/listings/listings.constants';
import type { ListingForm as ListingFormOutput, OfferDetail } from '@spirit/domain/listings/listings.schemas';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { FormField, inputClass } from '../../../ui/form-field';
import type { Choice } from './use-listing-choices';

export type ListingValues = {
  from_period: string;
  to_period: string;
  product: string;
  state: string;
  distillery_id: string;
  offer_quantity: string;
  offer_price: string;
} & Record<FeeField, string>;

/** Every field the server may name in its errors. */
export const LISTING_FIELDS = [
  'from_period',
  'to_period',
  'product',
  'state',
  'distillery_id',
  'offer_quantity',
  'offer_price',
  ...OFFER_FEE_FIELDS,
  ...ASK_FEE_FIELDS,
] as const satisfies readonly (keyof ListingValues)[];

/** Each fee's one name and unit (the domain's `FEE_NAMES`), with what it means under the field. */
export const FEE_LABELS: Record<FeeField, { label: string; hint: string; step: string }> = {
  export_pass_fee: { label: feeLabelWithUnit('export_pass_fee'), hint: '₹ per litre', step: '0.01' },
  sales_tax: { label: feeLabelWithUnit('sales_tax'), hint: 'Percent of the price', step: '0.01' },
  import_pass_fee: { label: feeLabelWithUnit('import_pass_fee'), hint: '₹ per litre', step: '0.01' },
  escort_fee: { label: feeLabelWithUnit('escort_fee'), hint: '₹ per litre', step: '0.01' },
  transit_permit_fee: { label: feeLabelWithUnit('transit_permit_fee'), hint: '₹ per litre', step: '0.01' },
  corporation_fee: { label: feeLabelWithUnit('corporation_fee'), hint: '₹ per litre', step: '0.01' },
  misc_handling: { label: feeLabelWithUnit('misc_handling'), hint: '₹ per litre', step: '0.01' },
  transportation: { label: feeLabelWithUnit('transportation'), hint: '₹ per litre', step: '0.01' },
};

const blank = (v: string | null | undefined) => v ?? '';

/** The form's starting values: the listing's for an edit, empty for a new one. */
export function valuesOf(listing: OfferDetail | undefined): ListingValues {
  const fees = Object.fromEntries([...OFFER_FEE_FIELDS, ...ASK_FEE_FIELDS].map((f) => [f, blank(listing?.[f])]));
  return {
    from_period: blank(listing?.from_period).slice(0, 7),
    to_period: blank(listing?.to_period).slice(0, 7),
    product: blank(listing?.product),
    state: blank(listing?.state),
    distillery_id: listing ? String(listing.distillery_id) : '',
    offer_quantity: blank(listing?.offer_quantity),
    offer_price: blank(listing?.offer_price),
    ...(fees as Record<FeeField, string>),
  };
}

/** One step of the cascade as a native select; `onChange` clears or fills the steps after it. */
export function ChoiceField({
  control,
  name,
  label,
  error,
  choices,
  placeholder,
  onChange,
}: {
  control: Control<ListingValues, unknown, ListingFormOutput>;
  name: 'product' | 'state' | 'distillery_id';
  label: string;
  error: string | undefined;
  choices: Choice[];
  placeholder: string;
  onChange?: (value: string) => void;
}) {
  return (
    <FormField id={`listing-${name === 'distillery_id' ? 'distillery' : name}`} label={label} error={error} required>
      {(a11y) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <select
              {...a11y}
              value={field.value}
              onChange={(event) => (onChange ?? field.onChange)(event.target.value)}
              onBlur={field.onBlur}
              className={inputClass(!!error, 'native-select')}
            >
              <option value="">{placeholder}</option>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        />
      )}
    </FormField>
  );
}

/** A decimal input of the form (`step` 0.1 for litres, 0.01 for rupees and percents). */
export function NumberField({
  id,
  label,
  hint,
  error,
  step,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  step: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} required>
      {(a11y) => (
        <input
          {...a11y}
          {...registration}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          className={inputClass(!!error)}
        />
      )}
    </FormField>
  );
}
