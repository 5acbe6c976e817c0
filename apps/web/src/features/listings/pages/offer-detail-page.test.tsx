import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { OfferDetailPage } from './offer-detail-page';
import { okResponse as ok, renderRoute, signIn } from '../../../test/page-kit';

const calls: { method: string; body: Record<string, unknown> }[] = [];

const LISTING = {
  id: 5,
  side: 'Ask',
  status: 'Open',
  is_open: true,
  from_period: '2026-11',
  to_period: '2027-02',
  state: 'Punjab',
  product: 'Grain ENA',
  distillery_id: 3,
  distillery_name: 'Ludhiana Distillery',
  offer_quantity: '50000.0',
  available_quantity: '42000.0',
  offer_price: '61.00',
  export_pass_fee: null,
  sales_tax: null,
  import_pass_fee: '1.00',
  transit_permit_fee: '0.50',
  escort_fee: '0.25',
  corporation_fee: '0.00',
  misc_handling: '0.00',
  transportation: '2.00',
  total_open_bids: 3,
  created_on: '2026-11-01T10:00:00.000Z',
  modified_on: '2026-11-02T10:00:00.000Z',
  version: 1,
  avg_bid_price: null,
  avg_offer_price: '63.5',
  last_bid_price: null,
  last_offer_price: '64',
  can_edit: true,
};

const landed = (price: string, tax: string, total: string) => ({
  price,
  sales_tax: '5.00',
  sales_tax_amount: tax,
  import_pass_fee: '1.00',
  escort_fee: '0.25',
  transit_permit_fee: '0.50',
  corporation_fee: '0.00',
  misc_handling: '0.00',
  transportation: '2.00',
  export_pass_fee: '0.40',
  total,
});

// The server's order: cheapest landed first, even where the ex-distillery price is higher.
const POSSIBLE = [
  { id: 21, state: 'Goa', price: '60.50', landed: landed('60.50', '3.03', '67.68'), open_bid_id: null },
  // The caller's listing already has an open bid with this one: the row leads to it.
  { id: 22, state: 'Karnataka', price: '60.00', landed: landed('60.00', '3.00', '67.65'), open_bid_id: 77 },
].map((p) => ({
  id: p.id,
  side: 'Offer',
  from_period: '2026-10',
  to_period: '2027-03',
  state: p.state,
  product: 'Grain ENA',
  available_quantity: '100000.0',
  offer_price: p.price,
  source: 'New',
  your_rating: null,
  industry_rating: 3.5,
  landed_price: p.landed.total,
  landed: p.landed,
  open_bid_id: p.open_bid_id,
}));

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ method, body });
  switch (method) {
    case 'getOfferById':
      return ok(LISTING);
    case 'latestNegotiation':
      return ok([]);
    case 'getAllPossibleOffer':
      return ok({ records: POSSIBLE, totalRecords: POSSIBLE.length });
    default:
      return new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'x' }), {
        status: 500,
      });
  }
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(url: string, roles: string[]) {
  signIn(roles, 'Buyer', 'Punjab Bottling Company');
  renderRoute(
    '/offeredit/:id',
    <>
      <OfferDetailPage />
      <Location />
    </>,
    url,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('listing page (/offeredit/{id})', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the market figures in Offer wording to a buyer, the summary, and the possible sellers by landed price', async () => {
    renderPage('/offeredit/5', ['Negotiator']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Asks' })).toBeTruthy();
    const figures = await screen.findByRole('list', { name: 'Market figures' });
    expect(figures.textContent).toContain('Market Average Offer Price₹63.50');
    expect(figures.textContent).toContain('Market Offer Price₹64.00');
    expect(figures.textContent).toContain('Market Average Bid PriceN/A');
    expect(figures.textContent).toContain('Open Bids3');
    expect(screen.getByText('Original Ask').nextSibling?.textContent).toBe('50,000 B/L');
    expect(screen.getByText('Current Ask').nextSibling?.textContent).toBe('42,000 B/L');

    expect(screen.getByRole('tab', { name: 'Possible Seller' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Placed Bids' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Pending Approval' })).toBeNull();

    const table = await screen.findByRole('table', { name: 'Possible sellers for Grain ENA' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent?.includes('Goa'))).toEqual([true, false]);
    // Without a chosen order the server ranks; the Landed header says it is the order in effect.
    const landedHeader = within(table).getByRole('columnheader', { name: /Landed ₹\/L/ });
    expect(landedHeader.getAttribute('aria-sort')).toBe('ascending');
    const possible = calls.find((c) => c.method === 'getAllPossibleOffer')!;
    expect(possible.body).toMatchObject({ offer_id: 5, page: 1, page_size: 10 });
    expect(possible.body.sort_by).toBeUndefined();
    expect(within(rows[0]!).getByRole('img', { name: 'Industry rating 3.5 of 5' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Place bid for Grain ENA from Goa' })).toBeTruthy();
    const open = within(rows[1]!).getByRole('link', { name: 'Bid open: view your bid for Grain ENA from Karnataka' });
    expect(open.getAttribute('href')).toBe('/biditem/22/77');
    expect(within(rows[1]!).queryByRole('link', { name: /Place bid/ })).toBeNull();
  });

  it('opens the tab ?tab= names, and a tab change is written to the URL', async () => {
    const user = userEvent.setup();
    renderPage('/offeredit/5?tab=tab3', ['Negotiator', 'Approver']);
    const approval = await screen.findByRole('tab', { name: 'Pending Approval' });
    expect(approval.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Pending Approval' }).textContent).toContain('No Data Found');

    await user.click(screen.getByRole('tab', { name: 'Placed Bids' }));
    expect(location()).toBe('/offeredit/5?tab=tab2');
    expect(screen.getByRole('tab', { name: 'Placed Bids' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the default tab of the roles when ?tab= names one the user does not see', async () => {
    renderPage('/offeredit/5?tab=tab2', ['Authorizer', 'Approver']);
    const tab = await screen.findByRole('tab', { name: 'Pending Authorisation' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Placed Bids' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Possible Seller' })).toBeNull();
  });

  it('re-sorts by a column header, keeping the order in the URL', async () => {
    const user = userEvent.setup();
    renderPage('/offeredit/5', ['Negotiator']);
    const table = await screen.findByRole('table', { name: 'Possible sellers for Grain ENA' });
    await user.click(within(table).getByRole('button', { name: /Offered Rate/ }));
    await waitFor(() => expect(location()).toBe('/offeredit/5?sort_by=offer_price'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'getAllPossibleOffer').at(-1)?.body).toMatchObject({
        sort_by: 'offer_price',
        sort_order: 'asc',
      }),
    );
  });
});
