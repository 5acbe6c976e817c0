// The bid page says whose move it is and offers only the caller's actions (issue 21, items 2, 3, 4, 8, 10): the
// status line, the timeline, a counter that keeps the deadline, a seller never asked for the buyer's fees, Item
// Info from the bid (lock, the counterparty's name once traded), and the final approval's confirmation.
import { HISTORY_STATUS, TIER_LABELS } from '@spirit/domain/bids/bids.constants';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { formatDateTime } from '../../../ui/format';
import { statusLine } from '../components/bid-turn';
import type { Call } from './bid-list-test-kit';
import { BidPage } from './bid-page';
import { bidDetail, fakeMethods, marketItem, renderBidPage } from './bid-page-test-kit';

const calls: Call[] = [];
function open(bid: BidDetail, more: Record<string, (b: Record<string, unknown>) => unknown> = {}, roles?: string[]) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(fakeMethods(calls, { getBidById: () => bid, getInventorybyId: () => marketItem(), ...more })),
  );
  renderBidPage('/biditem/10/5', { '/biditem/:id/:orderid': <BidPage /> }, roles);
}
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const field = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextSibling?.textContent;

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the bid page’s status line and actions', () => {
  it('tells the placer who answers, offers to revise or withdraw, and shows no Accept', async () => {
    open(bidDetail(5, { valid_until: inHours(24), allowed_actions: ['counter', 'reject'] }));
    expect(await screen.findByText('Waiting for the seller’s Negotiator')).toBeTruthy();
    expect(screen.getByText(/Your terms are on the table/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Negotiate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw bid' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revise terms' }));
    expect(screen.getByRole('button', { name: 'Negotiate' })).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Approval chain' });
    expect(within(timeline).getAllByRole('listitem')[0]!.textContent).toContain('Waiting now');
  });

  it('keeps the deadline on a counter unless another validity is chosen, and shows the expiry first', async () => {
    const deadline = inHours(20);
    const bid = bidDetail(5, {
      valid_until: deadline,
      bid_placed_by: 'Seller',
      is_negotiator_buyer_approved: null,
      is_negotiator_seller_approved: true,
      allowed_actions: ['counter', 'accept', 'reject'],
    });
    open(bid, { negotiateBid: () => ({ ...bid, version: 2 }) });
    const user = userEvent.setup();
    expect(await screen.findByText('Your turn: accept or counter')).toBeTruthy();
    const validity = screen.getByLabelText('Negotiation Valid Upto') as HTMLSelectElement;
    expect(validity.value).toBe('keep');
    const expiry = () => screen.getByText(/valid until:/i, { selector: 'span' }).nextSibling?.textContent;
    expect(expiry()).toBe(formatDateTime(deadline));
    await user.selectOptions(validity, '8');
    expect(expiry()).not.toBe(formatDateTime(deadline));
    await user.selectOptions(validity, 'keep');
    const price = screen.getByLabelText('Price (₹/L)');
    await user.clear(price);
    await user.type(price, '61');
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    // The captcha's work takes seconds on a busy machine: wait for it as the other forms' tests do.
    await screen.findByText('Verified', {}, { timeout: 20_000 });
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Negotiate' }).getAttribute('aria-disabled')).not.toBe('true'),
    );
    await user.click(screen.getByRole('button', { name: 'Negotiate' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'negotiateBid')).toBe(true));
    const body = calls.find((c) => c.method === 'negotiateBid')!.body;
    expect(body).toMatchObject({ bid_id: 5, price: 61, import_pass_fee: 1, transportation: 2 });
    expect(body).not.toHaveProperty('valid_until');
  });

  it('never asks a seller for the buyer’s fees: they show read only and are sent as they are', async () => {
    signInSellerBid();
    expect(await screen.findByText('Your turn: accept or counter')).toBeTruthy();
    expect(screen.queryByLabelText('Import Pass Fee (₹/L)')).toBeNull();
    expect(screen.getByText(/The buyer’s delivery fees/)).toBeTruthy();
    expect(screen.getByLabelText('Price (₹/L)')).toBeTruthy();
    expect(screen.getByLabelText('Comment')).toBeTruthy();
  });

  it('approves as the side’s Approver, names who else is waited for, and confirms the trade it completes', async () => {
    const locked = bidDetail(5, {
      status: 'OnGoing',
      is_deal_locked: true,
      is_negotiator_seller_approved: true,
      is_authenticator_buyer_approved: true,
      is_authenticator_seller_approved: true,
      is_approver_seller_approved: true,
      valid_until: inHours(6),
      actor: { side: 'buyer', tier: 'approver' },
      waiting_for: [{ side: 'buyer', tier: 'approver' }],
      allowed_actions: ['approve', 'reject'],
    });
    const traded = { ...locked, status: 'Approved' as const, trade_reference_number: 'TR-2026-000077', version: 2 };
    const future = inHours(0.2);
    open(
      locked,
      {
        generateUserOTP: () => ({ resend_after_seconds: 60, expires_in_seconds: 300 }),
        verifyOTP: () => ({ approval_window_until: future }),
        bidAction: () => traded,
      },
      ['Approver'],
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Your turn: approve or reject as Approver')).toBeTruthy();
    // Item Info reads the bid's lock, not the listing's.
    expect(await field('Deal Locked')).toBe('Yes');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const panel = await screen.findByRole('dialog', { name: 'Confirm with a one-time code' });
    // The code panel is fetched when the step-up first needs it.
    await user.click(await within(panel).findByRole('button', { name: 'Generate OTP' }));
    await user.type(within(panel).getByLabelText('OTP'), '123456');
    await user.click(within(panel).getByRole('button', { name: 'Verify OTP' }));
    const done = await screen.findByRole('dialog', { name: 'Trade confirmed' });
    expect(within(done).getByText('TR-2026-000077')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Open the trade' }).getAttribute('href')).toBe('/biddetail/5');
  });

  it('names the counterparty in Item Info once traded, as Bid Terms does', async () => {
    open(
      bidDetail(5, {
        status: 'Approved',
        is_deal_locked: true,
        trade_reference_number: 'TR-2026-000042',
        seller_company_id: 9,
        seller_company_name: 'Deccan Distilleries',
      }),
    );
    expect(await screen.findByText('Traded — TR-2026-000042')).toBeTruthy();
    // Bid Terms' Seller and Item Info's Company Name, once the listing is read.
    await vi.waitFor(() => expect(screen.getAllByText('Deccan Distilleries')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Open the trade’s page' }).getAttribute('href')).toBe('/biddetail/5');
  });
});

function signInSellerBid() {
  open(
    bidDetail(5, {
      viewer_side: 'seller',
      valid_until: inHours(10),
      actor: { side: 'seller', tier: 'negotiator' },
      allowed_actions: ['counter', 'accept', 'reject'],
    }),
    {},
    ['Negotiator'],
  );
}

describe('statusLine', () => {
  const base = bidDetail(5, { valid_until: inHours(5) });
  it('says who rejected a bid and that a lapsed one lapsed', () => {
    const rejected = {
      ...base,
      status: 'Rejected' as const,
      negotiations: [
        ...base.negotiations,
        {
          ...base.negotiations[0]!,
          company_type: 'Seller' as const,
          role: TIER_LABELS.authorizer,
          status: HISTORY_STATUS.rejected.authorizer,
        },
      ],
    };
    expect(statusLine(rejected, Date.now()).text).toBe('Rejected by the seller’s Authorizer');
    expect(statusLine({ ...base, status: 'Lapsed', is_bid_lapsed: true }, Date.now()).tone).toBe('closed');
  });

  it('waits for both sides’ Authorizers on a fresh locked deal, naming the caller’s own', () => {
    const locked = {
      ...base,
      status: 'OnGoing' as const,
      is_deal_locked: true,
      is_negotiator_seller_approved: true as const,
      allowed_actions: [] as const,
    };
    expect(statusLine(locked, Date.now()).text).toBe(
      'Waiting for your company’s Authorizer and the seller’s Authorizer',
    );
  });
});
