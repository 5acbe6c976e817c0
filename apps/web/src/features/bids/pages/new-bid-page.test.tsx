import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import type { Call } from './bid-list-test-kit';
import { bidDetail, fakeMethods, marketItem, notFound, ownAsk, renderBidPage } from './bid-page-test-kit';
import { BidStartPage } from './bid-start-page';
import { NewBidPage } from './new-bid-page';

const calls: Call[] = [];
function open(opts: { roles?: string[]; asks?: ReturnType<typeof ownAsk>[]; item?: unknown } = {}) {
  calls.length = 0;
  const asks = opts.asks ?? [ownAsk()];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeMethods(calls, {
        getInventorybyId: () => opts.item ?? marketItem(),
        getAllOffers: () => ({ records: asks, totalRecords: asks.length }),
        createBid: () => bidDetail(77),
      }),
    ),
  );
  renderBidPage(
    '/biditem/10',
    {
      '/biditem/:id': <NewBidPage />,
      '/biditem/:id/:orderid': <h1>Bid page of 77</h1>,
      '/askcreate': <h1>New Ask</h1>,
    },
    opts.roles ?? ['Negotiator'],
  );
}

describe('placing a bid from the market (/biditem/{id})', () => {
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('preselects the one open ask of the product, prices the terms, places the bid and opens its page', async () => {
    open({
      asks: [
        ownAsk(),
        ownAsk({ id: 21, is_open: false }),
        ownAsk({ id: 22, product: 'Malt Spirit' }),
        ownAsk({ id: 23, from_period: '2027-03', to_period: '2027-04' }),
        ownAsk({ id: 24, distillery_name: 'Amritsar Distillery', can_edit: false }),
      ],
    });
    const user = userEvent.setup();
    const picker = (await screen.findByLabelText('Your ask')) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.value)).toEqual(['20']);
    expect(calls.find((c) => c.method === 'getAllOffers')!.body).toMatchObject({ item_search: 'Grain ENA' });
    // Item Info: the asking price landed with the pair's fees — the offer's sales tax and export pass fee and the
    // chosen ask's delivery fees — as the bid's page shows it: 63 + 3.15 + 0.75 + 1.00 + 0.50 + 0.25 + 2.00.
    expect(screen.getByText('₹70.65 per litre')).toBeTruthy();
    // The ask's delivery fees start the form's.
    expect((screen.getByLabelText('Transportation Fee (₹/L)') as HTMLInputElement).value).toBe('2.00');
    expect(screen.getByText('Fill in the price and fees')).toBeTruthy();

    await user.type(screen.getByLabelText('Quantity (B/L)'), '1000');
    await user.type(screen.getByLabelText('Price (₹/L)'), '62');
    await user.type(screen.getByLabelText('Comment'), 'Delivery in December');
    // 62 + 3.10 + 1.00 + 0.50 + 0.25 + 2.00 + 0.75
    expect(screen.getByText('₹69.60 per litre')).toBeTruthy();
    expect((screen.getByLabelText('Negotiation Valid Upto') as HTMLSelectElement).value).toBe('4');
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    // The captcha's work takes seconds on a busy machine: wait for it as the other forms' tests do.
    await screen.findByText('Verified', {}, { timeout: 20_000 });
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place Bid' }).getAttribute('aria-disabled')).not.toBe('true'),
    );
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect(await screen.findByRole('heading', { name: 'Bid page of 77' })).toBeTruthy();
    const body = calls.find((c) => c.method === 'createBid')!.body;
    expect(body).toMatchObject({
      my_offer_id: 20,
      offer_id: 10,
      quantity: 1000,
      price: 62,
      import_pass_fee: 1,
      transportation: 2,
      comment: 'Delivery in December',
    });
    const hours = (Date.parse(String(body.valid_until)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(3.9);
    expect(hours).toBeLessThanOrEqual(4);
    expect(body).not.toHaveProperty('is_bid_confidential');
  });

  // Issue 21 item 18: an empty picker says which reason holds, not one combined explanation.
  it('says so when the company has no ask of the product, and links to create one', async () => {
    open({ asks: [ownAsk({ product: 'Malt Spirit' })] });
    expect(await screen.findByText('You have no ask of Grain ENA.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an ask' }).getAttribute('href')).toBe('/askcreate');
    expect(screen.queryByRole('button', { name: 'Place Bid' })).toBeNull();
  });

  it('says when the company’s asks of the product are for other months', async () => {
    open({ asks: [ownAsk({ from_period: '2027-03', to_period: '2027-04' })] });
    expect(
      await screen.findByText(
        'Your asks of Grain ENA are for other months (03-2027 – 04-2027); this listing is for 11-2026 – 02-2027, and a bid joins listings whose months overlap.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your ask')).toBeNull();
  });

  it('says which of the asks for these months is closed and which is sold out', async () => {
    open({
      asks: [
        ownAsk({ status: 'Closed', is_open: false }),
        ownAsk({ id: 21, distillery_name: 'Patiala Distillery', is_open: false, available_quantity: '0.0' }),
      ],
    });
    expect(
      await screen.findByText(
        'Your asks of Grain ENA for these months take no bids: Ludhiana Distillery, 12-2026 – 01-2027, is closed; Patiala Distillery, 12-2026 – 01-2027, is sold out.',
      ),
    ).toBeTruthy();
  });

  it('says when the open asks for these months are of a distillery the caller is not the Negotiator of', async () => {
    open({ asks: [ownAsk({ can_edit: false })] });
    expect(
      await screen.findByText(
        'Your company’s asks of Grain ENA for these months are from Ludhiana Distillery, and you are not mapped as the Negotiator of that distillery: its Negotiator places the bids.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Bid' })).toBeNull();
  });

  it('shows a user who does not negotiate the item and why there is no form', async () => {
    open({ roles: ['Authorizer'] });
    expect(await screen.findByText(/Only a Negotiator places bids/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Item Info: Grain ENA from Goa' })).toBeTruthy();
    expect(screen.queryByLabelText('Quantity (B/L)')).toBeNull();
    expect(calls.some((c) => c.method === 'getAllOffers')).toBe(false);
  });

  it('is not found for a listing that is not in the market', async () => {
    open({ item: notFound('Listing not found', 'listing.not_found') });
    expect(await screen.findByText('Listing not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Item List' }).getAttribute('href')).toBe('/items');
  });
});

describe('/biditem', () => {
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('points to the Item List', () => {
    renderBidPage('/biditem', { '/biditem': <BidStartPage /> });
    expect(screen.getByRole('link', { name: 'Go to Item List' }).getAttribute('href')).toBe('/items');
  });
});
