import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';
import { AsksPage, OffersPage } from './listings-page';
import { MyOrdersPage } from './my-orders-page';

const requests: Record<string, unknown>[] = [];
type Answer = { status: number; body: unknown };
let answer: (body: Record<string, unknown>) => Answer;

const ok = (data: unknown): Answer => ({ status: 200, body: { status: 'OK', statusCode: 200, message: '', data } });

function listing(id: number, openBids: number) {
  return {
    id,
    side: 'Offer',
    status: 'Open',
    is_open: true,
    from_period: '2026-05',
    to_period: '2026-08',
    state: 'Maharashtra',
    product: `Molasses ENA ${id}`,
    distillery_id: 1,
    distillery_name: 'Baramati Distillery',
    offer_quantity: '250000.0',
    available_quantity: '120000.5',
    offer_price: '62.50',
    export_pass_fee: '1.00',
    sales_tax: '18.00',
    import_pass_fee: null,
    transit_permit_fee: null,
    escort_fee: null,
    corporation_fee: null,
    misc_handling: null,
    transportation: null,
    total_open_bids: openBids,
    created_on: '2026-05-02T04:30:00.000Z',
    modified_on: '2026-05-03T10:15:00.000Z',
    version: 1,
  };
}

/** `total` listings, the page asked for; even ids have open bids. */
const listings = (total: number) => (body: Record<string, unknown>) => {
  const all = Array.from({ length: total }, (_, i) => listing(i + 1, (i + 1) % 2 === 0 ? 3 : 0));
  const size = Number(body.page_size);
  const start = (Number(body.page) - 1) * size;
  return ok({ records: all.slice(start, start + size), totalRecords: total });
};

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  expect(String(input)).toBe('/api/getAllOffers');
  const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
  requests.push(body);
  const { status, body: payload } = answer(body);
  return new Response(JSON.stringify(payload), { status });
}

function renderAt(url: string, opts: { roles?: string[]; type?: 'Seller' | 'Buyer' } = {}) {
  const type = opts.type ?? 'Seller';
  setSession({
    token: 't',
    user: {
      id: 5,
      name: 'Rohan Patil',
      email: 'negotiator@deccan.test',
      company_id: 3,
      company_name: 'Deccan Distilleries',
      company_type: type,
      roles: opts.roles ?? ['Negotiator'],
      userType: 'Negotiator',
      userActionType: `${type}Negotiator`,
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/offers', element: <OffersPage /> },
      { path: '/ask', element: <AsksPage /> },
      { path: '/myorder', element: <MyOrdersPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('Offers and Asks lists', () => {
  beforeEach(() => {
    requests.length = 0;
    answer = listings(3);
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the rows in Indian formats; a Negotiator gets New, Bulk Upload and Open Bids links', async () => {
    renderAt('/offers');
    expect(screen.getByRole('status', { name: '' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Offers' });
    const row = within(table).getByRole('row', { name: /Molasses ENA 2/ });
    expect(row.textContent).toContain('05-2026 – 08-2026');
    expect(row.textContent).toContain('2,50,000 B/L');
    expect(row.textContent).toContain('1,20,000.5 B/L');
    expect(row.textContent).toContain('₹62.50');
    expect(row.textContent).toContain('03-05-2026 15:45');
    const bids = within(row).getByRole('link', { name: /^3 open bids on Molasses ENA 2/ });
    expect(bids.getAttribute('href')).toBe('/offeredit/2?tab=tab2');
    // No open bids: a plain figure.
    const quiet = within(table).getByRole('row', { name: /Molasses ENA 1,/ });
    expect(within(quiet).queryByRole('link', { name: /open bids/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/additem');
    expect(screen.getByRole('link', { name: 'Bulk Upload' }).getAttribute('href')).toBe('/bulkupload');
    expect(requests[0]).toEqual({ page: 1, page_size: 10, sort_order: 'desc' });
  });

  it('hides New and Bulk Upload from other roles, and their Open Bids are plain', async () => {
    renderAt('/ask', { roles: ['Authorizer'], type: 'Buyer' });
    const table = await screen.findByRole('table', { name: 'Asks' });
    expect(within(table).getByRole('columnheader', { name: /Asked Rate/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Original Ask/ })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: /open bids/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bulk Upload' })).toBeNull();
  });

  it('says "No Data Found" when there are none, and the server’s words when the call fails', async () => {
    answer = () => ok({ records: [], totalRecords: 0 });
    renderAt('/offers');
    expect(await screen.findByText('No Data Found')).toBeTruthy();
    cleanup();

    answer = () => ({
      status: 500,
      body: { status: 'ERROR', statusCode: 500, error: 'Listings are resting', code: 'test' },
    });
    renderAt('/offers');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Listings are resting');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sorts by a column on the server, toggling its order', async () => {
    const user = userEvent.setup();
    const router = renderAt('/offers');
    const table = await screen.findByRole('table', { name: 'Offers' });
    // Newest change first is the server's own order, shown on Last Update.
    expect(
      within(table)
        .getByRole('columnheader', { name: /Last Update/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    await user.click(within(table).getByRole('button', { name: /^Rate/ }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort_by: 'offer_price', sort_order: 'asc' }));
    expect(router.state.location.search).toBe('?sort_by=offer_price');
    await user.click(within(screen.getByRole('table', { name: 'Offers' })).getByRole('button', { name: /^Rate/ }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort_by: 'offer_price', sort_order: 'desc' }));
  });

  it('reads the list again every 15 s on the same page and search, keeping the focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = listings(14);
    renderAt('/offers?page=2&search=Molasses');
    const table = await screen.findByRole('table', { name: 'Offers' });
    const link = within(table).getByRole('link', { name: /open bids on Molasses ENA 12/ });
    link.focus();
    const before = requests.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_100);
    });
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(requests.at(-1)).toMatchObject({ page: 2, item_search: 'Molasses' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/open bids on Molasses ENA 12/);
    expect(screen.getByRole('textbox', { name: 'Search offers' })).toHaveProperty('value', 'Molasses');
  });

  it('lists My Orders with the spec’s columns and page sizes 10, 20, 30', async () => {
    renderAt('/myorder');
    const table = await screen.findByRole('table', { name: 'My Orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(', sorted ascending', '').trim());
    expect(headers).toEqual([
      'Period',
      'State',
      'Quantity',
      'Distillery',
      'Product',
      'Available Quantity',
      'Price',
      'Created On',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Molasses ENA 1');
    expect(row.textContent).toContain('Baramati Distillery');
    expect(row.textContent).toContain('02-05-2026 10:00');
    const sizes = screen.getByLabelText('Rows per page');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30']);
  });
});
