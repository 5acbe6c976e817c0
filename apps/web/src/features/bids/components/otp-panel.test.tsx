import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/api-client';
import { OtpPanel } from './otp-panel';

const invalidOtp = new ApiError({ statusCode: 400, error: 'Invalid OTP', code: 'bid.otp_invalid' });

function renderPanel(
  opts: { send?: () => Promise<{ resend_after_seconds: number }>; verify?: () => Promise<unknown> } = {},
) {
  const send = vi.fn(opts.send ?? (async () => ({ resend_after_seconds: 60 })));
  const verify = vi.fn(opts.verify ?? (async () => ({ approval_window_until: '2026-01-01T00:10:00.000Z' })));
  const onVerified = vi.fn();
  render(<OtpPanel send={send} verify={verify} onVerified={onVerified} />);
  return { send, verify, onVerified };
}

const flush = () => act(async () => {});

describe('One-time code panel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('mails a code, then waits 60 s before offering another', async () => {
    const { send } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Generate OTP' }));
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toMatch(/sent/i);
    const resend = screen.getByRole('button', { name: 'Resend OTP in 60 s' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    await act(async () => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: 'Resend OTP in 30 s' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP in 30 s' }));
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(30_000));
    const again = screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    fireEvent.click(again);
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('waits the minute out when the server says a code was mailed moments ago', async () => {
    renderPanel({
      send: () =>
        Promise.reject(
          new ApiError({
            statusCode: 429,
            error: 'Please wait before requesting another OTP',
            code: 'bid.otp_too_soon',
          }),
        ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate OTP' }));
    await flush();
    expect(screen.getByText('Please wait before requesting another OTP')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend OTP in 60 s' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('accepts six digits only, then verifies and reports it', async () => {
    const { verify, onVerified } = renderPanel();
    const input = screen.getByLabelText('OTP') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP required.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '12a4' } });
    expect(input.value).toBe('124');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('Please enter the 6-digit code')).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flush();
    expect(verify).toHaveBeenCalledWith('123456');
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('OTP verified');
  });

  it('shows the server’s refusal of a wrong code and stays open', async () => {
    const { onVerified } = renderPanel({ verify: () => Promise.reject(invalidOtp) });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await flush();
    expect(screen.getByText('Invalid OTP')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
