// The state of a server-side list (page, page size, search, name sort) kept in the URL's query string, so the
// browser's back and forward buttons walk through it and a list can be linked to as the user sees it. A list's
// own filters (a status toggle, a date range) live there too.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@spirit/domain/common/list.schemas';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export type ListState = {
  /** 1-based. */
  page: number;
  pageSize: number;
  search: string;
  sortOrder: SortOrder;
};

/** The list part of a list call's body (`page`, `page_size`, `item_search`, `sort_order`). */
export type ListQuery = { page: number; page_size: number; item_search?: string; sort_order: SortOrder };

export type ListControls = {
  state: ListState;
  pageSizes: readonly number[];
  query: ListQuery;
  /** `replace` corrects the URL without a new history entry. */
  setPage: (page: number, pageSize?: number, replace?: boolean) => void;
  setSearch: (search: string) => void;
  toggleSort: () => void;
  /** A list-specific filter held in the URL ('' when absent). */
  filter: (key: string) => string;
  /** Sets (or with '' removes) filters and goes back to the first page. */
  setFilters: (filters: Record<string, string>) => void;
};

export type ListOptions = {
  /** Rows per page offered (5, 10, 20, 30 unless given). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
};

const KEYS = { page: 'page', pageSize: 'page_size', search: 'search', sort: 'sort_order' } as const;

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function readListState(
  params: URLSearchParams,
  pageSizes: readonly number[],
  defaultPageSize: number,
): ListState {
  const size = positiveInt(params.get(KEYS.pageSize));
  return {
    page: positiveInt(params.get(KEYS.page)) ?? 1,
    pageSize: size !== null && pageSizes.includes(size) ? size : defaultPageSize,
    search: (params.get(KEYS.search) ?? '').trim(),
    sortOrder: params.get(KEYS.sort) === 'desc' ? 'desc' : 'asc',
  };
}

export function useListState(options: ListOptions = {}): ListControls {
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, pageSizes, defaultPageSize), [params, pageSizes, defaultPageSize]);

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
    () =>
      update((next) => {
        if (next.get(KEYS.sort) === 'desc') next.delete(KEYS.sort);
        else next.set(KEYS.sort, 'desc');
        next.delete(KEYS.page);
      }),
    [update],
  );

  const filter = useCallback((key: string) => params.get(key) ?? '', [params]);

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
    }),
    [state],
  );

  return { state, pageSizes, query, setPage, setSearch, toggleSort, filter, setFilters };
}
