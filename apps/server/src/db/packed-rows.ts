// Packed rows, on PGlite (db/pglite-statements.ts): a read of three or more columns asks for each row as one value,
// the whole row's text form, and the columns are split back out of it here. PGlite spends about a microsecond on
// every value of an answer, whatever its type; one value a row is ten times fewer on a bid list. The columns' text
// is exactly what each would have been alone — PostgreSQL writes a composite value with every column's own output
// function — so the types' parsers read the split values as before, by the statement's own row description
// (docs/decisions.md "PGlite reads come back one value a row"; on the PostgreSQL server it measured as no gain).

/** Fewer columns than this are answered as they are: packing one or two saves less than splitting costs. */
export const PACK_FROM_COLUMNS = 3;

const READ = /^\s*(select|with)\b/i;
const WRITES_OR_LOCKS =
  /\b(insert\s+into|delete\s+from|update\s+("[^"]+"|\w+)(\s+(as\s+)?\w+)?\s+set|for\s+(no\s+key\s+update|update|key\s+share|share))\b/i;

/** Whether a statement may run packed: a read that neither writes (in a WITH) nor locks rows. */
export const packable = (text: string) => READ.test(text) && !WRITES_OR_LOCKS.test(text);

/**
 * The statement with each row as one value: the whole row as text. A subquery with ORDER BY or LIMIT is never
 * flattened into the query around it, so the rows keep their order. The newline ends a closing line comment.
 */
export const packedText = (text: string) => `select t::text from (${text.replace(/[\s;]+$/, '')}\n) t`;

/**
 * The values of a row's text form `(a,"b c",,"")`: unquoted values as they are, an empty one null; quoted ones with
 * `""` and `\\` undone — as PostgreSQL writes a composite value (record_out), so each is its column's own text.
 */
export function recordFields(text: string): (string | null)[] {
  const fields: (string | null)[] = [];
  const end = text.length - 1;
  let i = 1;
  for (;;) {
    if (text.charCodeAt(i) === 34 /* " */) {
      let value = '';
      let from = ++i;
      for (;;) {
        const c = text.charCodeAt(i);
        if (c === 34 && text.charCodeAt(i + 1) === 34) {
          value += text.slice(from, i + 1);
          from = i += 2;
        } else if (c === 92 /* \ */) {
          value += text.slice(from, i);
          from = i + 1;
          i += 2;
        } else if (c === 34) {
          value += text.slice(from, i++);
          break;
        } else if (i >= end) {
          throw new Error('A packed row ended inside a quoted value');
        } else i++;
      }
      fields.push(value);
    } else {
      let next = text.indexOf(',', i);
      if (next < 0 || next > end) next = end;
      fields.push(next === i ? null : text.slice(i, next));
      i = next;
    }
    if (i >= end) return fields;
    i++; // the comma
  }
}
