import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../app/session';
import { ToastProvider } from '../../../ui/toast';
import { AddUserPage } from './add-user-page';

type Call = { method: string; body: Record<string, unknown> };
const calls: Call[] = [];
let createAnswer: { status: number; body: unknown };
let answeredAt = 0;

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ method, body });
  if (method === 'createUser') {
    answeredAt = performance.now();
    return new Response(JSON.stringify(createAnswer.body), { status: createAnswer.status });
  }
  if (method === 'getUserbyId') {
    const user = {
      id: 9,
      name: 'Ravi Kumar',
      email: 'ravi@seller.test',
      mobile_number: '9876500000',
      company_id: 3,
      is_active: true,
      is_archived: false,
      roles: ['Negotiator'],
      distilleries: ['Nashik Unit'],
    };
    return new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data: user }), { status: 200 });
  }
  return new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'test' }), {
    status: 500,
  });
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/adduser', element: <AddUserPage /> },
      { path: '/adduser/:id', element: <AddUserPage /> },
      { path: '/userslist', element: <h1>Users list reached</h1> },
    ],
    { initialEntries: [url] },
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

describe('Add User Details', () => {
  beforeEach(() => {
    calls.length = 0;
    createAnswer = {
      status: 200,
      body: { status: 'OK', statusCode: 200, message: 'User created successfully', data: null },
    };
    setSession({
      token: 't',
      user: {
        id: 1,
        name: 'Admin',
        email: 'admin@seller.test',
        company_id: 3,
        company_name: 'Deccan Distillers',
        company_type: 'Seller',
        roles: ['Admin'],
        userType: 'Admin',
        userActionType: 'SellerAdmin',
      },
    });
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it("shows the spec's messages, keeps Save disabled while the form is invalid and sends nothing", async () => {
    const user = userEvent.setup();
    renderAt('/adduser');
    expect(screen.getByRole('heading', { name: 'Add User Details' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('true');

    await user.click(save);
    expect(await screen.findByText('*required and must be a valid email')).toBeTruthy();
    expect(screen.getAllByText('*required')).toHaveLength(2); // name and mobile number
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '*required and must be a valid email',
    );

    await user.type(email, 'not-an-email');
    await user.type(screen.getByLabelText('Name'), 'Meera Shah');
    await user.type(screen.getByLabelText('Mobile Number'), '0987654321'); // first digit 0
    await user.click(save);
    expect(screen.getByText('*required and must be a valid email')).toBeTruthy();
    // A filled but malformed mobile says so, as registration does.
    expect(screen.queryAllByText('*required')).toHaveLength(0);
    expect(screen.getByText('Invalid mobile format')).toBeTruthy();
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(calls.filter((c) => c.method === 'createUser')).toHaveLength(0);
  });

  it('creates the user in the session’s company and returns to the list after half a second', async () => {
    const user = userEvent.setup();
    const router = renderAt('/adduser');
    await user.type(screen.getByLabelText('Email'), 'Meera@Seller.test');
    await user.type(screen.getByLabelText('Name'), 'Meera Shah');
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('false');
    // When the page left, measured from the server's answer: a busy machine may only make it later, never sooner.
    let leftAfter: number | null = null;
    const unsubscribe = router.subscribe((state) => {
      if (leftAfter === null && state.location.pathname !== '/adduser') leftAfter = performance.now() - answeredAt;
    });
    await user.click(save);

    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'createUser')?.body).toEqual({
      email: 'meera@seller.test',
      name: 'Meera Shah',
      mobile_number: '9876543210',
      company_id: 3,
      is_company_registration: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/userslist'), { timeout: 10_000 });
    unsubscribe();
    // Timers may fire a millisecond early against performance.now(); half a second is the point.
    expect(leftAfter).toBeGreaterThanOrEqual(495);
  });

  it("puts the server's refusal under its field and in a failure toast", async () => {
    const user = userEvent.setup();
    createAnswer = {
      status: 409,
      body: {
        status: 'ERROR',
        statusCode: 409,
        error: 'This email is already in use',
        code: 'user.email_in_use',
        fields: { email: 'This email is already in use' },
      },
    };
    renderAt('/adduser');
    await user.type(screen.getByLabelText('Email'), 'taken@seller.test');
    await user.type(screen.getByLabelText('Name'), 'Meera Shah');
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This email is already in use')).toHaveLength(2));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it("edits an existing user with 'Update User'", async () => {
    const user = userEvent.setup();
    renderAt('/adduser/9');
    const name = (await screen.findByDisplayValue('Ravi Kumar')) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Ravi K');
    expect(screen.getByRole('button', { name: 'Update User' })).toBeTruthy();
    expect(calls[0]).toEqual({ method: 'getUserbyId', body: { id: 9 } });
  });
});
