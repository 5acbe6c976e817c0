import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bidDetail } from '../pages/bid-page-test-kit';
import { HistoryCard } from './bid-workspace';

/** A window whose width can be changed: the phone query matches at 768 px and below. */
function fakeWindow(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('max-width: 768px') && current <= 768;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return (next: number) =>
    act(() => {
      current = next;
      listeners.forEach((l) => l());
    });
}

const details = () => screen.getByText('Comments and History').closest('details')!;

describe('the bid page’s history (issue 21, item 14)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is folded on a phone, opened on a wide screen, and folded again when the window crosses the breakpoint', async () => {
    const resize = fakeWindow(390);
    render(<HistoryCard bid={bidDetail(3)} />);
    expect(details().open).toBe(false);
    resize(1366);
    expect(details().open).toBe(true);
    resize(1280);
    expect(details().open).toBe(true);
    resize(390);
    expect(details().open).toBe(false);
    // Between crossings the reader decides.
    await userEvent.click(screen.getByText('Comments and History'));
    expect(details().open).toBe(true);
    resize(360);
    expect(details().open).toBe(true);
  });
});
