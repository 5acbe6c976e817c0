// The inbox's table (/bidapproval, "Waiting for me"; issue 21, items 1, 13 and 19): each bid waiting for the caller
// with the counterparty (masked until the trade), the terms, the total value and the landed ₹/L at those terms
// (the server's `final_price`, the bid page's figure), the caller's step and the time left. An approval row has
// labelled Approve (green) and Reject (red) buttons and a box to select it: "Approve selected" clears the chosen
// bids with one one-time code, each its own transition, each row's outcome reported. A Negotiator's row opens the
// bid to answer it. Fits 1280 px beside the menu.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { RowActionButton } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useAllBids, type BidsQuery } from '../api/get-all-bids';
import { ApprovalButtons } from './approval-buttons';
import { Counterparty } from './bid-cells';
import type { BidDialogMode } from './bid-dialog';
import { BidFilters, bidFilterQuery, readBidFilter } from './bid-filters';
import { LazyBidDialog } from './lazy-bid-dialog';
import { BID_LISTS_REFRESH_MS } from './bid-list-screen';
import { Stack, StepCell, TermsCell, TimeLeftCell, useNow, ValueCell } from './inbox-cells';
import { stepOf } from './bid-turn';
import { RejectionCommentDialog } from './rejection-comment-dialog';
import { useApprovalQueue, type QueueOutcome } from './use-approval-queue';
import { useStepUpAction } from './use-step-up-action';

/** A row the caller approves (an Authorizer's or Approver's step), as against one they answer as Negotiator. */
export const isApprovalRow = (bid: BidListRecord, now: number) => {
  const tier = stepOf(bid, now);
  return tier === 'authorizer' || tier === 'approver';
};

type RowHandlers = {
  now: number;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  approve: (bid: BidListRecord) => void;
  reject: (bid: BidListRecord) => void;
  open: (bid: BidListRecord, mode: BidDialogMode) => void;
  busy: boolean;
};

// PrimeReact's table re-renders a row's cells only when the row's record changes: what changes without it (the
// selection, a request under way, the handlers' state) reaches the cells through a context.
const InboxRow = createContext<RowHandlers | null>(null);
const useRow = () => useContext(InboxRow)!;

