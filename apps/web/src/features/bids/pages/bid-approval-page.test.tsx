import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BidApprovalPage } from './bid-approval-page';
import { bidRecord, useFakeBidApi } from './bid-list-test-kit';
import { renderPage, signIn } from '../../../test/page-kit';

describe('Bid Approval (/bidapproval)', () => {
  const api = useFakeBidApi();

  it('lists the bids waiting for the caller, each opening View Details to act on', async () => {
    api.bids = () => [bidRecord(5, { status: 'OnGoing', is_deal_locked: true, price: '1234567.5' })];
    signIn(['Approver']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    const table = await screen.findByRole('table', { name: 'Bids waiting for you' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row!.textContent).toContain('₹12,34,567.50');
    expect(api.calls.find((c) => c.method === 'getAllBids')!.body).toMatchObject({ awaiting_me: true, page: 1 });
    await userEvent.click(within(row!).getByRole('button', { name: 'View Details of bid 5' }));
    expect(await screen.findByRole('dialog', { name: 'View Details' })).toBeTruthy();
  });

  it('says the caller’s step, the total value and the time left on each row', async () => {
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000 + 60_000).toISOString();
    api.bids = () => [
      // Locked, the buyer's Authorizer done: the buyer's Approver is next.
      bidRecord(5, {
        status: 'OnGoing',
        is_deal_locked: true,
        is_negotiator_buyer_approved: true,
        is_negotiator_seller_approved: true,
        is_authenticator_buyer_approved: true,
        quantity: '1000.0',
        price: '62.50',
        valid_until: inHours(3),
      }),
      // Placed by the seller: the buyer's Negotiator answers, with under an hour left.
      bidRecord(6, { is_negotiator_seller_approved: true, bid_placed_by: 'Seller', valid_until: inHours(0.5) }),
    ];
    signIn(['Negotiator', 'Approver']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    const table = await screen.findByRole('table', { name: 'Bids waiting for you' });
    expect(screen.getByRole('heading', { level: 1, name: 'Waiting for me' })).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Counterparty', 'Total Value', 'Your Step']));
    const [approve, answer] = within(table).getAllByRole('row').slice(1);
    expect(approve!.textContent).toContain('Approveas Approver');
    expect(approve!.textContent).toContain('₹62,500.00');
    expect(approve!.textContent).toMatch(/3 h 0[01] min left/);
    expect(answer!.textContent).toContain('Answer: accept or counter');
    expect(within(answer!).getByText(/^(30|31) min left$/).className).toBe('bid-urgent');
  });

  it('lets a user holding two tiers narrow the list to one, kept in the URL', async () => {
    signIn(['Authorizer', 'Approver']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    const show = await screen.findByRole('group', { name: 'Waiting for you' });
    const bodies = () => api.calls.filter((c) => c.method === 'getAllBids').map((c) => c.body);
    await waitFor(() => expect(bodies().length).toBeGreaterThan(0));
    expect(bodies()[0]!.awaiting_tier).toBeUndefined();
    await userEvent.click(within(show).getByRole('button', { name: 'As Approver' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ awaiting_me: true, awaiting_tier: 'approver' }));
    expect(within(show).getByRole('button', { name: 'As Approver' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(show).queryByRole('button', { name: 'As Negotiator' })).toBeNull();
  });

  it('offers no tier choice to a user holding one tier', async () => {
    signIn(['Authorizer']);
    renderPage(<BidApprovalPage />, '/bidapproval?tier=approver');
    await screen.findByRole('table', { name: 'Bids waiting for you' });
    expect(screen.queryByRole('group', { name: 'Waiting for you' })).toBeNull();
    expect(api.calls.find((c) => c.method === 'getAllBids')!.body.awaiting_tier).toBeUndefined();
  });

  it('says No Data Found when nothing waits', async () => {
    api.bids = () => [];
    signIn(['Authorizer']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    expect(await screen.findByText('No Data Found')).toBeTruthy();
  });
});
