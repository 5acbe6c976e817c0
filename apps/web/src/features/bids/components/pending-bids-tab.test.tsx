import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bidRecord, useFakeBidApi } from '../pages/bid-list-test-kit';
import { renderPage, signIn } from '../../../test/page-kit';
import { PendingApprovalTab, PendingAuthorisationTab } from './pending-bids-tab';

describe('Pending Authorisation and Pending Approval tabs', () => {
  const api = useFakeBidApi();
  const locked = bidRecord(8, { status: 'OnGoing', is_deal_locked: true, is_negotiator_seller_approved: true });

  it.each([
    ['Pending Authorisation', <PendingAuthorisationTab listing={{ id: 5 }} />, 'authorizer', 'authorisation'],
    ['Pending Approval', <PendingApprovalTab listing={{ id: 5 }} />, 'approver', 'approval'],
  ] as const)('%s asks only for the bids waiting for its own tier', async (_, tab, tier, word) => {
    api.bids = () => [{ ...locked, is_negotiator_buyer_approved: true }];
    signIn(['Authorizer', 'Approver']);
    renderPage(tab, '/offeredit/5?tab=tab4');
    const table = await screen.findByRole('table', { name: `Bids awaiting your ${word}` });
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'getAllBids')!.body).toMatchObject({
        offer_id: 5,
        awaiting_me: true,
        awaiting_tier: tier,
      }),
    );
    expect(within(table).getByRole('button', { name: 'View Details of bid 8' })).toBeTruthy();
  });
});
