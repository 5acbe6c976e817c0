import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appQueryClient, QueryCache } from './query-cache';
import { clearSession, setSession } from './session';

const user = (id: number, token: string) => ({
  token,
  user: {
    id,
    name: `User ${id}`,
    email: `user${id}@example.test`,
    company_id: 7,
    company_name: 'Test Company',
    company_type: 'Buyer' as const,
    roles: ['Negotiator'],
    userType: 'Negotiator',
    userActionType: null,
  },
});

/** The client the components below `QueryCache` read through. */
function clientBelow(outer?: QueryClient): QueryClient {
  let seen: QueryClient | null = null;
  function Probe() {
    seen = useQueryClient();
    return null;
  }
  const tree = (
    <QueryCache>
      <Probe />
    </QueryCache>
  );
  render(outer ? <QueryClientProvider client={outer}>{tree}</QueryClientProvider> : tree);
  if (!seen) throw new Error('nothing rendered');
  return seen;
}

afterEach(() => {
  cleanup();
  clearSession();
});

describe('the query cache', () => {
  it('is one client for the tab, wherever a frame or a public page provides it', () => {
    expect(clientBelow()).toBe(appQueryClient());
    cleanup();
    expect(clientBelow()).toBe(appQueryClient());
  });

  it('leaves a client provided above it in place (a test’s, or the shell’s around a page)', () => {
    const outer = new QueryClient();
    expect(clientBelow(outer)).toBe(outer);
  });

  it('is emptied when the signed-in user changes, not when the same session is stored again', () => {
    setSession(user(1, 'first'));
    const client = appQueryClient();
    client.setQueryData(['getAwaitingBidCount'], { count: 3, capped: false });
    setSession(user(1, 'first'));
    expect(client.getQueryData(['getAwaitingBidCount'])).toEqual({ count: 3, capped: false });
    setSession(user(2, 'second'));
    expect(client.getQueryData(['getAwaitingBidCount'])).toBeUndefined();
    client.setQueryData(['getAwaitingBidCount'], { count: 1, capped: false });
    clearSession();
    expect(client.getQueryData(['getAwaitingBidCount'])).toBeUndefined();
  });
});
