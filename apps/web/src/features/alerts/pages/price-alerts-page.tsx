// Price Alerts (issue 25 part 4): a Negotiator's standing searches of the market. The side is their company's: a
// Buyer watches offers (at most a price), a Seller asks (at least a price). A matching listing that opens rings the
// bell (and mails, per the notification settings).
import { alertSideFor } from '@spirit/domain/alerts/alerts.constants';
import type { AlertRecord } from '@spirit/domain/alerts/alerts.schemas';
import { GST_STATE_CODES } from '@spirit/domain/geo/geo.rules';
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { FormField, inputClass } from '../../../ui/form-field';
import { formatDateTime } from '../../../ui/format';
import { RowActionButton } from '../../../ui/row-action';
import { useToast } from '../../../ui/toast';
import { useConfirm } from '../../../ui/use-confirm';
import { useListState } from '../../../ui/use-list-state';
import { useCreatePriceAlert } from '../api/create-price-alert';
import { useCompanyProducts } from '../api/get-company-products';
import { useDeletePriceAlert } from '../api/delete-price-alert';
import { usePriceAlerts } from '../api/get-price-alerts';

const STATES = [...new Set(Object.values(GST_STATE_CODES))].sort((a, b) => a.localeCompare(b));
type Draft = { product: string; state: string; price: string; min_quantity: string };
const EMPTY: Draft = { product: '', state: '', price: '', min_quantity: '' };

function AlertForm({ side }: { side: 'Offer' | 'Ask' }) {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreatePriceAlert();
  const { products, isPending: productsPending } = useCompanyProducts();
  const toast = useToast();
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!draft.product) local.product = '*required';
    if (!draft.price) local.price = '*required';
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate(
      { side, ...draft },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setDraft(EMPTY);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          toast.failure(errorText(error));
        },
      },
    );
  };
  const bound = side === 'Offer' ? 'Price at most (₹ per litre)' : 'Price at least (₹ per litre)';
  return (
    <form className="filter-form" aria-label="New price alert" noValidate onSubmit={submit}>
      <p className="form-hint">
        You watch {side === 'Offer' ? 'offers' : 'asks'}: {side === 'Offer' ? 'sellers' : 'buyers'}’ listings open in
        the market.
      </p>
      <FormField id="alert-product" label="Product" required error={errors.product}>
        {(a11y) => (
          <select
            {...a11y}
            value={draft.product}
            onChange={set('product')}
            className={inputClass(!!errors.product, 'native-select')}
          >
            <option value="">{productsPending ? 'Loading products…' : 'Select a product'}</option>
            {products.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="alert-state" label="State" error={errors.state}>
        {(a11y) => (
          <select
            {...a11y}
            value={draft.state}
            onChange={set('state')}
            className={inputClass(!!errors.state, 'native-select')}
          >
            <option value="">Any state</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="alert-price" label={bound} required error={errors.price}>
        {(a11y) => (
          <input
            {...a11y}
            value={draft.price}
            onChange={set('price')}
            inputMode="decimal"
            className={inputClass(!!errors.price)}
          />
        )}
      </FormField>
      <FormField id="alert-quantity" label="Quantity at least (litres)" error={errors.min_quantity}>
        {(a11y) => (
          <input
            {...a11y}
            value={draft.min_quantity}
            onChange={set('min_quantity')}
            inputMode="decimal"
            className={inputClass(!!errors.min_quantity)}
          />
        )}
      </FormField>
      <div className="filter-actions">
        <Button type="submit" label="Save alert" icon="pi pi-bell" loading={create.isPending} />
      </div>
    </form>
  );
}

function RemoveButton({ alert }: { alert: AlertRecord }) {
  const remove = useDeletePriceAlert();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  return (
    <>
      {dialog}
      <RowActionButton
        icon="pi-trash"
        label={`Remove the alert: ${alert.summary}`}
        busy={remove.isPending}
        onClick={() =>
          void confirm('Remove this price alert?').then((yes) => {
            if (yes)
              remove.mutate(alert.id, {
                onSuccess: (result) => toast.success(result.message),
                onError: (error) => toast.failure(errorText(error)),
              });
          })
        }
      />
    </>
  );
}

const columns: DataColumn<AlertRecord>[] = [
  { key: 'product', header: 'Product', body: (a) => a.product, sortable: true },
  { key: 'summary', header: 'Alert', body: (a) => a.summary },
  { key: 'created', header: 'Saved', body: (a) => formatDateTime(a.created_at) },
  { key: 'action', header: 'Action', body: (a) => <RemoveButton alert={a} /> },
];

export function PriceAlertsPage() {
  const session = useSession();
  const list = useListState();
  const result = usePriceAlerts(list.query);
  const side = alertSideFor(session?.user.company_type ?? 'Buyer');
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Price Alerts</h1>
      <div className="card">
        <AlertForm side={side} />
      </div>
      <div className="card">
        <DataList
          label="Your price alerts"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search price alerts', placeholder: 'Search by product or state' }}
        />
      </div>
    </section>
  );
}
