import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { bidPagePath } from '../../../ui/bid-links';
import { ViewBidLink } from './view-bid-link';

const bid = { id: 5, offer_id: 10, ask_id: 20 };

function renderLink(companyType: string | null) {
  const element = <ViewBidLink bid={bid} companyType={companyType} />;
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

describe('View Bid', () => {
  afterEach(cleanup);

  it('opens the bid page on the counterparty’s listing: the offer for a buyer, the ask for a seller', () => {
    expect(bidPagePath(bid, 'Buyer')).toBe('/biditem/10/5');
    expect(bidPagePath(bid, 'Seller')).toBe('/biditem/20/5');
    renderLink('Seller');
    expect(screen.getByRole('link', { name: 'View Bid 5' }).getAttribute('href')).toBe('/biditem/20/5');
  });

  it('is not offered to a user of no trading company', () => {
    renderLink(null);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
