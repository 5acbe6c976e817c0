import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { renderPage, signIn } from '../../../test/page-kit';
import { BidApprovalPage } from '../pages/bid-approval-page';
import { bidRecord, type Call } from '../pages/bid-list-test-kit';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data }), { status: 200 });
const refused = (code: string, error: string, statusCode = 409) =>
  new Response(JSON.stringify({ status: 'ERROR', statusCode, error, code }), { status: statusCode });

/** Locked bids, the seller's Authorizer done, each waiting for the caller (the buyer's Authorizer). */
const waiting = (id: number, over = {}) =>
  bidRecord(id, {
    status: 'OnGoing',
    is_deal_locked: true,
    is_negotiator_buyer_approved: true,
    is_negotiator_seller_approved: true,
    quantity: '1000.0',
    price: '62.50',
    final_price: '71.35',
    valid_until: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    ...over,
  });

describe('Waiting for me: approval rows and one code for a queue (issue 21, items 13 and 19)', () => {
  const calls: Call[] = [];
  let bids = [waiting(5), waiting(6), waiting(7)];
  beforeEach(() => {
    calls.length = 0;
    bids = [waiting(5), waiting(6), waiting(7)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = String(input).replace('/api/', '');
        const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        calls.push({ method, body });
        if (method === 'getAllBids') return ok({ records: bids, totalRecords: bids.length });
        if (method === 'getAllSpirit' || method === 'getStateCities') return ok([]);
        if (method === 'getAwaitingBidCount') return ok({ count: bids.length, capped: false });
        if (method === 'generateUserOTP') return ok({ resend_after_seconds: 60, expires_in_seconds: 300 });
        if (method === 'verifyOTP') return ok({ approval_window_until: new Date(Date.now() + 600_000).toISOString() });
        if (method === 'bidAction') {
          if (body.bid_id === 6) return refused('bid.stale', 'This bid changed since you opened it');
          return ok({ ...waiting(Number(body.bid_id)), is_authenticator_buyer_approved: true });
        }
        return refused('test.unexpected', `unexpected ${method}`, 500);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the counterparty, the total value and the landed ₹/L, with labelled Approve and Reject', async () => {
    signIn(['Authorizer']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    const table = await screen.findByRole('table', { name: 'Bids waiting for you' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row!.textContent).toContain('****es');
    expect(row!.textContent).toContain('₹62,500.00');
    expect(row!.textContent).toContain('landed ₹71.35/L');
    const approve = within(row!).getByRole('button', { name: 'Approve bid 5' });
    const reject = within(row!).getByRole('button', { name: 'Reject bid 5' });
    expect(approve.textContent).toBe('Approve');
    expect(reject.textContent).toBe('Reject');
    expect(approve.className).toContain('p-button-success-strong');
    expect(reject.className).toContain('p-button-danger-strong');
    // The pair is one unit that never wraps apart.
    expect(approve.parentElement).toBe(reject.parentElement);
    expect(approve.parentElement!.className).toContain('approval-buttons');
  });

  it('approves the chosen bids after one code, each on its own, and reports the one refused', async () => {
    const user = userEvent.setup();
    signIn(['Authorizer']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    await screen.findByRole('table', { name: 'Bids waiting for you' });
    await user.click(screen.getByLabelText('Select all to approve'));
    await user.click(screen.getByRole('button', { name: 'Approve selected (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with a one-time code' });
    expect(dialog.textContent).toContain('the 3 bids you chose');
    // The code panel is fetched when the step-up first needs it.
    await user.click(await within(dialog).findByRole('button', { name: 'Generate OTP' }));
    await user.type(within(dialog).getByRole('textbox'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    const report = await screen.findByRole('list', { name: 'Approved together' });
    await waitFor(() => expect(within(report).getAllByRole('listitem')).toHaveLength(3));
    const lines = within(report)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Bid 5: Approved',
      'Bid 6: not approved — This bid changed since you opened it',
      'Bid 7: Approved',
    ]);
    // One code, then one separate action per bid, in order.
    expect(calls.filter((c) => c.method === 'verifyOTP')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'bidAction').map((c) => [c.body.bid_id, c.body.is_approved])).toEqual([
      [5, true],
      [6, true],
      [7, true],
    ]);
    // The refused bid stays chosen; the approved ones leave the selection.
    const box = (id: number) => screen.getByRole<HTMLInputElement>('checkbox', { name: `Select bid ${id}` });
    await waitFor(() => expect(box(5).checked).toBe(false));
    expect(box(6).checked).toBe(true);
  });

  it('offers no approval to a Negotiator’s row, which opens the bid to answer', async () => {
    bids = [bidRecord(8, { is_negotiator_seller_approved: true, bid_placed_by: 'Seller' })];
    signIn(['Negotiator']);
    renderPage(<BidApprovalPage />, '/bidapproval');
    const table = await screen.findByRole('table', { name: 'Bids waiting for you' });
    expect(within(table).getByRole('button', { name: 'Answer bid 8' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Approve bid 8' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Approve selected/ })).toBeNull();
  });
});
