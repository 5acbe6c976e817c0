import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_POLL_MS, pollEvery, setLiveStreamOpen, usePollInterval } from './live-status';

afterEach(() => setLiveStreamOpen(false));

describe('poll intervals while the live stream is open', () => {
  it('keeps a screen’s own pace while the stream is down and slows it while open, never speeding a slow one', () => {
    expect(pollEvery(15_000, false)).toBe(15_000);
    expect(pollEvery(15_000, true)).toBe(LIVE_POLL_MS);
    expect(pollEvery(10 * LIVE_POLL_MS, true)).toBe(10 * LIVE_POLL_MS);
  });

  it('follows the stream opening and dropping', () => {
    const { result } = renderHook(() => usePollInterval(30_000));
    expect(result.current).toBe(30_000);
    act(() => setLiveStreamOpen(true));
    expect(result.current).toBe(LIVE_POLL_MS);
    act(() => setLiveStreamOpen(false));
    expect(result.current).toBe(30_000);
  });
});
