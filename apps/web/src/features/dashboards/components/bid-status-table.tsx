// A dashboard table (Approved Bid Status, Open Bid Status): the first rows of its list with loading, failed and
// empty states, and a link to the full list.
import type { DashboardBidList, DashboardBid } from '@spirit/domain/dashboards/dashboards.schemas';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, type HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../app/api-client';
import type { DataColumn } from '../../../ui/data-list';
import { EmptyState, ErrorState, LoadingState, NO_DATA } from '../../../ui/status-states';

type Props = {
  title: string;
  /** Says what the table holds, e.g. "Last 7 days". */
  note: string;
  result: {
    data: DashboardBidList | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  columns: DataColumn<DashboardBid>[];
  report: { to: string; label: string };
};

export function BidStatusTable({ title, note, result, columns, report }: Props) {
  const id = useId();
  let body;
  if (result.isError) body = <ErrorState message={errorText(result.error)} onRetry={() => void result.refetch()} />;
  else if (result.isPending || !result.data) body = <LoadingState />;
  else
    body = (
      <DataTable
        value={result.data.records}
        dataKey="id"
        className="data-list-table"
        emptyMessage={<EmptyState message={NO_DATA} />}
        pt={{
          table: { 'aria-labelledby': id },
          // A wide table scrolls sideways on a phone: its frame takes focus so arrow keys can scroll it.
          wrapper: { tabIndex: 0, role: 'region', 'aria-label': `${title} (scrollable)` },
        }}
      >
        {columns.map((column) => (
          <Column
            key={column.key}
            columnKey={column.key}
            header={column.header}
            body={(row: DashboardBid) => column.body(row)}
            className={column.className}
            pt={{ bodyCell: { 'data-label': column.header } as HTMLAttributes<HTMLTableCellElement> }}
          />
        ))}
      </DataTable>
    );
  return (
    <section className="card dashboard-table" aria-labelledby={id}>
      <div className="dashboard-table-head">
        <h2 className="card-title" id={id}>
          {title}
        </h2>
        <span className="muted">{note}</span>
        <Link to={report.to} className="dashboard-report-link">
          {report.label}
        </Link>
      </div>
      {body}
    </section>
  );
}
