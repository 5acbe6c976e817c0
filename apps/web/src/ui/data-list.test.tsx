import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, setInvalidTokenHandler } from '../app/api-client';
import { DataList, type DataColumn } from './data-list';
import { ToastProvider } from './toast';
import { useListState } from './use-list-state';

type Row = { id: number; name: string; state: string };

// The server's side: every list call is recorded; the answer is chosen per test.
type Answer = { status: number; body: unknown };
const requests: Record<string, unknown>[] = [];
let answer: (body: Record<string, unknown>) => Answer;
let hold: Promise<void> | null = null;

const ok = (data: unknown): Answer => ({ status: 200, body: { status: 'OK', statusCode: 200, message: '', data } });

/** `total` rows named "Distillery 001"…; the page the body asks for, in the order it asks. */
function rows(total: number) {
  return (body: Record<string, unknown>): Answer => {
    const all = Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      name: `Distillery ${String(i + 1).padStart(3, '0')}`,
      state: 'Goa',
    }));
    if (body.sort_order === 'desc') all.reverse();
    const search = typeof body.item_search === 'string' ? body.item_search.toLowerCase() : '';
    const found = all.filter((r) => r.name.toLowerCase().includes(search));
    const size = Number(body.page_size);
    const start = (Number(body.page) - 1) * size;
    return ok({ records: found.slice(start, start + size), totalRecords: found.length });
  };
}

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  expect(String(input)).toBe('/api/getAllDistill');
  const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
  requests.push(body);
  if (hold) await hold;
  const { status, body: payload } = answer(body);
  return new Response(JSON.stringify(payload), { status });
}

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, body: (r) => r.name },
  { key: 'state', header: 'State', body: (r) => r.state },
];

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function ListPage({ pageSizes }: { pageSizes?: readonly number[] }) {
  const list = useListState(pageSizes ? { pageSizes } : {});
  const result = useQuery({
    queryKey: ['getAllDistill', list.query],
    queryFn: async () => (await call('getAllDistill', list.query)).data,
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <DataList
        label="Distilleries"
        list={list}
        result={result}
        columns={columns}
        rowKey="id"
        search={{ label: 'Search distilleries', clearable: true }}
      />
      <Location />
    </>
  );
}

function renderList(options: { url?: string; pageSizes?: readonly number[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/distilleries', element: <ListPage pageSizes={options.pageSizes} /> }], {
    initialEntries: [options.url ?? '/distilleries'],
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

const lastRequest = () => requests.at(-1);
const location = () => screen.getByTestId('location').textContent;
const table = () => screen.getByRole('table', { name: 'Distilleries' });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataList', () => {
  beforeEach(() => {
    requests.length = 0;
    hold = null;
    answer = rows(3);
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setInvalidTokenHandler(() => {});
  });

  it('shows a loading state, then the first page sorted by name ascending', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    renderList();
    // Skeleton rows in the page's shape (page size, columns) stand in for the rows, announced as loading.
    const loading = screen.getByText('Loading…').closest('[role="status"]')!;
    expect(loading.querySelectorAll('.skeleton-row')).toHaveLength(10);
    expect(loading.querySelector('.skeleton-row')!.querySelectorAll('.skeleton-bar')).toHaveLength(2);
    act(() => release());
    expect(await screen.findByText('Distillery 001')).toBeTruthy();
    expect(lastRequest()).toEqual({ page: 1, page_size: 10, sort_order: 'asc' });
    expect(names()).toEqual(['Distillery 001', 'Distillery 002', 'Distillery 003']);
    const sizes = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['5', '10', '20', '30']);
  });

  it('labels every cell with its column, for the stacked cards at phone width', async () => {
    renderList();
    await screen.findByText('Distillery 001');
    const cells = within(table()).getAllByRole('cell');
    expect(cells.slice(0, 2).map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'State']);
  });

  it("says 'No Data Found' when the server has no rows", async () => {
    answer = rows(0);
    renderList();
    expect(await screen.findByText('No Data Found')).toBeTruthy();
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
  });

  it('searches on Enter and on the search icon, and the clear icon lists everything again', async () => {
    const user = userEvent.setup();
    answer = rows(25);
    renderList({ url: '/distilleries?page=2' });
    await screen.findByText('Distillery 011');

    const box = screen.getByRole('textbox', { name: 'Search distilleries' });
    await user.type(box, '01');
    expect(lastRequest()?.item_search).toBeUndefined(); // typing alone does not search
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastRequest()).toEqual({ page: 1, page_size: 10, item_search: '01', sort_order: 'asc' }),
    );
    expect(location()).toBe('/distilleries?search=01');
    expect(await screen.findByText('Distillery 010')).toBeTruthy();

    await user.clear(box);
    await user.type(box, '02');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastRequest()?.item_search).toBe('02'));

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, page_size: 10, sort_order: 'asc' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(location()).toBe('/distilleries');
  });

  it('toggles the name sort between ascending and descending on the server', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Distillery 001');
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(header().getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(lastRequest()?.sort_order).toBe('desc'));
    await waitFor(() => expect(names()[0]).toBe('Distillery 003'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(location()).toBe('/distilleries?sort_order=desc');

    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Distillery 001'));
    expect(lastRequest()?.sort_order).toBe('asc');
  });

  it('pages on the server with at most five page links, and back/forward walk the pages', async () => {
    const user = userEvent.setup();
    answer = rows(95);
    const router = renderList();
    await screen.findByText('Distillery 001');
    const pageLinks = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pageLinks()).toEqual(['1', '2', '3', '4', '5']);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Distillery 011');
    expect(lastRequest()).toEqual({ page: 2, page_size: 10, sort_order: 'asc' });
    expect(location()).toBe('/distilleries?page=2');

    await user.click(screen.getByRole('button', { name: 'Last Page' }));
    await screen.findByText('Distillery 095');
    expect(pageLinks()).toEqual(['6', '7', '8', '9', '10']);

    await act(() => router.navigate(-1));
    await screen.findByText('Distillery 011');
    expect(location()).toBe('/distilleries?page=2');
    await act(() => router.navigate(-1));
    await screen.findByText('Distillery 001');
    await act(() => router.navigate(1));
    await screen.findByText('Distillery 011');
  });

  it('changes the page size from the paginator and starts again at page 1', async () => {
    const user = userEvent.setup();
    answer = rows(45);
    renderList({ url: '/distilleries?page=3' });
    await screen.findByText('Distillery 021');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, page_size: 20, sort_order: 'asc' }));
    await screen.findByText('Distillery 020');
    expect(location()).toBe('/distilleries?page_size=20');
  });

  it('offers the page sizes a list configures and ignores others in the URL', async () => {
    renderList({ url: '/distilleries?page_size=5', pageSizes: [10, 20, 30] });
    await screen.findByText('Distillery 001');
    expect(lastRequest()?.page_size).toBe(10);
    const sizes = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['10', '20', '30']);
  });

  it("shows a failure with the server's error text, in place and as a toast", async () => {
    answer = () => ({
      status: 500,
      body: { status: 'ERROR', statusCode: 500, error: 'The list is resting', code: 'test' },
    });
    renderList();
    await waitFor(() => expect(screen.getAllByText('The list is resting')).toHaveLength(2));
    // In place (with a retry) and in the toast, both announced.
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.filter((text) => text?.includes('The list is resting'))).toHaveLength(2);
    expect(screen.getByText('Failure')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("ends the session on 401 'Invalid token' without a failure toast", async () => {
    const ended = vi.fn();
    setInvalidTokenHandler(ended);
    answer = () => ({
      status: 401,
      body: { status: 'ERROR', statusCode: 401, error: 'Invalid token', code: 'auth.invalid_token' },
    });
    renderList();
    await waitFor(() => expect(ended).toHaveBeenCalled());
    expect(screen.queryByText('Failure')).toBeNull();
  });
});
