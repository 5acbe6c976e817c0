// What the bid lists' component tests share: bid records as getAllBids answers them and a fake API that records
// its calls, stubbed around each test. Signing in and rendering are the app's test kit (`src/test/page-kit`).
// Tests only (imported by *.test.tsx).
import { NO_FLAGS } from '@spirit/domain/bids/bids.constants';
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from '../../../app/session';

/** The offer's and the ask's live figures, as a bid's record and its detail carry them. */
export const LISTING_FIGURES = {
  offer_available_quantity: '250000.0',
  ask_available_quantity: '1500000.0',
  offer_price: '63.00',
  ask_price: '61.75',
};

export function bidRecord(id: number, over: Partial<BidListRecord> = {}): BidListRecord {
  return {
    id,
    version: 1,
    status: 'New',
    is_bid_lapsed: false,
    is_deal_locked: false,
    is_bid_confidential: false,
    product: 'Grain ENA',
    state: 'Goa',
    quantity: '125000.0',
    price: '62.50',
    valid_until: '2026-11-24T10:00:00.000Z',
    offer_id: 10,
    ask_id: 20,
    ...LISTING_FIGURES,
    bid_placed_by: 'Buyer',
    viewer_side: 'buyer',
    buyer_company_name: 'Test Company',
    seller_company_name: '****es',
    buyer_company_state: 'Punjab',
    seller_company_state: 'Goa',
    source: 'New',
    your_rating: null,
    industry_rating: null,
    trade_reference_number: null,
    final_price: null,
    ...NO_FLAGS,
    created_on: '2026-11-23T08:00:00.000Z',
    modified_on: '2026-11-23T08:00:00.000Z',
    ...over,
  };
}

export type Call = { method: string; body: Record<string, unknown> };

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status: 'OK', statusCode: 200, message: '', data }), { status: 200 });

/** A fetch answering getAllBids with `bids()` (a 500 for null) and the filters' lookups; anything else fails. */
export function fakeApi(calls: Call[], bids: () => BidListRecord[] | null) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = String(input).replace('/api/', '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ method, body });
    if (method === 'getAllSpirit') return envelope([{ id: 1, type_of_spirit: 'Grain ENA', short_name: 'GENA' }]);
    if (method === 'getStateCities') return envelope([{ state: 'Goa', cities: ['Panaji'] }]);
    const records = method === 'getAllBids' ? bids() : null;
    if (records) return envelope({ records, totalRecords: records.length });
    return new Response(JSON.stringify({ status: 'Error', statusCode: 500, message: 'Server down' }), { status: 500 });
  };
}

/**
 * Stubs fetch with `fakeApi` around each test of the calling file: `api.calls` holds the calls made, `api.bids` is
 * what getAllBids answers (one new bid unless a test says otherwise).
 */
export function useFakeBidApi() {
  const api = { calls: [] as Call[], bids: (): BidListRecord[] | null => [bidRecord(1)] };
  beforeEach(() => {
    api.calls.length = 0;
    api.bids = () => [bidRecord(1)];
    vi.stubGlobal('fetch', vi.fn(fakeApi(api.calls, () => api.bids())));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
  return api;
}
