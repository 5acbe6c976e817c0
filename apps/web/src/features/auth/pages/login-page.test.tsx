import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge } from 'altcha-lib/v1';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../app/session';
import { LoginPage } from './login-page';

type Call = { method: string; body: Record<string, unknown> };
const calls: Call[] = [];
let loginAnswer: { status: number; body: unknown } = { status: 200, body: null };
let otpAnswer: { status: number; body: unknown } = { status: 200, body: null };

const user = {
  id: 7,
  name: 'Asha Rao',
  email: 'asha@seller.test',
  company_id: 3,
  company_name: 'Deccan Distillers',
  company_type: 'Seller',
  roles: ['Negotiator'],
  userType: 'Negotiator',
  userActionType: 'SellerNegotiator',
};

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ method, body });
  const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status });
  if (method === 'getCaptcha') {
    const c = await createChallenge({ hmacKey: 'k', maxNumber: 500 });
    return json(200, { status: 'OK', statusCode: 200, message: '', data: c });
  }
  if (method === 'login' || method === 'loginWithOtp') return json(loginAnswer.status, loginAnswer.body);
  if (method === 'generateOtp') return json(otpAnswer.status, otpAnswer.body);
  return json(500, { status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'test' });
}

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Dashboard reached</h1>} />
        <Route path="/error" element={<h1>Error page reached</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function solveCaptcha(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
  await screen.findByText('Verified', {}, { timeout: 20_000 });
}

/** Fills the password form for asha@seller.test, solves the captcha and presses Sign In. */
async function signInWithPassword(u: ReturnType<typeof userEvent.setup>, password: string) {
  await u.type(screen.getByLabelText('Email'), 'asha@seller.test');
  await u.type(screen.getByLabelText('Password'), password);
  await solveCaptcha(u);
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  beforeEach(() => {
    calls.length = 0;
    otpAnswer = { status: 200, body: { status: 'OK', statusCode: 200, message: 'OTP sent to your email', data: null } };
    clearSession();
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps Sign In disabled until the captcha is solved and sends nothing', async () => {
    const u = userEvent.setup();
    renderLogin();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Please verify captcha.')).toBeTruthy();

    await u.click(signIn);
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'login')).toHaveLength(0);
  });

  it('signs in with a password and goes to the dashboard', async () => {
    loginAnswer = {
      status: 200,
      body: { status: 'OK', statusCode: 200, message: 'Login successful', data: { token: 't0k', user } },
    };
    const u = userEvent.setup();
    renderLogin();
    await signInWithPassword(u, 'Secret#123');

    expect(await screen.findByText('Dashboard reached')).toBeTruthy();
    const login = calls.find((c) => c.method === 'login');
    expect(login?.body).toMatchObject({ email: 'asha@seller.test', password: 'Secret#123' });
    expect(typeof login?.body.captcha).toBe('string');
    expect(getSession()?.token).toBe('t0k');
    expect(JSON.parse(localStorage.getItem('spirit.session') ?? '{}').user.name).toBe('Asha Rao');
  });

  it('signs in by OTP when the password is empty and a code is entered', async () => {
    loginAnswer = {
      status: 200,
      body: { status: 'OK', statusCode: 200, message: 'ok', data: { token: 'otp', user: { ...user, roles: [] } } },
    };
    const u = userEvent.setup();
    renderLogin();
    await u.click(screen.getByRole('tab', { name: 'Login with OTP' }));
    await u.type(screen.getByLabelText('Email'), 'asha@seller.test');
    await u.click(screen.getByRole('button', { name: 'Generate OTP' }));
    expect(await screen.findByRole('button', { name: /Regenerate OTP in \d+s/ })).toBeTruthy();
    await u.type(screen.getByLabelText('OTP'), '123456');
    await solveCaptcha(u);
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    // A user without roles lands on the error page.
    expect(await screen.findByText('Error page reached')).toBeTruthy();
    expect(calls.find((c) => c.method === 'loginWithOtp')?.body).toMatchObject({
      email: 'asha@seller.test',
      otp: '123456',
    });
    expect(calls.some((c) => c.method === 'login')).toBe(false);
  });

  it('shows the banner on 401 and asks for a fresh captcha', async () => {
    loginAnswer = {
      status: 401,
      body: { status: 'ERROR', statusCode: 401, error: 'Email OR Password is Incorrect', code: 'auth.bad_credentials' },
    };
    const u = userEvent.setup();
    renderLogin();
    await signInWithPassword(u, 'wrong');

    expect(await screen.findByText('Email OR Password is Incorrect')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: "I'm not a robot" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('aria-disabled')).toBe('true');
    expect(getSession()).toBeNull();
  });

  it('checks a field when it is left, then as it changes', async () => {
    const u = userEvent.setup();
    renderLogin();
    await u.type(screen.getByLabelText('Email'), 'asha@');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull(); // not while first typed
    await u.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await u.type(screen.getByLabelText('Email'), 'seller.test');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await u.clear(screen.getByLabelText('Email'));
    expect(screen.getByText('Email is required.')).toBeTruthy();
  });

  it('focuses the first field a submit finds wrong', async () => {
    const u = userEvent.setup();
    renderLogin();
    await u.type(screen.getByLabelText('Email'), 'asha@seller.test');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.queryByText('Email is required.')).toBeNull();
  });

  it('keeps the email but not the other secret when the tab changes', async () => {
    const u = userEvent.setup();
    renderLogin();
    await u.type(screen.getByLabelText('Email'), 'asha@seller.test');
    await u.type(screen.getByLabelText('Password'), 'Secret#123');
    await u.click(screen.getByRole('tab', { name: 'Login with OTP' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@seller.test');
    await u.type(screen.getByLabelText('OTP'), '12');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid or expired OTP')).toBeTruthy();

    await u.click(screen.getByRole('tab', { name: 'Login with Password' }));
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Password is required.')).toBeNull();
    await u.click(screen.getByRole('tab', { name: 'Login with OTP' }));
    expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Invalid or expired OTP')).toBeNull();
  });

  it('Generate OTP checks the email, whose message clears while typing, and says when nothing was sent', async () => {
    otpAnswer = {
      status: 429,
      body: { status: 'ERROR', statusCode: 429, error: 'Please wait before requesting another OTP', code: 'auth.otp' },
    };
    const u = userEvent.setup();
    renderLogin();
    await u.click(screen.getByRole('tab', { name: 'Login with OTP' }));
    await u.click(screen.getByRole('button', { name: 'Generate OTP' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'generateOtp')).toBe(false);

    await u.type(screen.getByLabelText('Email'), 'asha@seller.test');
    expect(screen.queryByText(/Email is required|valid email/)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Generate OTP' }));
    expect(await screen.findByText('Please wait before requesting another OTP')).toBeTruthy();
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate OTP' })).toBeTruthy(); // no countdown
  });

  it("puts the server's field messages under the fields and toasts other failures", async () => {
    loginAnswer = {
      status: 400,
      body: {
        status: 'ERROR',
        statusCode: 400,
        error: 'Captcha verification failed. Please try again.',
        code: 'captcha.invalid',
        fields: { captcha: 'Captcha verification failed. Please try again.', email: 'Unknown domain' },
      },
    };
    const u = userEvent.setup();
    renderLogin();
    await signInWithPassword(u, 'Secret#123');

    expect(await screen.findByText('Failure')).toBeTruthy();
    expect(screen.getByText('Unknown domain')).toBeTruthy();
    // The captcha's message repeats the toast, so it is not repeated; the reset captcha asks again.
    expect(screen.getAllByText('Captcha verification failed. Please try again.')).toHaveLength(1);
    expect(screen.getByText('Please verify captcha.')).toBeTruthy();
  });
});
