import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';
import { ListingFormPage } from './listing-form-page';

type Call = { method: string; body: Record<string, unknown> };
const calls: Call[] = [];
const ok = (data: unknown, message = '') =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message, data }), { status: 200 });

// The caller negotiates for two Maharashtra distilleries and one in Karnataka; Molasses ENA is made in both
// states, Molasses RS only in Karnataka.
const SPIRITS = { 'Molasses ENA': ['Maharashtra', 'Karnataka'], 'Molasses RS': ['Karnataka'] };
const DISTILLERIES = {
  Maharashtra: [
    { distillery_id: 1, distillery_name: 'Baramati Distillery' },
    { distillery_id: 2, distillery_name: 'Nashik Distillery' },
  ],
  Karnataka: [{ distillery_id: 3, distillery_name: 'Belagavi Distillery' }],
};

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ method, body });
  if (method === 'getSpiritsAvailableStates') return ok(SPIRITS);
  if (method === 'getAllStateWiseDistillforUser') return ok(DISTILLERIES);
  if (method === 'getMarketStats')
    return ok({ avg_bid_price: null, avg_offer_price: '61.25', last_bid_price: null, last_offer_price: '60.00' });
  if (method === 'createOffer') return ok({ id: 7 }, 'Offer added successfully');
  return new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'test' }), {
    status: 500,
  });
}

function renderAt(url: string, companyType: 'Seller' | 'Buyer' = 'Seller') {
  setSession({
    token: 't',
    user: {
      id: 5,
      name: 'Rohan Patil',
      email: 'negotiator@deccan.test',
      company_id: 3,
      company_name: 'Deccan Distilleries',
      company_type: companyType,
      roles: ['Negotiator'],
      userType: 'Negotiator',
      userActionType: `${companyType}Negotiator`,
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/additem', element: <ListingFormPage /> },
      { path: '/askcreate', element: <ListingFormPage /> },
      { path: '/offers', element: <h1>Offers list reached</h1> },
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

/** Types a month into a month picker ("MM-YYYY") and leaves the field. */
async function typeMonth(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.type(input, text);
  await user.tab();
}

/** A month `ahead` months from now as MM-YYYY (the pickers refuse months gone by). */
function monthFromNow(ahead: number): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() + ahead);
  return `${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
}
const asPeriod = (mmYyyy: string) => `${mmYyyy.slice(3)}-${mmYyyy.slice(0, 2)}`;

describe('New Offer / New Ask form', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('cascades product → state → distillery and preselects a lone state and a lone distillery', async () => {
    const user = userEvent.setup();
    renderAt('/additem');
    const product = await screen.findByLabelText('Product');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Molasses RS' })).toBeTruthy());
    const state = screen.getByLabelText<HTMLSelectElement>('State');
    const distillery = screen.getByLabelText<HTMLSelectElement>('Distillery');

    // One state makes Molasses RS: it is taken, and so is that state's only distillery.
    await user.selectOptions(product, 'Molasses RS');
    expect(state.value).toBe('Karnataka');
    expect(distillery.value).toBe('3');

    // Two states make Molasses ENA: the state waits for the user, the distillery with it.
    await user.selectOptions(product, 'Molasses ENA');
    expect(state.value).toBe('');
    expect(distillery.value).toBe('');
    expect(Array.from(state.options).map((o) => o.text)).toEqual(['Select state', 'Karnataka', 'Maharashtra']);

    // Maharashtra has two distilleries: both offered, none chosen.
    await user.selectOptions(state, 'Maharashtra');
    expect(distillery.value).toBe('');
    expect(Array.from(distillery.options).map((o) => o.text)).toEqual([
      'Select distillery',
      'Baramati Distillery',
      'Nashik Distillery',
    ]);

    // The market cards follow the product, in the wording of the side sold to.
    expect(await screen.findByText('₹61.25')).toBeTruthy();
    expect(screen.getByText('Average Ask Price')).toBeTruthy();
    expect(calls.some((c) => c.method === 'getMarketStats' && c.body.product === 'Molasses ENA')).toBe(true);
  });

  it('refuses a From Period after the To Period and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/additem');
    await screen.findByRole('option', { name: 'Molasses RS' });
    await typeMonth(user, 'From Period', monthFromNow(3));
    await typeMonth(user, 'To Period', monthFromNow(1));
    expect(await screen.findByText('Date range is invalid !!')).toBeTruthy();
    expect(screen.getByText('*Invalid Date')).toBeTruthy();
    expect(screen.getByLabelText('From Period').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Add Offers' }));
    expect(await screen.findAllByText('*required')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'createOffer')).toBe(false);
  });

  it('sends the offer with its fees and goes to /offers after 5 s', async () => {
    const user = userEvent.setup();
    const router = renderAt('/additem');
    await screen.findByRole('option', { name: 'Molasses RS' });
    const from = monthFromNow(1);
    const to = monthFromNow(2);
    await typeMonth(user, 'From Period', from);
    await typeMonth(user, 'To Period', to);
    await user.selectOptions(screen.getByLabelText('Product'), 'Molasses RS');
    await user.type(screen.getByLabelText('Quantity Available'), '25000.5');
    await user.type(screen.getByLabelText('Price Per Liter'), '62.75');
    await user.type(screen.getByLabelText('Export Pass Fee (₹/L)'), '1.5');
    await user.type(screen.getByLabelText('Sales Tax (%)'), '18');
    expect(screen.queryByLabelText('Escort Fee (₹/L)')).toBeNull();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Add Offers' }));
      await screen.findByText('Offer added.');
      const sent = calls.find((c) => c.method === 'createOffer')!.body;
      expect(sent).toEqual({
        from_period: asPeriod(from),
        to_period: asPeriod(to),
        product: 'Molasses RS',
        state: 'Karnataka',
        distillery_id: 3,
        offer_quantity: 25000.5,
        offer_price: 62.75,
        export_pass_fee: 1.5,
        sales_tax: 18,
        type: 'offer',
      });
      expect(router.state.location.pathname).toBe('/additem');
      await vi.advanceTimersByTimeAsync(5_100);
      await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a Buyer the ask form with the ask fees', async () => {
    const router = renderAt('/additem', 'Buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/askcreate'));
    expect(await screen.findByRole('heading', { name: 'New Ask' })).toBeTruthy();
    for (const label of [
      'Asked Quantity',
      'Price Per Litre',
      'Import Pass Fee (₹/L)',
      'Escort Fee (₹/L)',
      'Transit Permit Fee (₹/L)',
      'Corporation Fee (₹/L)',
      'Misc Handling Fee (₹/L)',
      'Transportation Fee (₹/L)',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByLabelText('Export Pass Fee (₹/L)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Asks' })).toBeTruthy();
  });
});
