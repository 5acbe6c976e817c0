import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createChallenge } from 'altcha-lib/v1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './register-page';

const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data }), { status: 200 }));

// The server's side of the calls the form makes; every call is recorded, unknown ones refused.
const calls: string[] = [];
let registered: Record<string, unknown> | null = null;
async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = String(input).replace('/api/', '');
  calls.push(method);
  if (method === 'getCaptcha') {
    const c = await createChallenge({ hmacKey: 'k', maxNumber: 500 });
    return ok(c);
  }
  if (method === 'uploadFile') {
    const file = (init?.body as FormData).get('file') as File;
    return ok({ file_url: `/api/getFile?id=00000000-0000-4000-8000-000000000001`, id: file.name });
  }
  if (method === 'createCompany') {
    registered = JSON.parse(String(init?.body)) as Record<string, unknown>;
    return ok({ id: 42 });
  }
  if (method === 'getStateCities') {
    return ok([
      { state: 'Maharashtra', cities: ['Mumbai', 'Pune'] },
      { state: 'Goa', cities: ['Panaji'] },
    ]);
  }
  if (method === 'getAllSpirit') return ok([{ id: 1, type_of_spirit: 'Molasses ENA', short_name: 'Mol ENA' }]);
  const refusal = { status: 'ERROR', statusCode: 500, error: 'unexpected call', code: 'test' };
  return new Response(JSON.stringify(refusal), { status: 500 });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('registration form', () => {
  beforeEach(() => {
    calls.length = 0;
    registered = null;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the spec's messages for a bad PAN, GST and mobile number when submit is attempted", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Register with your company details' })).toBeTruthy();

    await user.type(screen.getByLabelText('Company PAN Number'), 'abcde12');
    await user.type(screen.getByLabelText('GST Number'), '27abcde1234f1z');
    await user.type(screen.getByLabelText('Admin Mobile Number'), '0123456789');

    // Typed in lower case, shown upper-cased.
    expect((screen.getByLabelText('Company PAN Number') as HTMLInputElement).value).toBe('ABCDE12');
    expect((screen.getByLabelText('GST Number') as HTMLInputElement).value).toBe('27ABCDE1234F1Z');

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    await user.click(submit);

    expect(await screen.findByText('Invalid PAN number format')).toBeTruthy();
    expect(screen.getByText('Invalid GST number format')).toBeTruthy();
    expect(screen.getByText('Invalid mobile format')).toBeTruthy();
    expect(screen.getByText('Please verify captcha.')).toBeTruthy();
    expect(screen.getByText('Please upload the PAN card')).toBeTruthy();
    expect(screen.getAllByText('*required').length).toBeGreaterThan(0);

    // The messages belong to their fields, and nothing was sent.
    const pan = screen.getByLabelText('Company PAN Number');
    expect(pan.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(pan.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid PAN number format',
    );
    expect(calls).not.toContain('createCompany');
  });

  it('lists the cities of the chosen state and clears the city when the state changes', async () => {
    const user = userEvent.setup();
    renderPage();
    const state = screen.getByLabelText('State');
    await within(state).findByRole('option', { name: 'Maharashtra' });
    await user.selectOptions(state, 'Maharashtra');
    const city = screen.getByLabelText('City') as HTMLSelectElement;
    await user.selectOptions(city, 'Pune');
    expect(city.value).toBe('Pune');

    await user.selectOptions(state, 'Goa');
    expect(city.value).toBe('');
    expect(within(city).getByRole('option', { name: 'Panaji' })).toBeTruthy();
    expect(within(city).queryByRole('option', { name: 'Pune' })).toBeNull();
  });

  it('refuses a file of the wrong type or size before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const picker = screen.getByLabelText('Upload PAN Card');

    await user.upload(
      picker,
      new File(['x'], 'pan.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    );
    expect(await screen.findByText('Invalid file format. Please upload a .pdf, .jpg, or .png file.')).toBeTruthy();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'pan.pdf', { type: 'application/pdf' });
    await user.upload(picker, big);
    expect(await screen.findByText('File size exceeds the 5MB limit. Please upload a smaller file.')).toBeTruthy();
    expect(screen.getByText('pan.pdf')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove pan.pdf' }));
    expect(screen.queryByText('pan.pdf')).toBeNull();
    expect(screen.queryByText('File size exceeds the 5MB limit. Please upload a smaller file.')).toBeNull();
    expect(calls).not.toContain('uploadFile');
  });

  it('sends a complete registration and replaces the form with the success message', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.selectOptions(screen.getByLabelText('Type'), 'Buyer');
    await user.type(screen.getByLabelText('Registered Name'), 'Test Traders Pvt Ltd');
    await user.type(screen.getByLabelText('Admin Email'), 'Owner@Test.example');
    await user.type(screen.getByLabelText('Admin Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('Company PAN Number'), 'aapfu0939f');
    await user.type(screen.getByLabelText('GST Number'), '27aapfu0939f1zv');
    await user.type(screen.getByLabelText('Registered Address'), '1 Market Road');
    const state = screen.getByLabelText('State');
    await within(state).findByRole('option', { name: 'Maharashtra' });
    await user.selectOptions(state, 'Maharashtra');
    await user.selectOptions(screen.getByLabelText('City'), 'Pune');
    await user.click(container.querySelector('.p-multiselect') as HTMLElement);
    await user.click(await screen.findByText('Molasses ENA', { selector: 'li span' }));
    await user.upload(
      screen.getByLabelText('Upload PAN Card'),
      new File(['%PDF-1.4'], 'pan.pdf', { type: 'application/pdf' }),
    );
    await screen.findByRole('button', { name: 'Remove pan.pdf' });

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await screen.findByText('Verified', {}, { timeout: 20_000 });
    expect(submit.getAttribute('aria-disabled')).toBe('false');

    await user.click(submit);
    expect(await screen.findByText('Registration successful! Thank you for registering.')).toBeTruthy();
    expect(screen.getByText('You would receive a mail once your form has been verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(registered).toMatchObject({
      type: 'Buyer',
      email: 'owner@test.example',
      pan_no: 'AAPFU0939F',
      gst_number: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      city: 'Pune',
      type_of_spirits: ['Molasses ENA'],
      license: '/api/getFile?id=00000000-0000-4000-8000-000000000001',
    });
    expect(typeof registered?.captcha).toBe('string');
  });
});
