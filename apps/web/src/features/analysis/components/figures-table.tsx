// A chart's figures as a table, and a "Download CSV" of exactly those rows and columns (the raw figures, unformatted).
import type { CsvCell } from '@spirit/domain/common/csv';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/status-states';
import { downloadCsv } from './download-csv';

export type FigureColumn<T> = {
  header: string;
  /** What the table shows. */
  cell: (row: T) => string;
  /** What the CSV holds. */
  csv: (row: T) => CsvCell;
  numeric?: boolean;
};

type Props<T> = {
  caption: string;
  columns: readonly FigureColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  fileName: string;
};

export function FiguresTable<T>({ caption, columns, rows, rowKey, fileName }: Props<T>) {
  const download = () =>
    downloadCsv(
      fileName,
      columns.map((c) => c.header),
      rows.map((row) => columns.map((c) => c.csv(row))),
    );
  return (
    <div className="figures">
      <div className="figures-actions">
        <Button
          type="button"
          label="Download CSV"
          icon="pi pi-download"
          outlined
          size="small"
          onClick={download}
          disabled={!rows.length}
          aria-label={`Download CSV: ${caption}`}
        />
      </div>
      {rows.length ? (
        <div className="figures-scroll" tabIndex={0} role="region" aria-label={`${caption} (table)`}>
          <table className="figures-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? 'numeric-cell' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.header} className={c.numeric ? 'numeric-cell' : undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState />
      )}
    </div>
  );
}
