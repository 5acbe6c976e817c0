import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';
import { CompanyInfoPage } from './company-info-page';

const calls: { method: string; body: Record<string, unknown> }[] = [];
let status = 'Approved';
let failDelete = false;

const json = (code: number, body: unknown) => new Response(JSON.stringify(body), { status: code });
const ok = (data: unknown, message = '') => json(200, { status: 'OK', statusCode: 200, message, data });

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ method, body });
  switch (method) {
    case 'getCompanyDetails':
      return ok({
        id: 7,
        name: 'Test Traders',
        type: 'Buyer',
        registered_name: 'Test Traders Pvt Ltd',
        license_number: '',
        pan_no: 'AAPFU0939F',
        gst_number: '27AAPFU0939F1ZV',
        address: '1 Market Road',
        city: '',
        state: 'Maharashtra',
        pin_code: '',
        type_of_spirits: ['Molasses ENA', 'Grain ENA'],
        company_spirits: [],
        distillery_address: '',
        email: 'owner@test.example',
        mobile_number: '9876543210',
        is_bid_confidential: false,
        license: '/api/getFile?id=00000000-0000-4000-8000-000000000001',
        status,
      });
    case 'getFile':
      return new Response(new Blob(['png'], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } });
    case 'deleteCompany':
      if (failDelete) return json(409, { status: 'ERROR', statusCode: 409, error: 'nope', code: 'test' });
      status = 'Deleted';
      return ok(null, 'Company deleted successfully');
    case 'undeleteCompany':
      status = 'Approved';
      return ok(null, 'Company restored successfully');
    case 'updateCompanyStatus':
      status = String(body.status);
      return ok(null, 'Company approved successfully');
    default:
      return json(500, { status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'test' });
  }
}

function renderInfo(roles: string[]) {
  setSession({
    token: 't',
    user: {
      id: 1,
      name: 'Someone',
      email: 'someone@example.test',
      company_id: roles.includes('SuperAdmin') ? null : 7,
      company_name: null,
      company_type: null,
      roles,
      userType: roles[0] ?? null,
      userActionType: null,
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/companyinfo/:id', element: <CompanyInfoPage /> },
      { path: '/clients', element: <h1>Clients reached</h1> },
    ],
    { initialEntries: ['/companyinfo/7'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('Company Information', () => {
  beforeEach(() => {
    calls.length = 0;
    status = 'Approved';
    failDelete = false;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
    // jsdom has no object URLs.
    URL.createObjectURL = () => 'blob:pan';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows every field with N/A for missing ones and the PAN card image from getFile', async () => {
    renderInfo(['SuperAdmin']);
    const details = await screen.findByRole('heading', { name: 'Test Traders' });
    expect(details).toBeTruthy();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('City')).toBe('N/A');
    expect(value('Status')).toBe('Approved');
    expect(value('Company Spirit')).toBe('Molasses ENA, Grain ENA');
    const img = (await screen.findByRole('img', { name: 'PAN card of Test Traders' })) as HTMLImageElement;
    expect(img.src).toBe('blob:pan');
    expect(calls.find((c) => c.method === 'getFile')?.body).toEqual({ id: '00000000-0000-4000-8000-000000000001' });
  });

  it('deletes only after confirmation, says so when cancelled, and offers Restore afterwards', async () => {
    const user = userEvent.setup();
    renderInfo(['SuperAdmin']);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this company?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Delete operation cancelled')).toBeTruthy();
    expect(calls.some((c) => c.method === 'deleteCompany')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Company deleted successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'deleteCompany')?.body).toEqual({ company_id: 7 });

    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const restore = await screen.findByRole('dialog');
    expect(within(restore).getByText('Are you sure you want to restore this company?')).toBeTruthy();
    await user.click(within(restore).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Company restored successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it("says 'Failed to delete company' when the server refuses", async () => {
    const user = userEvent.setup();
    failDelete = true;
    renderInfo(['SuperAdmin']);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete company')).toBeTruthy();
  });

  it('approves a Pending company (offered to any viewer) and returns to the clients list', async () => {
    const user = userEvent.setup();
    status = 'Pending';
    const router = renderInfo(['Admin']);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    // Nothing is sent before the confirmation.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to approve this company?');
    expect(calls.some((c) => c.method === 'updateCompanyStatus')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(await screen.findByText('You have accepted')).toBeTruthy();
    expect(calls.find((c) => c.method === 'updateCompanyStatus')?.body).toEqual({ id: 7, status: 'Approved' });
  });

  it('cancels Approve and Reject on No or Escape with a warning, sending nothing', async () => {
    const user = userEvent.setup();
    status = 'Pending';
    renderInfo(['SuperAdmin']);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Approve operation cancelled')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Reject operation cancelled')).toBeTruthy();
    expect(calls.some((c) => c.method === 'updateCompanyStatus')).toBe(false);
  });

  it('rejects after confirmation, sending the optional reason', async () => {
    const user = userEvent.setup();
    status = 'Pending';
    const router = renderInfo(['SuperAdmin']);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'PAN card unreadable');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject company' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(calls.find((c) => c.method === 'updateCompanyStatus')?.body).toEqual({
      id: 7,
      status: 'Rejected',
      reason: 'PAN card unreadable',
    });
  });

  it('shows a company user neither Edit nor Delete, nor Approve once approved', async () => {
    renderInfo(['Admin']);
    await screen.findByRole('heading', { name: 'Test Traders' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
