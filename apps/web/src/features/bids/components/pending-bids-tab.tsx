// Tabs 4 and 3 of the listing page, "Pending Authorisation" (Authorizer) and "Pending Approval" (Approver), spec
// 001 §2: the listing's bids waiting for the caller, re-read every 15 s, with Approve and Reject (a one-time code,
// and a Rejection Comment for Reject) and View Details. The buttons a row shows are the domain's `allowedActions`
// for the caller's side and the tab's tier: labelled Approve (green) and Reject (red), beside the counterparty
// (masked until the trade), the total value and the landed ₹/L at the bid's terms (issue 21, item 13).
import { sideOfCompanyType, type BidTier } from '@spirit/domain/bids/bids.constants';
import { allowedActions, pickFlags } from '@spirit/domain/bids/bids.rules';
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import type { OfferDetail } from '@spirit/domain/listings/listings.schemas';
import { useState } from 'react';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { RowActionButton } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useAllBids } from '../api/get-all-bids';
import { ApprovalButtons } from './approval-buttons';
import { Counterparty, standingColumns } from './bid-cells';
import { BidDialog } from './bid-dialog';
import { Stack, TermsCell, ValueCell } from './inbox-cells';
import { RejectionCommentDialog } from './rejection-comment-dialog';
import { useStepUpAction } from './use-step-up-action';

export const PENDING_BIDS_REFRESH_MS = 15_000;

/** What `tier` on `side` may do on a listed bid now. */
export function rowActions(bid: BidListRecord, actor: { side: 'buyer' | 'seller'; tier: BidTier } | null, now: number) {
  const state = { status: bid.status, locked: bid.is_deal_locked, flags: pickFlags(bid), valid_until: bid.valid_until };
  return new Set(allowedActions(state, actor, now));
}

type Handlers = {
  approve: (bid: BidListRecord) => void;
  reject: (bid: BidListRecord) => void;
  view: (id: number) => void;
};

function pendingColumns(
  allowed: (bid: BidListRecord) => Set<string>,
  on: Handlers,
  busy: boolean,
): DataColumn<BidListRecord>[] {
  return [
    {
      key: 'state',
      header: 'State',
      body: (r) => (
        <Stack>
          <span>{r.state}</span>
          <Counterparty bid={r} />
        </Stack>
      ),
    },
    {
      key: 'terms',
      header: 'Negotiated Quantity × Price',
      className: 'numeric-cell',
      body: (r) => <TermsCell bid={r} />,
    },
    { key: 'value', header: 'Total Value', className: 'numeric-cell', body: (r) => <ValueCell bid={r} /> },
    ...standingColumns,
    {
      key: 'actions',
      header: 'Actions',
      className: 'actions-cell',
      body: (r) => {
        const may = allowed(r);
        return (
          <span className="inbox-actions">
            <ApprovalButtons
              bid={r}
              busy={busy}
              onApprove={may.has('approve') ? () => on.approve(r) : undefined}
              onReject={may.has('reject') ? () => on.reject(r) : undefined}
            />
            <RowActionButton icon="pi-eye" label={`View Details of bid ${r.id}`} onClick={() => on.view(r.id)} />
          </span>
        );
      },
    },
  ];
}

function PendingBidsTab({ listing, tier, label }: { listing: Pick<OfferDetail, 'id'>; tier: BidTier; label: string }) {
  const companyType = useSession()?.user.company_type;
  const actor = companyType ? { side: sideOfCompanyType(companyType), tier } : null;
  const list = useListState();
  // Only the tab's tier: a user may be Authorizer on one distillery and Approver on another.
  const result = useAllBids(
    { ...list.query, offer_id: listing.id, awaiting_me: true, awaiting_tier: tier },
    PENDING_BIDS_REFRESH_MS,
  );
  const [viewing, setViewing] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<BidListRecord | null>(null);
  const step = useStepUpAction({ negotiator: false, onDone: () => setRejecting(null) });
  const now = Date.now();
  const columns = pendingColumns(
    (bid) => rowActions(bid, actor, now),
    {
      approve: (bid) => step.run({ bid_id: bid.id, is_approved: true, comment: '', version: bid.version }),
      reject: setRejecting,
      view: setViewing,
    },
    step.busy,
  );
  return (
    <div className="bid-list">
      <DataList label={label} list={list} result={result} columns={columns} rowKey="id" />
      <RejectionCommentDialog
        visible={rejecting !== null}
        busy={step.busy}
        onCancel={() => setRejecting(null)}
        onSave={(comment) =>
          rejecting && step.run({ bid_id: rejecting.id, is_approved: false, comment, version: rejecting.version })
        }
      />
      {step.panel}
      <BidDialog bidId={viewing} mode="details" onClose={() => setViewing(null)} />
    </div>
  );
}

export function PendingAuthorisationTab({ listing }: { listing: Pick<OfferDetail, 'id'> }) {
  return <PendingBidsTab listing={listing} tier="authorizer" label="Bids awaiting your authorisation" />;
}

export function PendingApprovalTab({ listing }: { listing: Pick<OfferDetail, 'id'> }) {
  return <PendingBidsTab listing={listing} tier="approver" label="Bids awaiting your approval" />;
}
