import { FILE_MESSAGES } from '@spirit/domain/files/files.constants';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { renderRoutes, signIn } from '../../../test/page-kit';
import type { Call } from './bid-list-test-kit';
import { BidDetailPage } from './bid-detail-page';
import { bidDetail, fakeMethods } from './bid-page-test-kit';

const calls: Call[] = [];
const trade = (over: Parameters<typeof bidDetail>[1] = {}) =>
  bidDetail(5, {
    status: 'Approved',
    trade_reference_number: 'TR-2026-000042',
    buyer_company_name: 'Punjab Bottling Company',
    seller_company_name: 'Deccan Distilleries',
    from_distillery_name: 'Nashik Unit',
    to_distillery_name: 'Ludhiana Distillery',
    ...over,
  });

function open(bid: ReturnType<typeof bidDetail>, companyType: 'Buyer' | 'Seller', review?: boolean) {
  calls.length = 0;
  signIn(['Admin'], companyType);
  vi.stubGlobal('fetch', vi.fn(fakeMethods(calls, { getBidById: () => bid })));
  const Review = ({ bid: b }: { bid: { id: number } }) => <p>Review of bid {b.id}</p>;
  renderRoutes('/biddetail/5', { '/biddetail/:id': <BidDetailPage {...(review ? { review: Review } : {})} /> });
}

describe('Bid Detail (/biddetail/{id})', () => {
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the trade with both names, and the buyer no upload button', async () => {
    open(trade(), 'Buyer');
    const facts = await screen.findByRole('region', { name: 'Trade' });
    for (const text of ['Nashik Unit', 'Punjab Bottling Company', 'Deccan Distilleries', 'TR-2026-000042', 'Goa'])
      expect(within(facts).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText('No sale order uploaded yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upload Sale Order/ })).toBeNull();
    expect(calls.map((c) => c.method)).toContain('getBidById');
  });

  it('mounts the rating review given by the route table', async () => {
    open(trade(), 'Buyer', true);
    const section = await screen.findByRole('region', { name: 'Rating' });
    expect(within(section).getByText('Review of bid 5')).toBeTruthy();
  });

  it('gives the seller the "Upload Your Document" dialog, refusing a file of another type', async () => {
    open(trade({ can_upload_sale_order: true }), 'Seller');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Sale Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Your Document' });
    expect(within(dialog).getByText('Allowed file types: .pdf, .jpg, .jpeg, .png. Max size: 5MB.')).toBeTruthy();
    const approve = within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);

    const input = within(dialog).getByLabelText('Sale order') as HTMLInputElement;
    await userEvent.upload(input, new File(['GIF89a'], 'order.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(within(dialog).getByText('order.gif')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(FILE_MESSAGES.invalidFormat);
    expect(approve.disabled).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove order.gif' }));
    expect(within(dialog).queryByText('order.gif')).toBeNull();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'order.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(within(dialog).getByRole('alert').textContent).toBe(FILE_MESSAGES.tooLarge);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove order.pdf' }));
    await userEvent.upload(input, new File(['%PDF-1.4'], 'order.pdf', { type: 'application/pdf' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(approve.disabled).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Your Document' })).toBeNull());
    expect(calls.map((c) => c.method)).not.toContain('updateBid');
  });
});
