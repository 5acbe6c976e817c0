// CSV files the browser writes from figures on screen (RFC 4180). A text cell a spreadsheet program would read as
// a formula (starting = + - @, or a tab or carriage return that some programs skip before one) is written as text
// with a leading apostrophe (OWASP "CSV injection"); numbers, and text that is only a number, are written as they
// are, negative ones included.

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell: formula-like text made text, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'number' || PLAIN_NUMBER.test(value) || !FORMULA_START.test(value) ? String(value) : `'${value}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
