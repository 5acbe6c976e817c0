import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bidRecord, useFakeBidApi } from './bid-list-test-kit';
import { renderPage, signIn } from '../../../test/page-kit';
import { MyBidsPage } from './my-bids-page';

describe('My Bids (/currentbids)', () => {
  const api = useFakeBidApi();

  it('shows the counterparty masked until Approved, the offer’s figures to a buyer, and opens Negotiate or Bid Details by status', async () => {
    api.bids = () => [
      bidRecord(1),
      bidRecord(2, { status: 'Rejected', seller_company_name: 'Deccan Distilleries' }),
      bidRecord(3, {
        status: 'Approved',
        seller_company_name: 'Deccan Distilleries',
        trade_reference_number: 'TR-2026-000042',
      }),
    ];
    signIn(['Negotiator']);
    renderPage(<MyBidsPage />, '/currentbids?status=Rejected');
    expect(screen.getByRole('heading', { level: 1, name: 'My Bids' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your company’s bids' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Bid ID',
      'Spirit Name',
      'State',
      'Counterparty',
      'Available Quantity',
      'Quantity (B/L)',
      'Ask Price',
      'Price',
      'Valid Until',
      'Status',
      'Trade Ref',
      'Action',
    ]);
    const [open, rejected, approved] = within(table).getAllByRole('row').slice(1);
    // One company column: the other side's, never the caller's own.
    expect(open!.textContent).not.toContain('Test Company');
    expect(open!.textContent).toContain('****es');
    // A buyer's Available Quantity and Ask Price are the seller's offer's.
    expect(open!.textContent).toContain('2,50,000');
    expect(open!.textContent).toContain('₹63.00');
    expect(open!.textContent).not.toContain('₹61.75');
    expect(approved!.textContent).toContain('Deccan Distilleries');
    // The trade's reference links to its page; an open bid has none.
    const reference = within(approved!).getByRole('link', { name: 'TR-2026-000042' });
    expect(reference.getAttribute('href')).toBe('/biddetail/3');
    expect(within(open!).getByLabelText('No trade yet')).toBeTruthy();
    expect(rejected!.textContent).not.toContain('Deccan');
    expect(within(rejected!).getByRole('button', { name: 'Bid Details of bid 2' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'getAllBids')!.body).toMatchObject({ bid_status: 'Rejected', page: 1 });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Rejected');

    await userEvent.click(within(open!).getByRole('button', { name: 'Negotiate bid 1' }));
    expect(await screen.findByRole('dialog', { name: 'Negotiate' })).toBeTruthy();
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'getBidById' && c.body.bid_id === 1)).toBe(true));
  });

  it('shows a seller the buyer’s ask: its available quantity and price', async () => {
    api.bids = () => [
      bidRecord(4, { viewer_side: 'seller', buyer_company_name: '****ny', seller_company_name: 'Test Company' }),
    ];
    signIn(['Approver'], 'Seller');
    renderPage(<MyBidsPage />, '/currentbids');
    const table = await screen.findByRole('table', { name: 'Your company’s bids' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row!.textContent).toContain('****ny');
    expect(row!.textContent).not.toContain('Test Company');
    expect(row!.textContent).toContain('15,00,000');
    expect(row!.textContent).toContain('₹61.75');
  });

  it('says why when the list cannot be read', async () => {
    api.bids = () => null;
    signIn(['Authorizer']);
    renderPage(<MyBidsPage />, '/currentbids');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
