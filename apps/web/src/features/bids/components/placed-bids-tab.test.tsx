import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bidRecord, useFakeBidApi } from '../pages/bid-list-test-kit';
import { renderPage, signIn } from '../../../test/page-kit';
import { PlacedBidsTab } from './placed-bids-tab';

describe('Placed Bids tab', () => {
  const api = useFakeBidApi();

  it('shows the spec’s columns, the counterparty listing’s price as Ask Price, and You for the own side', async () => {
    api.bids = () => [bidRecord(3), bidRecord(4, { bid_placed_by: 'Seller', status: 'Lapsed', is_bid_lapsed: true })];
    signIn(['Negotiator']);
    renderPage(<PlacedBidsTab listing={{ id: 20, product: 'Grain ENA' }} />, '/offeredit/20?tab=tab2');
    const table = await screen.findByRole('table', { name: 'Bids placed on this Grain ENA listing' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'State',
      'Quantity',
      'Price',
      'Ask Quantity',
      'Offered Quantity',
      'Ask Price',
      'Source',
      'Your Rating',
      'Industry Rating',
      'Status',
      'Placed By',
      'Action',
    ]);
    const [mine, theirs] = within(table).getAllByRole('row').slice(1);
    // A buyer's counterparty listing is the seller's offer.
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(mine!)[5]).toBe('₹63.00');
    expect(cells(mine!)[10]).toBe('You');
    expect(cells(theirs!)[10]).toBe('Seller');
    expect(within(mine!).getByRole('button', { name: 'Negotiate bid 3' })).toBeTruthy();
    expect(within(theirs!).getByRole('button', { name: 'View Details of bid 4' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'getAllBids')!.body).toMatchObject({ offer_id: 20 });
  });

  it('shows a seller the buyer’s ask price', async () => {
    api.bids = () => [bidRecord(3, { viewer_side: 'seller' })];
    signIn(['Negotiator'], 'Seller');
    renderPage(<PlacedBidsTab listing={{ id: 10, product: 'Grain ENA' }} />, '/offeredit/10?tab=tab2');
    const table = await screen.findByRole('table', { name: 'Bids placed on this Grain ENA listing' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[5]).toBe('₹61.75');
    expect(cells[10]).toBe('Buyer');
  });
});
