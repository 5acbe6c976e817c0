// The review table of /ratings: the rows added and not saved yet, each removable; a row the server refused carries
// its reason.
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { EmptyState, NO_DATA } from '../../../ui/status-states';
import type { ReviewRow } from './review-row';
import { ratingWords } from './star-input';

type Props = {
  rows: ReviewRow[];
  /** The server's reason per refused row, by the row's key. */
  problems: Map<number, string>;
  onRemove: (key: number) => void;
  busy: boolean;
};

type Shown = ReviewRow & { problem: string | null };

export function ReviewTable({ rows, problems, onRemove, busy }: Props) {
  // New row objects when a reason comes or goes: the table redraws a row only when its object changes.
  const shown: Shown[] = rows.map((r) => ({ ...r, problem: problems.get(r.key) ?? null }));
  return (
    <DataTable
      value={shown}
      dataKey="key"
      emptyMessage={<EmptyState message={NO_DATA} />}
      className="review-table"
      pt={{
        table: { 'aria-label': 'Review table' },
        // A wide table scrolls sideways on small screens: its frame takes focus so arrow keys can scroll it.
        wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Review table (scrollable)' },
      }}
      rowClassName={(row: Shown) => (row.problem ? 'review-row-refused' : '')}
    >
      <Column header="From Company" body={(r: ReviewRow) => r.from_company_name} />
      <Column header="Distillery" body={(r: ReviewRow) => r.from_distillery_name} />
      <Column header="To Company" body={(r: ReviewRow) => r.to_company_name} />
      <Column header="Distillery" body={(r: ReviewRow) => r.to_distillery_name} />
      <Column header="Source" body={(r: ReviewRow) => r.source} />
      <Column
        header="Rating"
        body={(r: Shown) => (
          <>
            <span>{ratingWords(r.rating)}</span>
            {r.problem ? <span className="field-error review-row-problem">{r.problem}</span> : null}
          </>
        )}
      />
      <Column
        header="Action"
        body={(r: ReviewRow) => (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            aria-label={`Remove the row rating ${r.to_distillery_name}`}
            onClick={() => onRemove(r.key)}
          >
            Remove
          </button>
        )}
      />
    </DataTable>
  );
}
