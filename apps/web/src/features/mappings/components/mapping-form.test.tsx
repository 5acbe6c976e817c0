import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';
import { MappingForm } from './mapping-form';

const calls: { method: string; body: Record<string, unknown> }[] = [];
let freeDistilleries = [{ id: 10, name: 'Nashik Unit' }];
let distilleryCount = 1;
const admin = {
  id: 1,
  name: 'Admin',
  email: 'admin@seller.test',
  company_id: 3,
  company_name: 'Deccan Distilleries',
  company_type: 'Seller' as const,
  roles: ['Admin'],
  userType: 'Admin',
  userActionType: 'SellerAdmin',
};

const ok = (data: unknown, message = '') =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message, data }), { status: 200 });

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  calls.push({ method, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
  if (method === 'getAllUntaggedUser')
    return ok([
      { id: 1, name: 'Admin', in_mapping: false },
      { id: 2, name: 'Neha', in_mapping: false },
      { id: 3, name: 'Arun', in_mapping: true },
    ]);
  if (method === 'getAllUntaggedDistill') return ok(freeDistilleries);
  if (method === 'getAllDistill') return ok({ records: [], totalRecords: distilleryCount });
  if (method === 'createDistillGroup') return ok({ id: 5 }, 'Mapping created successfully');
  if (method === 'refreshUser') return ok({ user: { ...admin, roles: ['Admin', 'Approver'] } });
  return new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'x' }), {
    status: 500,
  });
}

describe('de-centralized mapping form', () => {
  beforeEach(() => {
    calls.length = 0;
    freeDistilleries = [{ id: 10, name: 'Nashik Unit' }];
    distilleryCount = 1;
    setSession({ token: 'tok', user: admin });
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('wants three different users, then saves, keeps the refreshed roles in the session and counts down', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [{ path: '/decentralized/edit', element: <MappingForm type="Decentralized" /> }],
      {
        initialEntries: ['/decentralized/edit'],
      },
    );
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('option', { name: 'Nashik Unit' });
    await screen.findAllByRole('option', { name: 'Neha' });
    await user.selectOptions(screen.getByLabelText('Distillery'), 'Nashik Unit');
    await user.selectOptions(screen.getByLabelText('Negotiator'), 'Neha');
    await user.selectOptions(screen.getByLabelText('Authorizer'), 'Neha');
    await user.selectOptions(screen.getByLabelText('Approver'), 'Admin');
    await user.tab();
    // Said once, on the field that repeats the negotiator; the hint gives way to it.
    await waitFor(() => expect(screen.getByLabelText('Authorizer').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Negotiator, authorizer and approver must be three different users')).toHaveLength(1);
    expect(screen.getByLabelText('Approver').getAttribute('aria-invalid')).not.toBe('true');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.click(save);
    expect(await screen.findByText('Negotiator, authorizer and approver must be three different users')).toBeTruthy();
    expect(calls.some((c) => c.method === 'createDistillGroup')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Authorizer'), 'Arun');
    await user.click(save);
    expect(await screen.findByText('Mapping created successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'createDistillGroup')?.body).toEqual({
      type: 'Decentralized',
      name: '',
      distilleries: [10],
      negotiator: 2,
      authorizer: 3,
      approver: 1,
    });
    await waitFor(() => expect(getSession()?.user.roles).toEqual(['Admin', 'Approver']));
    expect(getSession()?.token).toBe('tok');
    expect(await screen.findByText(/Returning to De-Centralized Mappings in [45] s\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe('/decentralized');
  });
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/decentralized/edit', element: <MappingForm type="Decentralized" /> }], {
    initialEntries: ['/decentralized/edit'],
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

// Issue 21 item 18: the De-Centralized picker, empty, says why — no distillery yet, or all of them mapped.
describe('an empty distillery picker', () => {
  beforeEach(() => {
    calls.length = 0;
    freeDistilleries = [];
    setSession({ token: 'tok', user: admin });
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('says the company has no distillery yet and links to add one', async () => {
    distilleryCount = 0;
    renderForm();
    expect(await screen.findByText(/Your company has no distillery yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'add a distillery first' }).getAttribute('href')).toBe('/distilleries');
    expect(screen.queryByRole('link', { name: 'De-Centralized' })).toBeNull();
  });

  it('says every distillery is already in a mapping and where to change it', async () => {
    distilleryCount = 3;
    renderForm();
    expect(await screen.findByText(/All 3 of your company’s distilleries are already in a mapping/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'De-Centralized' }).getAttribute('href')).toBe('/decentralized');
    expect(screen.queryByRole('link', { name: 'add a distillery first' })).toBeNull();
  });
});
