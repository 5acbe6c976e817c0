import type { DashboardBid } from '@spirit/domain/dashboards/dashboards.schemas';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/api-client';
import { COLUMN } from './bid-columns';
import { BidStatusTable } from './bid-status-table';

const bid: DashboardBid = {
  id: 7,
  product: 'Grain ENA',
  trade_reference_number: 'TR-2026-000007',
  quantity: '1500.0',
  price: '74.25',
  valid_until: '2026-05-01T10:00:00.000Z',
  state: 'Goa',
  next_level_pending: null,
  buyer_company: 'Punjab Bottling Company',
  seller_company: '****ks',
  created_on: '2026-04-30T10:00:00.000Z',
  status: 'Approved',
  offer_id: 1,
  ask_id: 2,
  sellOrderGenerated: true,
};

type Result = Parameters<typeof BidStatusTable>[0]['result'];
const base: Result = { data: undefined, isPending: true, isError: false, error: null, refetch: () => {} };

function show(result: Result) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <BidStatusTable
            title="Approved Bid Status"
            note="Last 7 days"
            result={result}
            columns={[COLUMN.product, COLUMN.tradeRef, COLUMN.quantity, COLUMN.price]}
            report={{ to: '/dashapprovebid', label: 'View Full Report' }}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(cleanup);

describe('a dashboard bid table', () => {
  it('says it is loading, then shows its rows with a link to the full report', () => {
    show(base);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    cleanup();
    show({ ...base, isPending: false, data: { records: [bid], totalRecords: 1 } });
    const table = screen.getByRole('table', { name: 'Approved Bid Status' });
    expect(table.textContent).toContain('TR-2026-000007');
    expect(table.textContent).toContain('1,500');
    expect(screen.getByRole('link', { name: 'View Full Report' }).getAttribute('href')).toBe('/dashapprovebid');
  });

  it('says No Data Found when empty, and why it failed with a retry', async () => {
    show({ ...base, isPending: false, data: { records: [], totalRecords: 0 } });
    expect(screen.getByText('No Data Found')).toBeTruthy();
    cleanup();
    const refetch = vi.fn();
    const error = new ApiError({ statusCode: 500, error: 'Something went wrong', code: 'internal' });
    show({ ...base, isPending: false, isError: true, error, refetch });
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });
});
