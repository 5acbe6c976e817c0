// The one list of the app: a table of one page of server rows with a search box, the name sort, a paginator and
// the loading, failed and empty ('No Data Found') states. Its state lives in the URL (`useListState`); the page
// hands in the query result of its list call. A 401 "Invalid token" is handled by the API client (→ /login).
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { useEffect, useId, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { ApiError, errorText } from '../app/api-client';
import { EmptyState, ErrorState, NO_DATA } from './status-states';
import { useToast } from './toast';
import type { ListControls } from './use-list-state';

export type ListPage<T> = { records: T[]; totalRecords: number };

/** The parts of a TanStack Query result the list reads. */
export type ListResult<T> = {
  data: ListPage<T> | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  errorUpdatedAt: number;
  refetch: () => unknown;
};

export type DataColumn<T> = {
  key: string;
  header: string;
  body: (row: T) => ReactNode;
  /** The name column: its header toggles the server's name order (ascending ↔ descending). */
  sortable?: boolean;
  /** A list with several sortable columns (`useListState({ sortKeys })`): the `sort_by` key of this one. */
  sortKey?: string;
  className?: string;
};

export type SearchOptions = {
  label?: string;
  placeholder?: string;
  /** Show a clear icon while the box holds text. */
  clearable?: boolean;
};

type Props<T> = {
  /** The table's accessible name. */
  label: string;
  list: ListControls;
  result: ListResult<T>;
  columns: readonly DataColumn<T>[];
  rowKey: keyof T & string;
  /** Omit for a list without a search box. */
  search?: SearchOptions;
  /** Controls beside the search box: 'New', toggles. */
  toolbar?: ReactNode;
};

/** The search box: searches on Enter or on the search icon; the clear icon empties it and lists everything. */
export function SearchBox({
  value,
  onSearch,
  label = 'Search',
  placeholder = 'Search',
  clearable = false,
}: SearchOptions & { value: string; onSearch: (value: string) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  // Back/forward changes the committed search: the box follows it.
  const [committed, setCommitted] = useState(value);
  if (committed !== value) {
    setCommitted(value);
    setDraft(value);
  }
  return (
    <form
      role="search"
      className="search-box"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        className="p-inputtext p-component search-input"
        placeholder={placeholder}
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
      />
      {clearable && draft ? (
        <button
          type="button"
          className="icon-button search-clear"
          aria-label="Clear search"
          onClick={() => {
            setDraft('');
            onSearch('');
            input.current?.focus();
          }}
        >
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      ) : null}
      <button type="submit" className="icon-button search-submit" aria-label="Search">
        <i className="pi pi-search" aria-hidden="true" />
      </button>
    </form>
  );
}

/** The list while its first page loads: grey bars in the shape of the rows to come, announced as loading. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <div className="skeleton-rows" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, cell) => (
            <span key={cell} className="skeleton-bar" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** `order` null: the column can sort the list but does not now. */
function SortHeader({ label, order, onToggle }: { label: string; order: 'asc' | 'desc' | null; onToggle: () => void }) {
  const next = order === 'asc' ? 'descending' : 'ascending';
  const icon = order === null ? 'pi-sort-alt' : order === 'asc' ? 'pi-sort-amount-up-alt' : 'pi-sort-amount-down';
  return (
    <button type="button" className="sort-button" onClick={onToggle} title={`Sort ${next}`}>
      <span>{label}</span>
      <i className={`pi ${icon}`} aria-hidden="true" />
      {order ? <span className="visually-hidden">, sorted {order === 'asc' ? 'ascending' : 'descending'}</span> : null}
    </button>
  );
}

/** The column's current order: the name sort is always on; a keyed column only while the list sorts by it. */
function orderOf<T>(column: DataColumn<T>, state: ListControls['state']): 'asc' | 'desc' | null {
  if (column.sortKey !== undefined) return state.sortBy === column.sortKey ? state.sortOrder : null;
  return column.sortable ? state.sortOrder : null;
}

export function DataList<T extends object>({ label, list, result, columns, rowKey, search, toolbar }: Props<T>) {
  const toast = useToast();
  const sizeId = useId();
  const { state, pageSizes, setPage, setSearch, toggleSort } = list;
  const { data, error, isPending, isError, isFetching, errorUpdatedAt, refetch } = result;

  // A failed call says why in a toast too (spec 000 §8), once per failure; an ended session goes to /login instead.
  useEffect(() => {
    if (!isError || !error) return;
    if (error instanceof ApiError && error.isInvalidToken) return;
    toast.failure(errorText(error));
  }, [isError, error, errorUpdatedAt, toast]);

  // A page beyond the end (the last row of the last page was archived): show the last page that exists.
  const total = data?.totalRecords ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (data && data.records.length === 0 && total > 0 && state.page > lastPage) setPage(lastPage, undefined, true);
  }, [data, total, state.page, lastPage, setPage]);

  const onPage = (event: PaginatorPageChangeEvent) => {
    if (event.rows !== state.pageSize) setPage(1, event.rows);
    else setPage(event.page + 1);
  };

  const template = {
    layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
    RowsPerPageDropdown: () => (
      <span className="rows-per-page">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          className="p-inputtext p-component native-select"
          value={state.pageSize}
          onChange={(event) => setPage(1, Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
    ),
    CurrentPageReport: (options: { first: number; last: number; totalRecords: number }) => (
      <span className="page-report" aria-live="polite">
        {options.totalRecords > 0 ? `${options.first}–${options.last} of ${options.totalRecords}` : ''}
      </span>
    ),
  };

  let body: ReactNode;
  if (isError) {
    body = <ErrorState message={errorText(error)} onRetry={() => void refetch()} />;
  } else if (isPending || !data) {
    body = <SkeletonRows rows={Math.min(state.pageSize, 10)} columns={columns.length} />;
  } else {
    body = (
      <>
        <DataTable
          value={data.records}
          dataKey={rowKey}
          className="data-list-table"
          emptyMessage={<EmptyState message={NO_DATA} />}
          pt={{
            table: { 'aria-label': label, 'aria-busy': isFetching },
            // A wide table scrolls sideways on small screens: its frame takes focus so arrow keys can scroll it.
            wrapper: { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrollable)` },
          }}
        >
          {columns.map((column) => {
            const sorts = column.sortable || column.sortKey !== undefined;
            const order = orderOf(column, state);
            return (
              <Column
                key={column.key}
                columnKey={column.key}
                header={
                  sorts ? (
                    <SortHeader
                      label={column.header}
                      order={order}
                      onToggle={() => (column.sortKey !== undefined ? toggleSort(column.sortKey) : toggleSort())}
                    />
                  ) : (
                    column.header
                  )
                }
                body={(row: T) => column.body(row)}
                className={column.className}
                pt={{
                  // At phone width a row is a card: each cell shows its column's name (CSS `attr(data-label)`).
                  bodyCell: { 'data-label': column.header } as HTMLAttributes<HTMLTableCellElement>,
                  ...(order ? { headerCell: { 'aria-sort': order === 'asc' ? 'ascending' : 'descending' } } : {}),
                }}
              />
            );
          })}
        </DataTable>
        {total > 0 ? (
          <Paginator
            first={(state.page - 1) * state.pageSize}
            rows={state.pageSize}
            totalRecords={total}
            rowsPerPageOptions={[...pageSizes]}
            pageLinkSize={5}
            onPageChange={onPage}
            template={template}
            className="data-list-paginator"
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="data-list">
      {search || toolbar ? (
        <div className="list-toolbar">
          {search ? <SearchBox {...search} value={state.search} onSearch={setSearch} /> : null}
          {toolbar ? <div className="list-actions">{toolbar}</div> : null}
        </div>
      ) : null}
      {isFetching && data && !isError ? (
        <span className="visually-hidden" role="status">
          Loading…
        </span>
      ) : null}
      {body}
    </div>
  );
}

/** Several values in one cell, one per line (a user's distilleries and roles, a mapping's distilleries). */
export function Lines({ items, empty = '' }: { items: readonly string[]; empty?: string }) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className="cell-lines">
      {items.map((item, index) => (
        <li key={`${index}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}
