import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyStatus } from './company-status';

function shown(status: string | null | undefined) {
  const { container } = render(<CompanyStatus status={status} />);
  const label = container.firstElementChild as HTMLElement;
  const dot = label.querySelector('.status-dot') as HTMLElement;
  const result = { text: label.textContent, tone: label.className.replace('status-dot-label ', ''), dot };
  cleanup();
  return result;
}

describe('company status', () => {
  afterEach(cleanup);

  it.each([
    ['Approved', 'status-green'],
    ['Pending', 'status-amber'],
    ['Rejected', 'status-red'],
    ['Deleted', 'status-grey'],
  ])('shows %s as a %s dot with the word beside it', (status, tone) => {
    const { text, tone: shownTone, dot } = shown(status);
    expect(text).toBe(status);
    expect(shownTone).toBe(tone);
    // The dot is decoration: the word carries the meaning for screen readers and colour-blind users.
    expect(dot.getAttribute('aria-hidden')).toBe('true');
  });

  it.each([null, undefined, '', 'Suspended', 'approved'])("shows 'Unknown' for %j", (status) => {
    const { text, tone } = shown(status);
    expect(text).toBe('Unknown');
    expect(tone).toBe('status-unknown');
  });
});
