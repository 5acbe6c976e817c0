import { sql } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * GIN trigram indexes on `lower(column)`, one per column, named `<table>_<column>_trgm_idx`. They serve the lists'
 * case-insensitive "contains" search (`lower(column) like '%term%'`, lib/list.ts `searchAny`) without a sequential
 * scan; the pg_trgm extension comes with the first migration that uses it, on PGlite through its contrib build.
 */
export function trigramIndexes(table: string, columns: PgColumn[]) {
  return columns.map((c) => index(`${table}_${c.name}_trgm_idx`).using('gin', sql`lower(${c}) gin_trgm_ops`));
}
