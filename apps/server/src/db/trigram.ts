import { sql, type SQL } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * GIN trigram indexes on `lower(column)`, one per column, named `<table>_<column>_trgm_idx`. They serve the lists'
 * case-insensitive "contains" search (`lower(column) like '%term%'`, lib/list.ts `searchAny`) without a sequential
 * scan; the pg_trgm extension comes with the first migration that uses it, on PGlite through its contrib build.
 */
export function trigramIndexes(table: string, columns: PgColumn[]) {
  return columns.map((c) => index(`${table}_${c.name}_trgm_idx`).using('gin', sql`lower(${c}) gin_trgm_ops`));
}

/**
 * The generated expression of a table's `search_text`: its searched columns lowered once, when a row is written,
 * and joined by chr(31). A list searching many rows (every company, the audit log) then matches one stored value
 * per row (`search_text like '%term%'`, lib/list.ts `searchTextLike`) instead of lowering each column of each row
 * on every search — most of a search's time, ten times the match on PGlite. The separator is a control character
 * no searched value holds and no search term keeps (the list schemas turn control characters into spaces), so a
 * term matches within one column as before, never across two. The columns must be NOT NULL: `||` with a null is
 * null.
 */
export function searchTextOf(columns: () => PgColumn[]): () => SQL {
  return () => sql`lower(${sql.join(columns(), sql` || chr(31) || `)})`;
}

/** The GIN trigram index serving `search_text like '%term%'` at any size (`<table>_search_trgm_idx`). */
export function searchTextIndex(table: string, column: PgColumn) {
  return index(`${table}_search_trgm_idx`).using('gin', sql`${column} gin_trgm_ops`);
}
