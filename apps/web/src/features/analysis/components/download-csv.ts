import { toCsv, type CsvCell } from '@spirit/domain/common/csv';
import { saveBlob } from '../../../ui/save-file';

/** Saves a table's figures as a CSV file (formula-like text written as text: common/csv.ts). */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]) {
  // A byte-order mark so spreadsheet programs read the ₹ and names as UTF-8.
  saveBlob(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
