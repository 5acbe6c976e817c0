import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';
import { BulkUploadPage } from './bulk-upload-page';

type Call = { method: string; body: unknown };
const calls: Call[] = [];
let csvAnswer: { status: number; body: unknown };
const FILE_URL = '/api/getFile?id=0b8f3c1e-6a7d-4c1b-9a51-2f0e7f5d9c11';

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  if (method === 'uploadFile') {
    const form = init?.body as FormData;
    calls.push({ method, body: { purpose: form.get('purpose'), file: (form.get('file') as File).name } });
    return new Response(
      JSON.stringify({
        status: 'OK',
        statusCode: 200,
        message: 'File uploaded successfully',
        data: { file_url: FILE_URL, id: 'x' },
      }),
      { status: 200 },
    );
  }
  calls.push({ method, body: JSON.parse(String(init?.body ?? '{}')) });
  if (method === 'uploadCSV') return new Response(JSON.stringify(csvAnswer.body), { status: csvAnswer.status });
  return new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'test' }), {
    status: 500,
  });
}

function renderPage() {
  setSession({
    token: 't',
    user: {
      id: 5,
      name: 'Rohan Patil',
      email: 'negotiator@deccan.test',
      company_id: 3,
      company_name: 'Deccan Distilleries',
      company_type: 'Seller',
      roles: ['Negotiator'],
      userType: 'Negotiator',
      userActionType: 'SellerNegotiator',
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/bulkupload', element: <BulkUploadPage /> },
      { path: '/offers', element: <h1>Offers list reached</h1> },
    ],
    { initialEntries: ['/bulkupload'] },
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

const sheet = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: '' });

describe('Bulk upload', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refuses a file that is not a sheet before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Bulk Upload - Offers' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Spreadsheet'), sheet('offers.pdf'));
    expect(within(dialog).getByText('Invalid file format. Please upload a .csv, .xls, or .xlsx file.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Upload Data' }));
    expect(calls).toHaveLength(0);
  });

  it('shows the rows to correct, then uploads a good sheet and goes to /offers after 5 s', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    csvAnswer = {
      status: 400,
      body: {
        status: 'ERROR',
        statusCode: 400,
        error: 'Some rows have errors. Nothing was uploaded.',
        code: 'bulk.rows_invalid',
        fields: { '3.price': 'Must be greater than 0', '2.state': 'Please select a valid state' },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    let dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Spreadsheet'), sheet('offers.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Data' }));

    const report = await screen.findByRole('table', { name: 'Rows to correct' });
    const rows = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['2', 'state', 'Please select a valid state'],
      ['3', 'price', 'Must be greater than 0'],
    ]);
    expect(calls.slice(0, 2)).toEqual([
      { method: 'uploadFile', body: { purpose: 'bulk', file: 'offers.xlsx' } },
      { method: 'uploadCSV', body: { s3_url: FILE_URL } },
    ]);

    csvAnswer = {
      status: 200,
      body: {
        status: 'OK',
        statusCode: 200,
        message: '2 offers uploaded successfully',
        data: { created: 2, ids: [8, 9] },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    dialog = await screen.findByRole('dialog');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Upload Data' }));
    expect((await screen.findAllByText('2 offers uploaded successfully')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table', { name: 'Rows to correct' })).toBeNull();
    await vi.advanceTimersByTimeAsync(5_100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
  });
});
