// The per-row report of a refused bulk sheet: row number (the sheet's own, header = row 1), column, message,
// in sheet order. Nothing was written (spec 001 §5; issue 8 part 5).
import { BULK_MAX_REPORTED_ERRORS } from '@spirit/domain/listings/listings.constants';
import { parseBulkErrorKey } from '@spirit/domain/listings/listings.rules';
import { formatNumber } from '../../../ui/format';

export type RowError = { row: number; column: string; message: string };

/** The row errors in an error envelope's `fields`, sorted by row; empty when it holds none. */
export function rowErrorsOf(fields: Record<string, string>): RowError[] {
  const rows: RowError[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const at = parseBulkErrorKey(key);
    if (at) rows.push({ ...at, message });
  }
  return rows.sort((a, b) => a.row - b.row);
}

export function BulkErrorReport({ summary, errors }: { summary: string; errors: RowError[] }) {
  const rows = new Set(errors.map((e) => e.row)).size;
  return (
    <section className="card bulk-report" aria-labelledby="bulk-report-title">
      <h2 id="bulk-report-title" className="card-title">
        Rows to correct
      </h2>
      <p>
        {summary} {formatNumber(errors.length, { maxDecimals: 0 })} {errors.length === 1 ? 'problem' : 'problems'} in{' '}
        {formatNumber(rows, { maxDecimals: 0 })} {rows === 1 ? 'row' : 'rows'}
        {errors.length >= BULK_MAX_REPORTED_ERRORS ? ' (the first ones are listed)' : ''}. Correct the sheet and upload
        it again.
      </p>
      <div className="bulk-report-frame" tabIndex={0} role="region" aria-label="Rows to correct (scrollable)">
        <table className="bulk-report-table">
          <caption className="visually-hidden">Rows to correct</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e) => (
              <tr key={`${e.row}.${e.column}`}>
                <td>{e.row}</td>
                <td>{e.column}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
