import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TickerView, type TickerEntry } from './market-ticker';

const ENTRIES: TickerEntry[] = [
  {
    state: 'Maharashtra',
    product: 'Grain ENA',
    price: '62.5',
    quantity: '125000',
    type: 'buyer',
    created_on: '2026-11-20T08:35:00Z',
  },
  {
    state: 'Goa',
    product: 'Grain ENA',
    price: '64',
    quantity: '2500.5',
    type: 'seller',
    created_on: '2026-11-21T00:00:00Z',
  },
];

function reducedMotion(on: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: on && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const ticker = () => screen.getByRole('region', { name: 'Market ticker' });
const motion = () => ticker().getAttribute('data-motion');

describe('market ticker', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows Buyer Market and Seller Market entries as state, product, price (quantity) and time, looping every 30 s', () => {
    reducedMotion(false);
    render(<TickerView entries={ENTRIES} />);
    const buyers = screen.getByRole('group', { name: 'Buyer Market entries' });
    // Each entry carries its time, in India Standard Time.
    expect(buyers.textContent).toContain('Maharashtra, Grain ENA, ₹62.50/L (1,25,000 B/L) · 20-11-2026 14:05');
    const sellers = screen.getByRole('group', { name: 'Seller Market entries' });
    expect(sellers.textContent).toContain('Goa, Grain ENA, ₹64.00/L (2,500.5 B/L) · 21-11-2026 05:30');
    expect(motion()).toBe('running');
    // The loop's second copy is hidden from assistive technology: each entry is read once.
    expect(screen.getAllByText(/Maharashtra, Grain ENA/)).toHaveLength(2);
    expect(buyers.querySelectorAll('ul[aria-hidden="true"]')).toHaveLength(1);
    expect(buyers.querySelector('.ticker-track')?.className).toContain('is-looping');
  });

  it('pauses while the pointer is over it', () => {
    reducedMotion(false);
    render(<TickerView entries={ENTRIES} />);
    fireEvent.mouseEnter(ticker());
    expect(motion()).toBe('paused');
    expect(ticker().querySelector('.ticker-track')?.className).toContain('is-paused');
    fireEvent.mouseLeave(ticker());
    expect(motion()).toBe('running');
  });

  it('pauses while the focus is inside it, and stays paused with its Pause button', () => {
    reducedMotion(false);
    render(<TickerView entries={ENTRIES} />);
    const lane = screen.getByRole('group', { name: 'Seller Market entries' });
    act(() => lane.focus());
    expect(motion()).toBe('paused');
    const pause = screen.getByRole('button', { name: 'Pause ticker' });
    act(() => pause.focus());
    expect(motion()).toBe('paused');
    act(() => pause.blur());
    expect(motion()).toBe('running');

    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    act(() => pause.blur());
    expect(motion()).toBe('paused');
    fireEvent.click(pause);
    act(() => pause.blur());
    expect(motion()).toBe('running');
  });

  it('stands still for a user who asked for reduced motion', () => {
    reducedMotion(true);
    render(<TickerView entries={ENTRIES} />);
    expect(motion()).toBe('reduced');
    expect(ticker().querySelector('.is-looping')).toBeNull();
    // No loop copy and nothing to pause: every entry is shown once.
    expect(screen.getAllByText(/Maharashtra, Grain ENA/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Pause ticker' })).toBeNull();
  });

  it('says No Data Found for a market without entries', () => {
    reducedMotion(false);
    render(<TickerView entries={[]} />);
    expect(screen.getAllByText('No Data Found')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Pause ticker' })).toBeNull();
  });
});
