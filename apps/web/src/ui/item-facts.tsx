// A market item's facts (spec 001 §2 "Item info view", "Bid / negotiation page"): the company name (masked unless
// it is the caller's own), spirit, state, average and last traded price, deal locked, the price, the quantity and
// the fees of the item's side. The listings feature's item view and the bids feature's bid page both show them.
import type { inventoryDetailSchema } from '@spirit/domain/listings/listings.schemas';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ASK_FEE_DISPLAY_ORDER, FEE_NAMES, FEE_UNITS, type FeeField } from '@spirit/domain/listings/listings.constants';
import { formatPercent, formatQuantity, formatRate } from './format';
import { MaskedName } from './masked-name';

export type ItemDetail = z.infer<typeof inventoryDetailSchema>;

export const NA = 'N/A';

export type Fact = { label: string; value: ReactNode };

export function Facts({ facts, className = 'details' }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The fees the item's side states, each under its one name and in its unit (the domain's `FEE_NAMES`). */
export function itemFeeFacts(item: ItemDetail): Fact[] {
  const fact = (field: FeeField) => ({
    label: FEE_NAMES[field].label,
    value: FEE_NAMES[field].unit === FEE_UNITS.percent ? formatPercent(item[field], NA) : formatRate(item[field], NA),
  });
  if (item.side === 'Offer') return [fact('sales_tax'), fact('export_pass_fee')];
  return ASK_FEE_DISPLAY_ORDER.map(fact);
}

/**
 * What a bid's page knows better than the listing: the counterparty's name as the bid shows it (in full once
 * traded) and whether this bid's deal is locked.
 */
export type ItemOverrides = { company?: { name: string; reveal: boolean }; locked?: boolean };

/** The item's facts, then `extra` (the bid page adds the final price). */
export function ItemFacts({
  item,
  extra = [],
  overrides = {},
}: {
  item: ItemDetail;
  extra?: readonly Fact[];
  overrides?: ItemOverrides;
}) {
  const company = overrides.company ?? { name: item.company.name, reveal: item.is_own };
  const locked = overrides.locked ?? item.is_deal_locked;
  return (
    <Facts
      facts={[
        { label: 'Company Name', value: <MaskedName name={company.name} reveal={company.reveal} /> },
        { label: 'Spirit Name', value: item.type_of_spirit },
        { label: 'State', value: item.state_name },
        { label: 'Average Price', value: formatRate(item.average_price, NA) },
        { label: 'Last Traded Price', value: formatRate(item.last_traded_price, NA) },
        { label: 'Deal Locked', value: locked ? 'Yes' : 'No' },
        { label: item.side === 'Ask' ? 'Ask Price' : 'Offer Price', value: formatRate(item.price_per_liter) },
        { label: 'Quantity', value: formatQuantity(item.quantity_available) },
        ...itemFeeFacts(item),
        ...extra,
      ]}
    />
  );
}
