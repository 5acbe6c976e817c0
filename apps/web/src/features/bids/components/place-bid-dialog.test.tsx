import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toast';
import { formatDateTime } from '../../../ui/format';
import { carriedFees, PlaceBidDialog } from './place-bid-dialog';

const askFees = {
  import_pass_fee: '1.10',
  transit_permit_fee: '0.40',
  escort_fee: '0.25',
  corporation_fee: '2.00',
  misc_handling: null,
  transportation: '3.00',
};
const listing = { id: 11, side: 'Ask' as const, available_quantity: '5000.0', ...askFees };
const landed = {
  price: '61.50',
  sales_tax: '5',
  sales_tax_amount: '3.08',
  import_pass_fee: '0.90',
  escort_fee: '0.30',
  transit_permit_fee: '0.50',
  corporation_fee: '1.50',
  misc_handling: '0.00',
  transportation: '2.75',
  export_pass_fee: '1.00',
  total: '71.53',
};
const target = {
  id: 42,
  product: 'Molasses ENA',
  state: 'Goa',
  available_quantity: '2000.0',
  offer_price: '61.50',
  landed,
};

/** Nothing leaves the dialog until its terms pass: the spy only watches the network boundary. */
let fetchSpy: { mock: { calls: unknown[][] } };
const createBidCalls = () => fetchSpy.mock.calls.filter(([input]) => String(input).endsWith('/createBid'));

function renderDialog({ premium }: { premium: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The caller's own company, as the companies feature would have cached it.
  client.setQueryData(['getCompanyDetails', 'own'], { is_bid_confidential: premium });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PlaceBidDialog listing={listing} target={target} onClose={onClose} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onClose };
}

describe('Place bid dialog', () => {
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is titled after the counterparty and offers the validity hours 4 to 48, 4 first', () => {
    const { dialog } = renderDialog({ premium: false });
    expect(screen.getByText('Place bid for Molasses ENA from Goa')).toBeTruthy();
    const validity = within(dialog).getByLabelText('Negotiation Valid Upto') as HTMLSelectElement;
    expect([...validity.options].map((o) => Number(o.value))).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(validity.value).toBe('4');
    expect(within(dialog).queryByLabelText('Confidential Bid')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Place Bid' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows when the bid would lapse for the validity chosen', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog({ premium: false });
    const shown = () =>
      within(dialog)
        .getByText(/^Valid until:/)
        .parentElement!.querySelector('output')!.textContent;
    const at = (hours: number) => formatDateTime(new Date(Date.now() + hours * 3_600_000));
    expect([at(4), formatDateTime(new Date(Date.now() + 4 * 3_600_000 - 60_000))]).toContain(shown());
    await user.selectOptions(within(dialog).getByLabelText('Negotiation Valid Upto'), '24');
    expect([at(24), formatDateTime(new Date(Date.now() + 24 * 3_600_000 - 60_000))]).toContain(shown());
  });

  it('carries the ask’s delivery fees into the bid: a buyer’s own ask, or the possible buyer’s for a seller', () => {
    expect(carriedFees(listing, target)).toEqual({ ...askFees, misc_handling: '' });
    const offer = { id: 12, side: 'Offer' as const, available_quantity: '5000.0', sales_tax: '5' };
    expect(carriedFees(offer, target)).toEqual({
      import_pass_fee: '0.90',
      transit_permit_fee: '0.50',
      escort_fee: '0.30',
      corporation_fee: '1.50',
      misc_handling: '0.00',
      transportation: '2.75',
    });
  });

  it('shows the confidential box to a Premium Client company only', () => {
    const { dialog } = renderDialog({ premium: true });
    expect(within(dialog).getByLabelText('Confidential Bid')).toBeTruthy();
  });

  it('says what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog({ premium: false });
    await user.click(within(dialog).getByRole('button', { name: 'Place Bid' }));
    expect(within(dialog).getAllByText('*required')).toHaveLength(2);
    expect(within(dialog).getByText('Please verify captcha.')).toBeTruthy();
    expect(createBidCalls()).toEqual([]);
  });

  it('refuses zero, over-precise and unavailable quantities with the rules’ messages', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog({ premium: false });
    const quantity = within(dialog).getByLabelText('Quantity (B/L)');
    const price = within(dialog).getByLabelText('Price (₹/L)');
    await user.type(quantity, '0');
    await user.type(price, '61.555');
    await user.click(within(dialog).getByRole('button', { name: 'Place Bid' }));
    expect(within(dialog).getByText('Must be greater than 0')).toBeTruthy();
    expect(within(dialog).getByText('Must be a number with at most 2 decimals')).toBeTruthy();

    // More than the counterparty's 2,000 litres (the caller's own listing has 5,000).
    await user.clear(quantity);
    await user.type(quantity, '2000.5');
    await user.clear(price);
    await user.type(price, '61.55');
    expect(await within(dialog).findByText('Insufficient quantity available')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(createBidCalls()).toEqual([]);
  });
});
