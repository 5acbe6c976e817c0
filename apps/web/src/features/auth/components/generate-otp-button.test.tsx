import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerateOtpButton } from './generate-otp-button';

const button = () => screen.getByRole('button');

/** Lets the click handler's awaited promise settle. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('Generate OTP countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down 60 seconds after a code was sent, then allows another', async () => {
    render(<GenerateOtpButton onGenerate={() => Promise.resolve(true)} />);
    expect(button().textContent).toBe('Generate OTP');

    fireEvent.click(button());
    await settle();
    expect(button().textContent).toBe('Regenerate OTP in 60s');
    expect((button() as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().textContent).toBe('Regenerate OTP in 59s');

    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(button().textContent).toBe('Regenerate OTP in 1s');
    expect((button() as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().textContent).toBe('Generate OTP');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not start the countdown when no code was sent', async () => {
    render(<GenerateOtpButton onGenerate={() => Promise.resolve(false)} />);
    fireEvent.click(button());
    await settle();
    expect(button().textContent).toBe('Generate OTP');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });
});
