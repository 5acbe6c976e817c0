// Server-side pagination, search and name sorting shared by every list (DESIGN.md §3 "Lists").
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { MarketCache } from './market-cache.js';

export function pageOf(q: Pick<ListQuery, 'page' | 'page_size'>) {
  return { limit: q.page_size, offset: (q.page - 1) * q.page_size };
}

/**
 * The size of the whole filtered list, computed by the page query itself (a window over the rows before LIMIT), so
 * a page and its total cost one round trip. Select it as `total_records` next to a page's columns.
 */
export const totalOver = sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * The same total for lists over large tables (every company, the audit log): an uncorrelated count in the page's
 * statement, which PostgreSQL runs once, so the page itself can stop after its rows in index order instead of
 * sorting everything the window would have to see. `cap` bounds the count: past it the list says `cap`.
 */
export function totalWhere(from: SQLWrapper, where: SQL | undefined, cap?: number) {
  const matching = sql`select 1 from ${from}${where ? sql` where ${where}` : sql``}`;
  return (
    cap
      ? sql<number>`(select count(*) from (${matching} limit ${cap}) as capped)::int`
      : sql<number>`(select count(*) from ${from}${where ? sql` where ${where}` : sql``})::int`
  ).mapWith(Number);
}

/** The rows of `from` matching `where`: a page past the end's count (`pageWithTotal`'s `countAll`). */
export async function countWhere(db: Tx, from: SQLWrapper, where: SQL | undefined): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from ${from}${where ? sql` where ${where}` : sql``}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/**
 * A page whose rows carry `total_records` (see `totalOver`, `totalWhere`) as `{records, totalRecords}`. A page past the end has
 * no row to carry the total; only then is it counted apart.
 */
export async function pageWithTotal<R extends { total_records?: number }>(
  q: Pick<ListQuery, 'page'>,
  rows: R[],
  countAll: () => Promise<number>,
): Promise<{ records: Omit<R, 'total_records'>[]; totalRecords: number }> {
  const totalRecords = rows[0]?.total_records ?? (q.page > 1 ? await countAll() : 0);
  return { records: rows.map(({ total_records: _, ...record }) => record), totalRecords };
}

/**
 * A page of a market-wide list whose total this process may know already: the market's open listings and current
 * bids run to hundreds of thousands of rows, and counting even a capped 10,000 of them on every page and every
 * 15-second refresh costs far more than the page. The total is kept for the cache's TTL per list and filter (`key`)
 * and forgotten when this process writes, like the market figures; other processes' changes show within seconds —
 * a paginator's figure, never a decision. `page(withTotal)` runs the page, with `total_records` on its rows only
 * when asked. A partial page tells the exact total whatever was kept.
 */
export async function pageWithKnownTotal<R extends { total_records?: number }>(opts: {
  cache: MarketCache;
  key: string;
  now: number;
  q: Pick<ListQuery, 'page' | 'page_size'>;
  page: (withTotal: boolean) => Promise<R[]>;
  countAll: () => Promise<number>;
}): Promise<{ records: Omit<R, 'total_records'>[]; totalRecords: number }> {
  const { cache, key, now, q } = opts;
  // The call that counts runs the page with its total; calls arriving meanwhile wait for that count (the cache
  // shares a computation in flight), then, like calls finding the total kept, run the page alone.
  let rows: R[] | undefined;
  let total = await cache.get(key, now, async () => {
    rows = await opts.page(true);
    return rows[0]?.total_records ?? (q.page > 1 ? await opts.countAll() : 0);
  });
  rows ??= await opts.page(false);
  const seen = rows.length > 0 ? (q.page - 1) * q.page_size + rows.length : 0;
  if (rows.length < q.page_size && (rows.length > 0 || q.page === 1)) total = seen; // the last page: exact
  return { records: rows.map(({ total_records: _, ...record }) => record), totalRecords: Math.max(total, seen) };
}

/** Escapes LIKE's wildcards so a search term matches literally. */
export const likeContains = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search term as a LIKE "contains" pattern: trimmed, wildcards escaped; undefined when there is nothing to search. */
export function searchPattern(term: string | undefined): string | undefined {
  const t = term?.trim();
  return t ? likeContains(t) : undefined;
}

/** `(lower(column) like pattern or …)` over the columns; `pattern` a value or a statement's placeholder. */
export function containsAny(columns: SQLWrapper[], pattern: unknown): SQL {
  return sql`(${sql.join(
    columns.map((c) => sql`lower(${c}) like ${pattern}`),
    sql` or `,
  )})`;
}

/** `search_text like pattern`: a table's stored search text (db/trigram.ts `searchTextOf`) against a pattern. */
export function searchTextLike(column: SQLWrapper, pattern: unknown): SQL {
  return sql`${column} like ${pattern}`;
}

/**
 * Case-insensitive "contains" over the given columns; undefined when there is nothing to search. Each
 * `lower(column) like` is served by a trigram index on `lower(column)` (migration 0003), so a search stays indexed
 * at market scale.
 */
export function searchAny(term: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  const pattern = searchPattern(term);
  return pattern ? containsAny(columns, pattern) : undefined;
}

/**
 * The key a list's kept total goes under (`pageWithKnownTotal`): the list's name, its filters and `extra` (whose
 * list it is), paging aside — every page of one list shares its total.
 */
export function totalKey(
  list: string,
  q: { page: number; page_size: number },
  extra: Record<string, unknown> = {},
): string {
  const { page: _, page_size: __, ...filters } = q;
  return `${list}|${JSON.stringify({ ...filters, ...extra })}`;
}

/** Name order, case-insensitive, with the id as a tie-breaker so pages never overlap. */
export function byName(column: SQLWrapper, id: SQLWrapper, order: 'asc' | 'desc' = 'asc'): SQL[] {
  return order === 'desc' ? [sql`lower(${column}) desc`, sql`${id} desc`] : [sql`lower(${column}) asc`, sql`${id} asc`];
}
