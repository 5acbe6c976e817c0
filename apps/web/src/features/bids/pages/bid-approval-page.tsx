// Waiting for me (/bidapproval; the spec's screen is empty, spec 001 §2): the inbox of every trading tier (issue 21,
// item 1) — the bids waiting for the caller's own tiers on its side (`awaiting_me`: a Negotiator's turn to answer,
// an Authorizer's or Approver's approval), with the caller's step, the total value and the time left, each opening
// the dialog where the caller acts; approval rows carry Approve and Reject, and several are approved together with one
// code (`InboxList`). The menu counts them. A user holding several tiers (Authorizer on one
// distillery, Approver on another) may narrow the list to one (`awaiting_tier`, `?tier=` in the URL).
import { BID_TIERS, TIER_LABELS, type BidTier } from '@spirit/domain/bids/bids.constants';
import { useSession } from '../../../app/session';
import { ToggleGroup } from '../../../ui/toggle-group';
import { useListState } from '../../../ui/use-list-state';
import { InboxList } from '../components/inbox-list';

type TierView = BidTier | 'all';

export function BidApprovalPage() {
  const roles = useSession()?.user.roles ?? [];
  const held = BID_TIERS.filter((tier) => roles.includes(TIER_LABELS[tier]));
  const list = useListState();
  const chosen = list.filter('tier');
  const tier = held.find((t) => t === chosen);
  const options = [
    { value: 'all' as TierView, label: 'All' },
    ...held.map((t) => ({ value: t as TierView, label: `As ${TIER_LABELS[t]}` })),
  ];
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Waiting for me</h1>
      <p className="page-lead">Bids at your turn. Act before the time left runs out: a bid lapses when it does.</p>
      <div className="card">
        <InboxList
          label="Bids waiting for you"
          scope={{ awaiting_me: true, ...(tier ? { awaiting_tier: tier } : {}) }}
          toolbar={
            held.length > 1 ? (
              <ToggleGroup
                label="Waiting for you"
                value={tier ?? 'all'}
                options={options}
                onChange={(next) => list.setFilters({ tier: next === 'all' ? '' : next })}
              />
            ) : undefined
          }
        />
      </div>
    </section>
  );
}
