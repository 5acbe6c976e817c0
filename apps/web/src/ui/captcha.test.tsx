import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Captcha, type CaptchaHandle } from './captcha';

const HMAC_KEY = 'test-key';

// The server's getCaptcha: a real ALTCHA challenge, small enough to solve quickly.
async function fakeServer(input: RequestInfo | URL): Promise<Response> {
  expect(String(input)).toBe('/api/getCaptcha');
  const c = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 2000 });
  const data = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    maxnumber: c.maxnumber,
    salt: c.salt,
    signature: c.signature,
  };
  return new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data }), { status: 200 });
}

describe('Captcha', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('solves the challenge when ticked and hands over a payload the server accepts', async () => {
    const user = userEvent.setup();
    const payloads: (string | null)[] = [];
    const ref = createRef<CaptchaHandle>();
    render(<Captcha ref={ref} onChange={(p) => payloads.push(p)} />);

    const box = screen.getByRole('checkbox', { name: "I'm not a robot" });
    await user.click(box);
    expect(await screen.findByText('Verified', {}, { timeout: 20_000 })).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);

    const payload = payloads.at(-1);
    expect(typeof payload).toBe('string');
    expect(await verifySolution(payload as string, HMAC_KEY)).toBe(true);

    // After a submit the form resets it: unticked, and the payload withdrawn.
    ref.current?.reset();
    expect(await screen.findByRole('checkbox', { checked: false })).toBeTruthy();
    expect(payloads.at(-1)).toBeNull();
    expect(screen.queryByText('Verified')).toBeNull();
  });
});
