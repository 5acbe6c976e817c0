// A fake API for the ratings screens' component tests: the pickers' lookups, reviewDistillery (recording the rows,
// or refusing a row) and getBidRating (what the last review stored). Tests only.
import type { BidRating } from '@spirit/domain/ratings/ratings.schemas';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from '../../app/session';

export type Call = { method: string; body: Record<string, unknown> };

const envelope = (data: unknown, message = '') =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message, data }), { status: 200 });
const failure = (statusCode: number, error: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ status: 'ERROR', statusCode, error, code: 'x', fields }), { status: statusCode });

const COMPANIES = { Buyer: [{ id: 7, name: 'Test Company' }], Seller: [{ id: 21, name: 'Deccan Distilleries' }] };
const DISTILLERIES: Record<number, { id: number; name: string }[]> = {
  7: [{ id: 70, name: 'Pune Bottling Unit' }],
  21: [
    { id: 210, name: 'Nashik Plant' },
    { id: 211, name: 'Satara Plant' },
  ],
};

export function useFakeRatingsApi() {
  const api = {
    calls: [] as Call[],
    /** A refusal of the next reviewDistillery, or null. */
    refuse: null as null | { error: string; fields?: Record<string, string> },
    saved: null as BidRating,
  };
  beforeEach(() => {
    api.calls.length = 0;
    api.refuse = null;
    api.saved = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = String(input).replace('/api/', '');
        const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        api.calls.push({ method, body });
        if (method === 'getAllCompanyName') return envelope(COMPANIES[body.company_type as 'Buyer' | 'Seller']);
        if (method === 'getDistillNameByCompanyId') return envelope(DISTILLERIES[body.company_id as number] ?? []);
        if (method === 'getBidRating') return envelope(api.saved);
        if (method === 'reviewDistillery') {
          if (api.refuse) return failure(400, api.refuse.error, api.refuse.fields);
          const rows = body.rating_details as { bid_id?: number; rating: number; source: string }[];
          const last = rows.at(-1)!;
          if (last.bid_id)
            api.saved = {
              id: (api.saved?.id ?? 0) + 1,
              bid_id: last.bid_id,
              rating: last.rating,
              source: last.source as 'New',
              from_company_type: 'Buyer',
              to_distillery_id: 210,
              created_on: '2026-11-24T10:00:00.000Z',
            };
          return envelope({ ids: rows.map((_, i) => i + 1) }, 'Review submitted successfully');
        }
        return failure(500, 'Server down');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
  return api;
}
