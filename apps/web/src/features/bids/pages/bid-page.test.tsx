import { HISTORY_STATUS } from '@spirit/domain/bids/bids.constants';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { approvalRows } from '../components/approval-status';
import { bidFinalPrice } from '../components/bid-price';
import type { Call } from './bid-list-test-kit';
import { BidPage } from './bid-page';
import { bidDetail, fakeMethods, marketItem, notFound, renderBidPage } from './bid-page-test-kit';

const calls: Call[] = [];
const invoice = (over: Record<string, unknown>) => ({
  kind: 'invoice',
  side: 'buyer',
  issued_on: '2026-11-23T10:30:00.000Z',
  taxable: '1500.00',
  total: '1770.00',
  cancelled: false,
  credits_number: null,
  ...over,
});
function open(
  bid: BidDetail | ReturnType<typeof notFound>,
  more: Record<string, (b: Record<string, unknown>) => unknown> = {},
  url = '/biditem/10/5',
) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(fakeMethods(calls, { getBidById: () => bid, getInventorybyId: () => marketItem(), ...more })),
  );
  renderBidPage(url, { '/biditem/:id/:orderid': <BidPage /> });
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('bid page (/biditem/{id}/{orderid})', () => {
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the listing, the terms read only while the other side is to answer, the approvals and the price breakup', async () => {
    open(bidDetail(5));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bid 5' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Item Info: Grain ENA from Goa' })).toBeTruthy();
    // 62.50 + 5% (3.13) + 1.00 + 0.50 + 0.25 + 2.00 of the bid's fees + the offer's 0.75 export pass fee.
    expect(screen.getAllByText('₹70.13 per litre').length).toBeGreaterThan(0);
    expect(cells(rowOf('Negotiator'))).toEqual(['Approved', 'Pending']);
    expect(cells(rowOf('Authorizer'))).toEqual(['Pending', 'Pending']);
    expect(screen.getByText('First offer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Negotiate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByLabelText('Confidential Bid')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Billing Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price Breakup Details' });
    const value = (label: string) => within(dialog).getByText(label).nextSibling?.textContent;
    expect(value('Invoice No')).toBe('Not issued yet');
    expect(value('Billing Date')).toBe('Not issued yet');
    expect(value('Sales Tax (5%)')).toBe('+ ₹3.13');
    expect(value('Misc Handling Fee')).toBe('+ ₹0.00');
    expect(value('Final price per litre')).toBe('₹70.13');
    expect(value('Amount')).toBe('₹87,66,250.00'); // 1,25,000 L × ₹70.13
  });

  it('counters with the fees, and accepts through the one-time code, showing the new state at once', async () => {
    const countered = bidDetail(5, {
      status: 'OnGoing',
      bid_placed_by: 'Seller',
      is_negotiator_buyer_approved: null,
      is_negotiator_seller_approved: true,
      allowed_actions: ['counter', 'accept', 'reject'],
    });
    const locked = {
      ...countered,
      version: 2,
      is_deal_locked: true,
      is_negotiator_buyer_approved: true as const,
      allowed_actions: [],
    };
    let current: BidDetail = countered;
    const future = new Date(Date.now() + 600_000).toISOString();
    open(countered, {
      generateUserOTP: () => ({ resend_after_seconds: 60, expires_in_seconds: 300 }),
      verifyOTP: () => ({ approval_window_until: future }),
      // The server's answer from then on: the bid locked.
      getBidById: () => current,
      bidAction: () => (current = locked),
    });
    const user = userEvent.setup();
    const importFee = await screen.findByLabelText('Import Pass Fee (₹/L)');
    expect((importFee as HTMLInputElement).value).toBe('1.00');
    const price = screen.getByLabelText('Price (₹/L)');
    await user.clear(price);
    await user.type(price, '60');
    // 60 + 3.00 + 1.00 + 0.50 + 0.25 + 2.00 + 0.75
    expect(screen.getByText('₹67.50 per litre')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Negotiate' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const panel = await screen.findByRole('dialog', { name: 'Confirm with a one-time code' });
    // The code panel is fetched when the step-up first needs it.
    await user.click(await within(panel).findByRole('button', { name: 'Generate OTP' }));
    await user.type(within(panel).getByLabelText('OTP'), '123456');
    await user.click(within(panel).getByRole('button', { name: 'Verify OTP' }));
    await vi.waitFor(() => expect(cells(rowOf('Negotiator'))).toEqual(['Approved', 'Approved']));
    expect(calls.find((c) => c.method === 'bidAction')!.body).toMatchObject({
      bid_id: 5,
      is_approved: true,
      version: 1,
    });
    expect(screen.queryByRole('button', { name: 'Negotiate' })).toBeNull();
  });

  it('bills an approved trade under its live service fee invoice, with no action left', async () => {
    const approver = (type: 'Buyer' | 'Seller', at: string) => ({
      ...bidDetail(5).negotiations[0]!,
      company_type: type,
      status: HISTORY_STATUS.approved.approver,
      comment: null,
      created_on: at,
    });
    open(
      bidDetail(5, {
        status: 'Approved',
        trade_reference_number: 'TR-2026-000042',
        negotiations: [
          ...bidDetail(5).negotiations,
          approver('Seller', '2026-11-23T09:00:00.000Z'),
          approver('Buyer', '2026-11-23T10:30:00.000Z'),
        ],
      }),
      {
        // The buyer's invoice was replaced after a fee correction: the dialog shows the live one.
        getBidCommissionById: () => ({
          invoices: [
            invoice({ id: 1, number: 'SX/2026-27/000041', cancelled: true }),
            invoice({ id: 2, number: 'SXCN/2026-27/000003', kind: 'credit_note', credits_number: 'SX/2026-27/000041' }),
            invoice({ id: 3, number: 'SX/2026-27/000057', issued_on: '2026-11-24T06:00:00.000Z', total: '1475.00' }),
          ],
        }),
      },
    );
    expect(await screen.findByText('Traded — TR-2026-000042')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Billing Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price Breakup Details' });
    expect(await within(dialog).findByText('SX/2026-27/000057')).toBeTruthy();
    expect(within(dialog).getByText('Invoice No').nextSibling?.textContent).toBe('SX/2026-27/000057');
    expect(within(dialog).getByText('Billing Date').nextSibling?.textContent).toBe('24-11-2026 11:30');
    expect(within(dialog).getByText('Service Fee (Inc Tax)').nextSibling?.textContent).toBe('₹1,475.00');
    expect(within(dialog).getByRole('button', { name: 'Download Invoice' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'getBidCommissionById').map((c) => c.body)).toEqual([{ id: 5 }]);
  });

  it('still shows the whole bid when its counterparty listing has left the market', async () => {
    open(bidDetail(5), { getInventorybyId: () => notFound('Listing not found', 'listing.not_found') });
    expect(await screen.findByText(/Grain ENA from Goa: this listing is no longer open in the market/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bid 5' })).toBeTruthy();
    expect(cells(rowOf('Negotiator'))).toEqual(['Approved', 'Pending']);
  });

  it('is not found when the listing is not one of the bid’s, or the bid is not there', async () => {
    open(bidDetail(5), {}, '/biditem/99/5');
    expect(await screen.findByText('Bid not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Bids' }).getAttribute('href')).toBe('/currentbids');
    cleanup();
    open(notFound('Bid not found', 'bid.not_found'));
    expect(await screen.findByText('Bid not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Bids' })).toBeTruthy();
  });
});

describe('bid page rules', () => {
  it('reads each tier’s state from the flags and a rejection from the history', () => {
    const bid = bidDetail(5, {
      is_negotiator_seller_approved: true,
      negotiations: [
        ...bidDetail(5).negotiations,
        { ...bidDetail(5).negotiations[0]!, company_type: 'Seller', status: 'Authorizer: Rejected' },
      ],
    });
    expect(approvalRows(bid).map((r) => [r.label, r.buyer, r.seller])).toEqual([
      ['Negotiator', 'Approved', 'Approved'],
      ['Authorizer', 'Pending', 'Rejected'],
      ['Approver', 'Pending', 'Pending'],
    ]);
  });

  it('has no final price until the price and every fee read as numbers', () => {
    const offer = { sales_tax: '18', export_pass_fee: '1.5' };
    expect(bidFinalPrice({ price: '', fees: {}, offer })).toBeNull();
    expect(bidFinalPrice({ price: '61.', fees: {}, offer })).toBeNull();
    expect(bidFinalPrice({ price: '61.25', fees: { transportation: 'abc' }, offer })).toBeNull();
    expect(bidFinalPrice({ price: '61.25', fees: { transportation: '' }, offer })?.total).toBe('73.78');
  });
});
