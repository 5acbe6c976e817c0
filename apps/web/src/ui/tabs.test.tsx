import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function TwoTabs({ onChange }: { onChange?: (index: number) => void }) {
  const [active, setActive] = useState(0);
  return (
    <Tabs
      active={active}
      onChange={(index) => {
        onChange?.(index);
        setActive(index);
      }}
      tabs={[
        { label: 'Login with Password', content: <input aria-label="Password" /> },
        { label: 'Login with OTP', content: <input aria-label="OTP" /> },
      ]}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('tabs', () => {
  afterEach(cleanup);

  it('names the open panel after its tab and renders only that panel', () => {
    render(<TwoTabs />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(tab('Login with Password').getAttribute('aria-selected')).toBe('true');
    expect(tab('Login with OTP').getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel', { name: 'Login with Password' });
    expect(tab('Login with Password').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByLabelText('OTP')).toBeNull();

    fireEvent.click(tab('Login with OTP'));
    expect(screen.getByRole('tabpanel', { name: 'Login with OTP' })).toBeTruthy();
    expect(screen.getByLabelText('OTP')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('keeps one tab in the Tab order: the open one', () => {
    render(<TwoTabs />);
    expect(tab('Login with Password').tabIndex).toBe(0);
    expect(tab('Login with OTP').tabIndex).toBe(-1);
  });

  it('moves the focus with the arrow keys, Home and End, and opens a tab with Enter or Space', () => {
    const opened: number[] = [];
    render(<TwoTabs onChange={(index) => opened.push(index)} />);
    tab('Login with Password').focus();

    fireEvent.keyDown(tab('Login with Password'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Login with OTP'));
    fireEvent.keyDown(tab('Login with OTP'), { key: 'ArrowRight' }); // wraps
    expect(document.activeElement).toBe(tab('Login with Password'));
    fireEvent.keyDown(tab('Login with Password'), { key: 'ArrowLeft' }); // wraps back
    expect(document.activeElement).toBe(tab('Login with OTP'));
    fireEvent.keyDown(tab('Login with OTP'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Login with Password'));
    fireEvent.keyDown(tab('Login with Password'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Login with OTP'));
    // Moving the focus opens nothing: opening a tab clears the other tab's secret on the sign-in page.
    expect(opened).toEqual([]);

    fireEvent.keyDown(tab('Login with OTP'), { key: 'Enter' });
    expect(opened).toEqual([1]);
    expect(tab('Login with OTP').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Login with OTP'), { key: 'ArrowLeft' });
    fireEvent.keyDown(tab('Login with Password'), { key: ' ' });
    expect(opened).toEqual([1, 0]);
    expect(tab('Login with Password').getAttribute('aria-selected')).toBe('true');
  });
});
