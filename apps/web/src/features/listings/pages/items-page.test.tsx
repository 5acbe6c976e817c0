import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { MaskedName } from '../../../ui/masked-name';
import { ItemsPage } from './items-page';
import { okResponse as ok, renderRoute, signIn } from '../../../test/page-kit';

const calls: { method: string; body: Record<string, unknown> }[] = [];

const item = (id: number, name: string, state: string) => ({
  id,
  side: 'Offer',
  company: { name },
  type_of_spirit: 'Grain ENA',
  state,
  state_name: state,
  from_period: '2026-11',
  to_period: '2027-01',
  quantity_available: '125000.0',
  price_per_liter: '62.50',
  created_on: '2026-11-01T10:00:00.000Z',
  open_bid_id: null as number | null,
});

// The server masks; the second record stands for one that arrived whole by mistake.
let records = [item(1, '****es', 'Goa'), item(2, 'Ganga Grain Spirits', 'Bihar')];

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ method, body });
  switch (method) {
    case 'getAllInventory':
      return ok({ records, totalRecords: records.length });
    case 'getAllSpirit':
      return ok([{ id: 1, type_of_spirit: 'Grain ENA', short_name: 'GENA' }]);
    case 'getStateCities':
      return ok([{ state: 'Goa', cities: ['Panaji'] }]);
    default:
      return new Response('{}', { status: 500 });
  }
}

function renderItems(url: string, roles: string[]) {
  signIn(roles, 'Buyer');
  renderRoute('/items', <ItemsPage />, url);
}

describe('masked company names', () => {
  afterEach(cleanup);

  it('shows four asterisks and the last two characters, and says so to screen readers', () => {
    render(<MaskedName name="****es" />);
    expect(screen.getByText('****es').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Company name hidden, ending in es')).toBeTruthy();
  });

  it('masks a name that arrives whole, and shows the company’s own name as it is', () => {
    const { container, rerender } = render(<MaskedName name="Deccan Distilleries" />);
    expect(container.textContent).not.toContain('Deccan');
    expect(screen.getByText('****es')).toBeTruthy();
    rerender(<MaskedName name="Deccan Distilleries" reveal />);
    expect(container.textContent).toBe('Deccan Distilleries');
  });
});

describe('item list (/items)', () => {
  beforeEach(() => {
    calls.length = 0;
    records = [item(1, '****es', 'Goa'), item(2, 'Ganga Grain Spirits', 'Bihar')];
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the market with masked company names, Indian figures, and Bid and View links for a Negotiator', async () => {
    renderItems('/items', ['Negotiator']);
    const table = await screen.findByRole('table', { name: 'Items on the market, newest first' });
    expect(table.textContent).not.toContain('Ganga');
    const [goa, bihar] = within(table).getAllByRole('row').slice(1);
    expect(goa!.textContent).toContain('****es');
    expect(bihar!.textContent).toContain('****ts');
    expect(goa!.textContent).toContain('1,25,000 B/L');
    expect(goa!.textContent).toContain('₹62.50');
    expect(within(goa!).getByRole('link', { name: 'Bid on Grain ENA from Goa' }).getAttribute('href')).toBe(
      '/biditem/1',
    );
    expect(within(goa!).getByRole('link', { name: 'View Grain ENA from Goa' }).getAttribute('href')).toBe(
      '/viewitem/1',
    );
  });

  it('shows Bid open, linking to the bid, on an item the company already bids on (issue 21 item 17)', async () => {
    records = [{ ...item(1, '****es', 'Goa'), open_bid_id: 58 }, item(2, '****ts', 'Bihar')];
    renderItems('/items', ['Negotiator']);
    const table = await screen.findByRole('table', { name: 'Items on the market, newest first' });
    const [goa, bihar] = within(table).getAllByRole('row').slice(1);
    const open = within(goa!).getByRole('link', { name: 'Bid open: view your bid for Grain ENA from Goa' });
    expect(open.getAttribute('href')).toBe('/biditem/1/58');
    expect(open.textContent).toContain('Bid open');
    expect(within(goa!).queryByRole('link', { name: /^Bid on/ })).toBeNull();
    expect(within(bihar!).getByRole('link', { name: 'Bid on Grain ENA from Bihar' })).toBeTruthy();
  });

  it('sends the filters in the URL and offers no Bid link to other roles', async () => {
    renderItems('/items?spirits=Grain+ENA|Mol+ENA&states=Goa', ['Approver']);
    const table = await screen.findByRole('table', { name: 'Items on the market, newest first' });
    expect(within(table).queryByRole('link', { name: /^Bid on/ })).toBeNull();
    expect(calls.find((c) => c.method === 'getAllInventory')!.body).toMatchObject({
      type_of_spirits: ['Grain ENA', 'Mol ENA'],
      state_names: ['Goa'],
      page: 1,
    });
  });

  it('says No Data Found for an empty market', async () => {
    records = [];
    renderItems('/items', ['Negotiator']);
    expect(await screen.findByText('No Data Found')).toBeTruthy();
  });
});
