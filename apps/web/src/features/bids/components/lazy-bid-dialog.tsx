// The bid lists' dialog (bid-dialog.tsx), fetched when a row first opens it: a list's first paint needs neither
// PrimeReact's Dialog nor the negotiation form with its zod and react-hook-form, and the market's Bids List, which
// opens no bid, never loads them (docs/decisions.md "Page-weight budgets").
import { lazy, Suspense, useState } from 'react';
import type { BidDialogMode } from './bid-dialog';

const BidDialog = lazy(() => import('./bid-dialog').then((m) => ({ default: m.BidDialog })));

type Props = { bidId: number | null; mode: BidDialogMode; onClose: () => void };

/** Open while `bidId` is set; once opened it stays mounted, so closing keeps the dialog's own exit. */
export function LazyBidDialog(props: Props) {
  const [wanted, setWanted] = useState(props.bidId !== null);
  if (props.bidId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BidDialog {...props} />
    </Suspense>
  );
}
