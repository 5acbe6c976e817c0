// What the validity choice comes to, shown before sending (issue 21, item 2): "Valid until 24-11-2026 14:30" — now
// plus the hours chosen, or the bid's own deadline when a counter keeps it. Re-read each half minute, so the figure
// stays true while the form is open; an `<output>`, not a live region, so nothing is announced as it ticks.
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../ui/format';
import { expiryOf } from './bid-terms';

export function ExpiryOutput({ id, hours, deadline }: { id: string; hours: string; deadline?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const until = expiryOf(hours, now, deadline);
  return (
    <p className="bid-expiry" id={id}>
      <span>{hours === 'keep' ? 'Stays valid until: ' : 'Valid until: '}</span>
      <output aria-live="off">{until ? formatDateTime(until) : 'Choose a validity'}</output>
    </p>
  );
}
