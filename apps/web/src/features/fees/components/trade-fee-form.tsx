// The SuperAdmin's correction of a trade's snapshotted rates ("Add Commission", `updateBidCommission`): both sides'
// rate and GST, all required; after saving, back to /mycommission in 2 s (spec 001 §4).
import { BID_SIDES } from '@spirit/domain/bids/bids.constants';
import {
  updateBidCommissionSchema,
  type BidCommission,
  type UpdateBidCommission,
} from '@spirit/domain/fees/trade-fees.schemas';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorText } from '../../../app/api-client';
import { FormField, inputClass } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { RedirectNotice, useDelayedRedirect } from '../../../ui/use-delayed-redirect';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useUpdateBidCommission } from '../api/update-bid-commission';

const FIELDS = BID_SIDES.flatMap((side) =>
  (['commission_amount', 'central_gst', 'state_gst'] as const).map((f) => `${side}_${f}` as const),
);
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<string, string> = {
  commission_amount: 'Service Charge (₹/L)',
  central_gst: 'Central GST %',
  state_gst: 'State GST %',
};
const SIDE = { buyer: 'Buyer', seller: 'Seller' } as const;

/** The inputs' strings as the contract reads them: a blank one is missing, not zero. */
const valuesSchema = (id: number) =>
  z.preprocess((raw) => {
    const v = (raw ?? {}) as Record<string, unknown>;
    return {
      id,
      ...Object.fromEntries(FIELDS.map((f) => [f, typeof v[f] === 'string' && v[f].trim() === '' ? undefined : v[f]])),
    };
  }, updateBidCommissionSchema) as unknown as z.ZodType<UpdateBidCommission, Values>;

const AFTER_SAVE_MS = 2000;

export function TradeFeeForm({ trade }: { trade: BidCommission }) {
  const toast = useToast();
  const update = useUpdateBidCommission();
  const { redirect, target, remaining } = useDelayedRedirect();
  const schema = valuesSchema(trade.id);
  const { register, handleSubmit, setError, watch, formState } = useForm<Values, unknown, UpdateBidCommission>({
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, trade[f] ?? ''])) as Values,
    mode: 'onTouched',
    resolver: schemaResolver<Values, typeof schema>(schema),
  });
  const ready = passes(schema, watch());

  const onValid = async (body: UpdateBidCommission) => {
    try {
      const { message } = await update.mutateAsync(body);
      toast.success(message);
      redirect('/mycommission', AFTER_SAVE_MS);
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
    }
  };

  return (
    <form noValidate className="card" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <h2>Correct the service fee</h2>
      <p className="muted">
        A change cancels the side’s invoice with a credit note and issues a new invoice at the new rates.
      </p>
      <div className="fee-form-grid">
        {BID_SIDES.map((side) => (
          <fieldset key={side}>
            <legend>{SIDE[side]}</legend>
            {FIELDS.filter((f) => f.startsWith(side)).map((name) => {
              const error = formState.errors[name]?.message;
              return (
                <FormField
                  key={name}
                  id={`trade-fee-${name}`}
                  label={`${SIDE[side]} ${LABELS[name.slice(side.length + 1)]}`}
                  error={error}
                  required
                >
                  {(a11y) => (
                    <input
                      {...a11y}
                      {...register(name)}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      className={inputClass(!!error)}
                    />
                  )}
                </FormField>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="form-actions">
        <SubmitButton label="Add Commission" blocked={!ready} busy={update.isPending || target !== null} />
      </div>
      {target ? <RedirectNotice to={target} remaining={remaining} label="My Service Fee" /> : null}
    </form>
  );
}
