// "Landed ₹/L" (beyond the spec, issue 8 part 4): what a litre of a possible trade comes to delivered, with the
// parts it is made of behind a disclosure button, so the breakdown opens by touch and keyboard as well as by pointer.
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { useId, useState } from 'react';
import { formatMoney } from '../../../ui/format';
import { breakdownLines } from '../../../ui/price-breakdown';

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
