// The state of a server-side list (page, page size, search, name sort) kept in the URL's query string, so the
// browser's back and forward buttons walk through it and a list can be linked to as the user sees it. A list's
// own filters (a status toggle, a date range) live there too.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@spirit/domain/common/list.constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export type ListState = {
  /** 1-based. */
  page: number;
  pageSize: number;
  search: string;
  sortOrder: SortOrder;
  /** The column key a list with several sortable columns is sorted by ('' for a list with only the name sort). */
  sortBy: string;
};

/** The list part of a list call's body (`page`, `page_size`, `item_search`, `sort_order`). */
export type ListQuery = {
  page: number;
  page_size: number;
  item_search?: string;
  sort_order: SortOrder;
  /** Only for lists given `sortKeys`, and only when the user chose a column. */
  sort_by?: string;
};

export type ListControls = {
  state: ListState;
  pageSizes: readonly number[];
  query: ListQuery;
  /** `replace` corrects the URL without a new history entry. */
  setPage: (page: number, pageSize?: number, replace?: boolean) => void;
  setSearch: (search: string) => void;
  /** The name sort's order, or (with `key`) sort by that column, its order toggling when it already is. */
  toggleSort: (key?: string) => void;
  /** A list-specific filter held in the URL ('' when absent). */
  filter: (key: string) => string;
  /** Sets (or with '' removes) filters and goes back to the first page. */
  setFilters: (filters: Record<string, string>) => void;
};

export type ListOptions = {
  /** Rows per page offered (5, 10, 20, 30 unless given). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Columns the list may sort by (`sort_by` in the URL); unknown values fall back to `defaultSort`. */
  sortKeys?: readonly string[];
  /** The server's order when no `sort_by` is sent (e.g. newest change first), shown on its column. */
  defaultSort?: { key: string; order: SortOrder };
};

const KEYS = { page: 'page', pageSize: 'page_size', search: 'search', sort: 'sort_order', sortBy: 'sort_by' } as const;
const NO_SORT_KEYS: readonly string[] = [];

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function readListState(
  params: URLSearchParams,
  pageSizes: readonly number[],
  defaultPageSize: number,
  sorts: Pick<ListOptions, 'sortKeys' | 'defaultSort'> = {},
): ListState {
  const size = positiveInt(params.get(KEYS.pageSize));
  const chosen = params.get(KEYS.sortBy) ?? '';
  const known = (sorts.sortKeys ?? NO_SORT_KEYS).includes(chosen);
  const fallback = !known && sorts.defaultSort;
  return {
    page: positiveInt(params.get(KEYS.page)) ?? 1,
    pageSize: size !== null && pageSizes.includes(size) ? size : defaultPageSize,
    search: (params.get(KEYS.search) ?? '').trim(),
    sortOrder: fallback ? fallback.order : params.get(KEYS.sort) === 'desc' ? 'desc' : 'asc',
    sortBy: known ? chosen : fallback ? fallback.key : '',
  };
}

export function useListState(options: ListOptions = {}): ListControls {
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const { sortKeys = NO_SORT_KEYS, defaultSort } = options;
  const defaultKey = defaultSort?.key;
  const defaultOrder = defaultSort?.order;
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () =>
      readListState(params, pageSizes, defaultPageSize, {
        sortKeys,
        ...(defaultKey && defaultOrder ? { defaultSort: { key: defaultKey, order: defaultOrder } } : {}),
      }),
    [params, pageSizes, defaultPageSize, sortKeys, defaultKey, defaultOrder],
  );

  // Each change is a new history entry; defaults are left out of the URL to keep it short.
  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number, pageSize?: number, replace = false) =>
      update((next) => {
        if (page > 1) next.set(KEYS.page, String(page));
        else next.delete(KEYS.page);
        if (pageSize !== undefined) {
          if (pageSize === defaultPageSize) next.delete(KEYS.pageSize);
          else next.set(KEYS.pageSize, String(pageSize));
        }
      }, replace),
    [update, defaultPageSize],
  );

  const setSearch = useCallback(
    (search: string) =>
      update((next) => {
        const value = search.trim();
        if (value) next.set(KEYS.search, value);
        else next.delete(KEYS.search);
        next.delete(KEYS.page);
      }),
    [update],
  );

  const toggleSort = useCallback(
    (key?: string) =>
      update((next) => {
        next.delete(KEYS.page);
        if (key === undefined) {
          if (next.get(KEYS.sort) === 'desc') next.delete(KEYS.sort);
          else next.set(KEYS.sort, 'desc');
          return;
        }
        const order: SortOrder = key === state.sortBy && state.sortOrder === 'asc' ? 'desc' : 'asc';
        // The server's own order is the URL without sort_by.
        if (key === defaultKey && order === defaultOrder) {
          next.delete(KEYS.sortBy);
          next.delete(KEYS.sort);
          return;
        }
        next.set(KEYS.sortBy, key);
        if (order === 'desc') next.set(KEYS.sort, 'desc');
        else next.delete(KEYS.sort);
      }),
    [update, state.sortBy, state.sortOrder, defaultKey, defaultOrder],
  );

  const filter = useCallback((key: string) => params.get(key) ?? '', [params]);
  // Without sort_by the server keeps its own order (`defaultSort`).
  const sortChosen = sortKeys.includes(params.get(KEYS.sortBy) ?? '');

  const setFilters = useCallback(
    (filters: Record<string, string>) =>
      update((next) => {
        for (const [key, value] of Object.entries(filters)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete(KEYS.page);
      }),
    [update],
  );

  const query = useMemo<ListQuery>(
    () => ({
      page: state.page,
      page_size: state.pageSize,
      ...(state.search ? { item_search: state.search } : {}),
      sort_order: state.sortOrder,
      ...(sortChosen ? { sort_by: state.sortBy } : {}),
    }),
    [state, sortChosen],
  );

  return { state, pageSizes, query, setPage, setSearch, toggleSort, filter, setFilters };
}
