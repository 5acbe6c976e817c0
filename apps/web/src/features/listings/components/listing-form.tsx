// The New Offer / New Ask form and its edit (spec 001 §2, §5): periods as month pickers, the product → state →
// distillery cascade with a lone choice preselected, the side's fees, and the contract's schema of the side
// (every field required, From Period not after To Period). The market cards follow the chosen product.
import {
  ASK_FEE_DISPLAY_ORDER,
  LISTING_MESSAGES,
  OFFER_FEE_FIELDS,
  type ListingSide,
} from '@spirit/domain/listings/listings.constants';
import { currentPeriod, periodRangeError } from '@spirit/domain/listings/listings.rules';
import {
  listingFormSchemaOf,
  type ListingForm as ListingFormOutput,
  type OfferDetail,
} from '@spirit/domain/listings/listings.schemas';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { FormField } from '../../../ui/form-field';
import { QueryError } from '../../../ui/status-states';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { RedirectNotice, useDelayedRedirect } from '../../../ui/use-delayed-redirect';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useCreateOffer } from '../api/create-offer';
import { useUpdateInventory } from '../api/update-inventory';
import { MarketCards } from './market-cards';
import { MonthField, periodToDate } from './month-field';
import {
  ChoiceField,
  FEE_LABELS,
  LISTING_FIELDS,
  NumberField,
  valuesOf,
  type ListingValues,
} from './listing-form-fields';
import { useListingChoices } from './use-listing-choices';
import './listing-pages.css';

const REDIRECT_MS = 5_000;

/** Where the user goes after a save: their list after a create (spec), the page they came from after an edit. */
export type AfterSave = { to: string; label: string };

type Props = { side: ListingSide; listing?: OfferDetail; afterSave: AfterSave };

