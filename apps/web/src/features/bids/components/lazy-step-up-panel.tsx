// The one-time-code panel (otp-panel.tsx), fetched when an action first needs it: the inbox and the bid dialogs send
// an action at once while the approval window is open, and the panel's check brings the bids' zod schemas, which
// the lists need for nothing else (docs/decisions.md "Page-weight budgets").
import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '../../../ui/status-states';
import type { StepUpPanel as Panel } from './otp-panel';

const StepUpPanel = lazy(() => import('./otp-panel').then((m) => ({ default: m.StepUpPanel })));

export function LazyStepUpPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <StepUpPanel {...props} />
    </Suspense>
  );
}
