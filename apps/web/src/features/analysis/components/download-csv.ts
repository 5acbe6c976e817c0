import { toCsv, type CsvCell } from '@spirit/domain/common/csv';

/** Saves a table's figures as a CSV file (formula-like text written as text: common/csv.ts). */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]) {
  // A byte-order mark so spreadsheet programs read the ₹ and names as UTF-8.
  const blob = new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
