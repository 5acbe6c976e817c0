import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bidRecord, useFakeBidApi } from './bid-list-test-kit';
import { renderPage, signIn } from '../../../test/page-kit';
import { BidsListPage } from './bids-list-page';

describe('Bids List (/bidslist)', () => {
  const api = useFakeBidApi();

  it('lists the market’s bids with both names masked, confidential ones hidden, Indian figures and no action', async () => {
    api.bids = () => [
      bidRecord(1, { viewer_side: null, buyer_company_name: '****ny', seller_company_name: 'Deccan Distilleries' }),
      bidRecord(2, { is_bid_confidential: true, product: 'Secret Spirit' }),
    ];
    signIn(['Negotiator']);
    renderPage(<BidsListPage />, '/bidslist?spirits=Grain+ENA&states=Goa');
    expect(screen.getByRole('heading', { level: 1, name: 'Bids List' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Current bids on the market' });
    expect(table.textContent).not.toContain('Secret Spirit');
    expect(table.textContent).not.toContain('Deccan');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('****ny');
    expect(rows[0]!.textContent).toContain('****es');
    // Both companies in one column.
    expect(within(table).getByRole('columnheader', { name: 'Buyer / Seller' })).toBeTruthy();
    // Placed by the buyer: the offer's available quantity and price.
    expect(rows[0]!.textContent).toContain('2,50,000');
    expect(rows[0]!.textContent).toContain('₹63.00');
    expect(rows[0]!.textContent).toContain('1,25,000');
    expect(rows[0]!.textContent).toContain('₹62.50');
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Action' })).toBeNull();
    expect(api.calls.find((c) => c.method === 'getAllBids')!.body).toMatchObject({
      is_market: true,
      type_of_spirits: ['Grain ENA'],
      states: ['Goa'],
      page: 1,
    });
    expect(screen.queryByLabelText('Status')).toBeNull();
  });

  it('names the caller’s own company and reads its own bid’s figures as My Bids does', async () => {
    // The seller's own bid: its name in full, the buyer masked; Ask Price and Available Quantity are the buyer's ask.
    const own = bidRecord(7, { viewer_side: 'seller', buyer_company_name: '****ny', seller_company_name: 'Test Co' });
    api.bids = () => [own];
    signIn(['Negotiator'], 'Seller');
    renderPage(<BidsListPage />, '/bidslist');
    const table = await screen.findByRole('table', { name: 'Current bids on the market' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row!.textContent).toContain('Test Co');
    expect(within(row!).getAllByText(/Company name hidden/)).toHaveLength(1);
    expect(row!.textContent).toContain('15,00,000');
    expect(row!.textContent).toContain('₹61.75');
    expect(row!.textContent).not.toContain('₹63.00');
  });

  it('says No Data Found for an empty market', async () => {
    api.bids = () => [];
    signIn(['Negotiator']);
    renderPage(<BidsListPage />, '/bidslist');
    expect(await screen.findByText('No Data Found')).toBeTruthy();
  });
});
