// How a final (landed) price reads as lines (spec 001 §5): the price, the sales tax, each fee in the rule's order,
// the total. The market's Landed ₹/L disclosure and the bid page's Price Breakup Details both list them.
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { ASK_FEE_DISPLAY_ORDER, FEE_NAMES } from '@spirit/domain/listings/listings.constants';
import { formatMoney, formatPercent } from './format';

type Part = { key: keyof LandedBreakdown; label: (b: LandedBreakdown) => string };

/** The fees in the order of the final-price rule (spec 001 §5). */
const FEES: readonly Part[] = [
  { key: 'sales_tax_amount', label: (b) => `${FEE_NAMES.sales_tax.label} (${formatPercent(b.sales_tax)})` },
  ...(['export_pass_fee', ...ASK_FEE_DISPLAY_ORDER] as const).map((key) => ({
    key,
    label: () => FEE_NAMES[key].label,
  })),
];

export type BreakdownLine = { label: string; value: string };

/** The price, each fee (zero fees left out unless `keepZero`), the total under `totalLabel`. */
export function breakdownLines(
  b: LandedBreakdown,
  opts: { keepZero?: boolean; totalLabel?: string } = {},
): BreakdownLine[] {
  const fees = FEES.filter((f) => opts.keepZero || Number(b[f.key]) !== 0).map((f) => ({
    label: f.label(b),
    value: `+ ${formatMoney(b[f.key])}`,
  }));
  return [
    { label: 'Price', value: formatMoney(b.price) },
    ...fees,
    { label: opts.totalLabel ?? 'Landed per litre', value: formatMoney(b.total) },
  ];
}
