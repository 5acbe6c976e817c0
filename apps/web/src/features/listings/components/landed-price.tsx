// "Landed ₹/L" (beyond the spec, issue 8 part 4): what a litre of a possible trade comes to delivered, with the
// parts it is made of behind a disclosure button, so the breakdown opens by touch and keyboard as well as by pointer.
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { useId, useState } from 'react';
import { formatMoney, formatPercent } from '../../../ui/format';

type Part = { key: keyof LandedBreakdown; label: (b: LandedBreakdown) => string };

/** The fees in the order of the final-price rule (spec 001 §5); zero fees are left out of the list. */
const FEES: readonly Part[] = [
  { key: 'sales_tax_amount', label: (b) => `Sales tax (${formatPercent(b.sales_tax)})` },
  { key: 'export_pass_fee', label: () => 'Export pass fee' },
  { key: 'import_pass_fee', label: () => 'Import pass fee' },
  { key: 'escort_fee', label: () => 'Escort fee' },
  { key: 'transit_permit_fee', label: () => 'Transit permit fee' },
  { key: 'corporation_fee', label: () => 'Corporation fee' },
  { key: 'misc_handling', label: () => 'Misc handling fee' },
  { key: 'transportation', label: () => 'Transportation fee' },
];

/** The lines of a breakdown: the price, each fee that is not zero, the total. */
export function breakdownLines(b: LandedBreakdown): { label: string; value: string }[] {
  const fees = FEES.filter((f) => Number(b[f.key]) !== 0).map((f) => ({
    label: f.label(b),
    value: `+ ${formatMoney(b[f.key])}`,
  }));
  return [
    { label: 'Price', value: formatMoney(b.price) },
    ...fees,
    { label: 'Landed per litre', value: formatMoney(b.total) },
  ];
}

export function LandedPrice({ breakdown, place }: { breakdown: LandedBreakdown; place: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="landed">
      <button
        type="button"
        className="landed-toggle"
        aria-expanded={open}
        aria-controls={id}
        title={open ? 'Hide breakdown' : 'Show breakdown'}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{formatMoney(breakdown.total)}</span>
        <span className="visually-hidden">, breakdown for {place}</span>
        <i className={`pi ${open ? 'pi-chevron-up' : 'pi-chevron-down'}`} aria-hidden="true" />
      </button>
      <dl id={id} className="landed-breakdown" hidden={!open}>
        {breakdownLines(breakdown).map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
