// Server-side pagination, search and name sorting shared by every list (DESIGN.md §3 "Lists").
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function pageOf(q: Pick<ListQuery, 'page' | 'page_size'>) {
  return { limit: q.page_size, offset: (q.page - 1) * q.page_size };
}

/** Case-insensitive "contains" over the given columns; undefined when there is nothing to search. */
export function searchAny(term: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  const t = term?.trim();
  if (!t) return undefined;
  const pattern = `%${t.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`lower(${c}) like ${pattern}`),
    sql` or `,
  )})`;
}

/** Name order, case-insensitive, with the id as a tie-breaker so pages never overlap. */
export function byName(column: SQLWrapper, id: SQLWrapper, order: 'asc' | 'desc' = 'asc'): SQL[] {
  return order === 'desc' ? [sql`lower(${column}) desc`, sql`${id} desc`] : [sql`lower(${column}) asc`, sql`${id} asc`];
}