function SelectBox({ bid }: { bid: BidListRecord }) {
  const on = useRow();
  if (!isApprovalRow(bid, on.now)) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Select bid ${bid.id}`}
      checked={on.selected.has(bid.id)}
      onChange={() => on.toggle(bid.id)}
    />
  );
}

function RowActions({ bid }: { bid: BidListRecord }) {
  const on = useRow();
  return (
    <span className="inbox-actions">
      {isApprovalRow(bid, on.now) ? (
        <ApprovalButtons bid={bid} busy={on.busy} onApprove={() => on.approve(bid)} onReject={() => on.reject(bid)} />
      ) : (
        <Button
          label="Answer"
          aria-label={`Answer bid ${bid.id}`}
          className="p-button-sm"
          onClick={() => on.open(bid, 'negotiate')}
        />
      )}
      <RowActionButton icon="pi-eye" label={`View Details of bid ${bid.id}`} onClick={() => on.open(bid, 'view')} />
    </span>
  );
}

export function inboxColumns(now: number): DataColumn<BidListRecord>[] {
  return [
    { key: 'select', header: 'Select', className: 'select-cell', body: (r) => <SelectBox bid={r} /> },
    { key: 'id', header: 'Bid ID', body: (r) => r.id, className: 'numeric-cell' },
    {
      key: 'product',
      header: 'Spirit Name',
      body: (r) => (
        <Stack>
          <span>{r.product}</span>
          <span className="muted">{r.state}</span>
        </Stack>
      ),
    },
    { key: 'counterparty', header: 'Counterparty', body: (r) => <Counterparty bid={r} /> },
    { key: 'terms', header: 'Quantity × Price', className: 'numeric-cell', body: (r) => <TermsCell bid={r} /> },
    { key: 'value', header: 'Total Value', className: 'numeric-cell', body: (r) => <ValueCell bid={r} /> },
    {
      key: 'step',
      header: 'Your Step',
      body: (r) => (
        <Stack>
          <StepCell bid={r} now={now} />
          <TimeLeftCell bid={r} now={now} />
        </Stack>
      ),
    },
    { key: 'action', header: 'Action', className: 'actions-cell', body: (r) => <RowActions bid={r} /> },
  ];
}

/** What became of each bid of the last "Approve selected". */
function QueueReport({ outcomes }: { outcomes: readonly QueueOutcome[] }) {
  return (
    <div role="status" aria-live="polite" className="inbox-report">
      {outcomes.length ? (
        <ul aria-label="Approved together">
          {outcomes.map((o) => (
            <li key={o.id} className={o.ok ? 'inbox-report-ok' : 'inbox-report-refused'}>
              <strong>Bid {o.id}:</strong> {o.ok ? o.text : `not approved — ${o.text}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function InboxList(props: {
  label: string;
  scope: Pick<BidsQuery, 'awaiting_me' | 'awaiting_tier'>;
  toolbar?: ReactNode;
}) {
  const now = useNow();
  const list = useListState();
  const result = useAllBids(
    { ...list.query, ...bidFilterQuery(readBidFilter(list)), ...props.scope },
    BID_LISTS_REFRESH_MS,
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<{ id: number; mode: BidDialogMode } | null>(null);
  const [rejecting, setRejecting] = useState<BidListRecord | null>(null);
  const step = useStepUpAction({ negotiator: false, onDone: () => setRejecting(null) });
  // Approved bids leave the selection (and, re-read, the list); refused ones stay chosen to look at.
  const queue = useApprovalQueue({
    onDone: (outcomes) =>
      setSelected((prev) => new Set([...prev].filter((id) => !outcomes.some((o) => o.ok && o.id === id)))),
  });
  const rows = (result.data?.records ?? []).filter((r) => isApprovalRow(r, now));
  const chosen = rows.filter((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const busy = step.busy || queue.running;
  const handlers: RowHandlers = {
    now,
    selected,
    toggle,
    busy,
    approve: (bid) => step.run({ bid_id: bid.id, is_approved: true, comment: '', version: bid.version }),
    reject: setRejecting,
    open: (bid, mode) => setOpened({ id: bid.id, mode }),
  };
  const toolbar = (
    <div className="inbox-toolbar">
      {props.toolbar}
      {rows.length ? (
        <span className="inbox-queue">
          <span className="checkbox-field">
            <input
              id="inbox-select-all"
              type="checkbox"
              checked={allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)))}
            />
            <label htmlFor="inbox-select-all">Select all to approve</label>
          </span>
          <Button
            label={`Approve selected (${chosen.length})`}
            className="p-button-success-strong"
            disabled={!chosen.length || busy}
            loading={queue.running}
            onClick={() => queue.approve(chosen)}
          />
        </span>
      ) : null}
    </div>
  );
  return (
    <div className="bid-list inbox-list">
      <BidFilters list={list} />
      <QueueReport outcomes={queue.outcomes} />
      <InboxRow.Provider value={handlers}>
        <DataList
          label={props.label}
          list={list}
          result={result}
          columns={inboxColumns(now)}
          rowKey="id"
          toolbar={toolbar}
          search={{ label: 'Search bids', placeholder: 'Search by product, state or trade reference', clearable: true }}
        />
      </InboxRow.Provider>
      <RejectionCommentDialog
        visible={rejecting !== null}
        busy={step.busy}
        onCancel={() => setRejecting(null)}
        onSave={(comment) =>
          rejecting && step.run({ bid_id: rejecting.id, is_approved: false, comment, version: rejecting.version })
        }
      />
      {step.panel}
      {queue.panel}
      <LazyBidDialog bidId={opened?.id ?? null} mode={opened?.mode ?? 'view'} onClose={() => setOpened(null)} />
    </div>
  );
}
