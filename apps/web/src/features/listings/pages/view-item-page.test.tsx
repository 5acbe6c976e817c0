import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { okResponse, renderRoute, signIn } from '../../../test/page-kit';
import { mayEditItem, ViewItemPage } from './view-item-page';

const ITEM = {
  id: 9,
  side: 'Offer',
  company: { name: 'Deccan Distilleries' },
  type_of_spirit: 'Mol ENA',
  state: 'Maharashtra',
  state_name: 'Maharashtra',
  from_period: '2026-11',
  to_period: '2027-01',
  quantity_available: '40000.0',
  price_per_liter: '58.25',
  created_on: '2026-11-01T10:00:00.000Z',
  export_pass_fee: '0.50',
  sales_tax: '5.00',
  import_pass_fee: null,
  transit_permit_fee: null,
  escort_fee: null,
  corporation_fee: null,
  misc_handling: null,
  transportation: null,
  average_price: '59.1',
  last_traded_price: null,
  is_deal_locked: false,
  is_own: true,
  can_edit: true,
  orders: [],
};

function renderItem(item: typeof ITEM, roles: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => okResponse(item)),
  );
  signIn(roles, 'Seller', 'Deccan Distilleries');
  renderRoute('/viewitem/:id', <ViewItemPage />, '/viewitem/9');
}

describe('item info (/viewitem/{id})', () => {
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it.each([
    [{ is_own: true, can_edit: true }, ['Negotiator'], true],
    [{ is_own: true, can_edit: true }, ['Admin'], false],
    [{ is_own: true, can_edit: false }, ['Negotiator'], false],
    [{ is_own: false, can_edit: false }, ['Negotiator'], false],
  ])('Edit for %j and roles %j: %s', (item, roles, shown) => {
    expect(mayEditItem(item, roles)).toBe(shown);
  });

  it('shows its own listing with its name, its side’s fees and Edit for the listing’s Negotiator', async () => {
    renderItem(ITEM, ['Negotiator']);
    expect(await screen.findByText('Deccan Distilleries')).toBeTruthy();
    expect(screen.getByText('Offer Price').nextSibling?.textContent).toBe('₹58.25/L');
    expect(screen.getByText('Export Pass Fee').nextSibling?.textContent).toBe('₹0.50/L');
    expect(screen.getByText('Sales Tax').nextSibling?.textContent).toBe('5%');
    expect(screen.getByText('Last Traded Price').nextSibling?.textContent).toBe('N/A');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/additem/9');
  });

  it('masks another company’s name and offers no Edit', async () => {
    renderItem({ ...ITEM, company: { name: '****es' }, is_own: false, can_edit: false }, ['Negotiator']);
    expect(await screen.findByText('Company name hidden, ending in es')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Bid' }).getAttribute('href')).toBe('/biditem/9');
  });
});