export function ListingForm({ side, listing, afterSave }: Props) {
  const schema = listingFormSchemaOf(side);
  const toast = useToast();
  const create = useCreateOffer();
  const update = useUpdateInventory();
  const { redirect, target, remaining } = useDelayedRedirect();
  const words = side === 'Offer' ? 'Offers' : 'Asks';

  const { register, control, handleSubmit, setError, setValue, watch, formState, getValues } = useForm<
    ListingValues,
    unknown,
    ListingFormOutput
  >({
    defaultValues: valuesOf(listing),
    mode: 'onTouched',
    resolver: schemaResolver<ListingValues, typeof schema>(schema),
  });
  const { errors, touchedFields, isSubmitted } = formState;
  const values = watch();
  const choices = useListingChoices({
    product: values.product,
    state: values.state,
    kept: listing
      ? {
          product: listing.product,
          state: listing.state,
          distillery_id: String(listing.distillery_id),
          distillery_name: listing.distillery_name,
        }
      : undefined,
  });

  // The cascade: a new product or state clears what depended on it, and a lone choice is taken at once.
  const { statesOf, distilleriesOf } = choices;
  const pickState = (state: string) => {
    setValue('state', state, { shouldValidate: isSubmitted });
    const ds = state ? distilleriesOf(state) : [];
    setValue('distillery_id', ds.length === 1 ? ds[0]!.value : '', { shouldValidate: isSubmitted });
  };
  const pickProduct = (product: string) => {
    setValue('product', product, { shouldValidate: isSubmitted });
    const states = product ? statesOf(product) : [];
    pickState(states.length === 1 ? states[0]! : '');
  };
  // A new listing whose company trades one product starts with it (and its lone state and distillery).
  const started = useRef(false);
  useEffect(() => {
    if (started.current || listing || choices.isPending) return;
    started.current = true;
    if (choices.products.length === 1 && !getValues('product')) pickProduct(choices.products[0]!.value);
  });

  const rangeError =
    values.from_period && values.to_period ? periodRangeError(values.from_period, values.to_period) : null;
  const dateRangeShown =
    rangeError === LISTING_MESSAGES.dateRange &&
    (isSubmitted || (touchedFields.from_period && touchedFields.to_period));
  const ready = passes(schema, values);
  const busy = create.isPending || update.isPending;

  const onValid = async (form: ListingFormOutput) => {
    try {
      const { message } = listing
        ? await update.mutateAsync({ ...form, id: listing.id, version: listing.version })
        : await create.mutateAsync({ ...form, type: side === 'Offer' ? 'offer' : 'ask' });
      toast.success(message);
      redirect(afterSave.to, REDIRECT_MS);
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, LISTING_FIELDS);
    }
  };

  if (target) {
    return (
      <div className="card narrow-card">
        <Alert severity="success">{listing ? `${side} updated.` : `${side} added.`}</Alert>
        <RedirectNotice to={afterSave.to} remaining={remaining} label={afterSave.label} />
      </div>
    );
  }

  const err = (name: keyof ListingValues) => {
    const message = errors[name]?.message;
    // The period rule is said once, below the periods; the From field says why it is marked (spec 001 §5).
    if (name === 'from_period' && (message === LISTING_MESSAGES.dateRange || dateRangeShown))
      return LISTING_MESSAGES.invalidDate;
    return message;
  };
  const thisMonth = periodToDate(currentPeriod(new Date())) ?? undefined;
  const fees = side === 'Offer' ? OFFER_FEE_FIELDS : ASK_FEE_DISPLAY_ORDER;

  return (
    <>
      <MarketCards side={side} product={values.product} />
      {choices.error ? (
        <QueryError
          error={choices.error}
          onRetry={choices.refetch}
          back={{ to: afterSave.to, label: afterSave.label }}
        />
      ) : null}
      <form
        noValidate
        className="card listing-form"
        aria-label={listing ? `Edit ${side.toLowerCase()}` : `New ${side.toLowerCase()}`}
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <div className="form-grid">
          {(['from_period', 'to_period'] as const).map((name) => (
            <FormField
              key={name}
              id={`listing-${name}`}
              label={name === 'from_period' ? 'From Period' : 'To Period'}
              hint="MM-YYYY; Down arrow opens the calendar"
              error={err(name)}
              required
            >
              {(a11y) => (
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <MonthField
                      a11y={a11y}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      minDate={listing ? undefined : thisMonth}
                      invalid={!!err(name)}
                    />
                  )}
                />
              )}
            </FormField>
          ))}
          {dateRangeShown ? (
            <div className="span-2 period-alert">
              <Alert severity="error">{LISTING_MESSAGES.dateRange}</Alert>
            </div>
          ) : null}
          <ChoiceField
            control={control}
            name="product"
            label="Product"
            error={err('product')}
            choices={choices.products}
            placeholder={choices.isPending ? 'Loading products…' : 'Select product'}
            onChange={pickProduct}
          />
          <ChoiceField
            control={control}
            name="state"
            label="State"
            error={err('state')}
            choices={choices.states}
            placeholder={values.product ? 'Select state' : 'Select a product first'}
            onChange={pickState}
          />
          <ChoiceField
            control={control}
            name="distillery_id"
            label="Distillery"
            error={err('distillery_id')}
            choices={choices.distilleries}
            placeholder={values.state ? 'Select distillery' : 'Select a state first'}
          />
          <NumberField
            id="listing-quantity"
            label={side === 'Offer' ? 'Quantity Available' : 'Asked Quantity'}
            hint="Bulk litres, steps of 0.1"
            error={err('offer_quantity')}
            step="0.1"
            registration={register('offer_quantity')}
          />
          <NumberField
            id="listing-price"
            label={side === 'Offer' ? 'Price Per Liter' : 'Price Per Litre'}
            hint="₹ per litre"
            error={err('offer_price')}
            step="0.01"
            registration={register('offer_price')}
          />
          {fees.map((fee) => (
            <NumberField
              key={fee}
              id={`listing-${fee}`}
              label={FEE_LABELS[fee].label}
              hint={FEE_LABELS[fee].hint}
              error={err(fee)}
              step={FEE_LABELS[fee].step}
              registration={register(fee)}
            />
          ))}
        </div>
        <div className="form-actions">
          <SubmitButton label={`${listing ? 'Update' : 'Add'} ${words}`} blocked={!ready} busy={busy} />
          <Link to={afterSave.to} className="p-button p-component p-button-outlined link-as-button">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
