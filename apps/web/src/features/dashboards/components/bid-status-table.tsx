// A dashboard table (Approved Bid Status, Open Bid Status): the first rows of its list with loading, failed and
// empty states, and a link to the full list. Ten rows, no sorting, paging or selection: a plain <table> drawn with
// PrimeReact DataTable's classes (so the theme and the lists' rules style it alike, cards at phone width included)
// rather than DataTable itself, which with its core is ~100 KB of gzip JavaScript the dashboard's chart page cannot
// carry (docs/decisions.md "Page-weight budgets").
import type { DashboardBidList, DashboardBid } from '@spirit/domain/dashboards/dashboards.schemas';
import { useId } from 'react';
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
      <div className="p-datatable p-component data-list-table">
        {/* A wide table scrolls sideways on a phone: its frame takes focus so arrow keys can scroll it. */}
        <div className="p-datatable-wrapper" tabIndex={0} role="region" aria-label={`${title} (scrollable)`}>
          <table className="p-datatable-table" aria-labelledby={id}>
            <thead className="p-datatable-thead">
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.className}>
                    <div className="p-column-header-content">
                      <span className="p-column-title">{column.header}</span>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="p-datatable-tbody">
              {result.data.records.length === 0 ? (
                <tr className="p-datatable-emptymessage">
                  <td colSpan={columns.length}>
                    <EmptyState message={NO_DATA} />
                  </td>
                </tr>
              ) : (
                result.data.records.map((row) => (
                  <tr key={row.id}>
                    {columns.map((column) => (
                      <td key={column.key} className={column.className} data-label={column.header}>
                        {column.body(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
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
