// What the bid page's component tests share (/biditem, /biditem/{id}, /biditem/{id}/{orderid}): a bid detail, a
// market item, an own listing, a fetch answering by method (an unknown method is a 404, as the server answers
// another company's object), and a buyer company's user on a memory router with the routes the page goes to. Tests
// only (imported by *.test.tsx).
import { TIER_LABELS } from '@spirit/domain/bids/bids.constants';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { OwnListing } from '@spirit/domain/listings/listings.schemas';
import { createChallenge } from 'altcha-lib/v1';
import type { ReactElement } from 'react';
import { renderRoutes, signIn } from '../../../test/page-kit';
import type { ItemDetail } from '../../../ui/item-facts';
import { bidRecord, LISTING_FIGURES, type Call } from './bid-list-test-kit';

/** The buyer's delivery fees, ₹ per litre, on the ask and on the bid. */
const ASK_FEES = {
  import_pass_fee: '1.00',
  transit_permit_fee: '0.50',
  escort_fee: '0.25',
  corporation_fee: '0.00',
  misc_handling: '0.00',
  transportation: '2.00',
};

export function bidDetail(id: number, over: Partial<BidDetail> = {}): BidDetail {
  return {
    ...bidRecord(id, { is_negotiator_buyer_approved: true }),
    source: 'New',
    ...LISTING_FIGURES,
    export_pass_fee: null,
    sales_tax: null,
    ...ASK_FEES,
    comment: null,
    buyer_company_id: 7,
    seller_company_id: null,
    buyer_company_state: 'Punjab',
    seller_company_state: 'Goa',
    from_distillery_id: null,
    to_distillery_id: 3,
    from_distillery_name: '****ry',
    to_distillery_name: 'Ludhiana Distillery',
    negotiations: [
      {
        company_type: 'Buyer',
        user: 'Test User',
        role: TIER_LABELS.negotiator,
        quantity: '125000.0',
        price: '62.50',
        valid_until: '2026-11-24T10:00:00.000Z',
        status: 'New',
        comment: 'First offer',
        created_on: '2026-11-23T08:00:00.000Z',
      },
    ],
    actor: { side: 'buyer', tier: 'negotiator' },
    waiting_for: [{ side: 'seller', tier: 'negotiator' }],
    fees: null,
    allowed_actions: [],
    sell_order: null,
    can_upload_sale_order: false,
    ...over,
  };
}

/** The seller's offer the bids are on (listing 10 of `bidRecord`). */
export function marketItem(over: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id: 10,
    side: 'Offer',
    company: { name: '****es' },
    type_of_spirit: 'Grain ENA',
    state: 'Goa',
    state_name: 'Goa',
    from_period: '2026-11',
    to_period: '2027-02',
    quantity_available: '250000.0',
    price_per_liter: '63.00',
    created_on: '2026-11-01T10:00:00.000Z',
    export_pass_fee: '0.75',
    sales_tax: '5.00',
    import_pass_fee: null,
    transit_permit_fee: null,
    escort_fee: null,
    corporation_fee: null,
    misc_handling: null,
    transportation: null,
    average_price: '62.10',
    last_traded_price: null,
    is_deal_locked: false,
    is_own: false,
    can_edit: false,
    orders: [],
    ...over,
  };
}

/** The caller's (a buyer's) open ask of the same product (listing 20 of `bidRecord`), of a distillery it negotiates
 * for. */
export function ownAsk(over: Partial<OwnListing> = {}): OwnListing {
  return {
    id: 20,
    side: 'Ask',
    status: 'Open',
    is_open: true,
    from_period: '2026-12',
    to_period: '2027-01',
    state: 'Punjab',
    product: 'Grain ENA',
    distillery_id: 3,
    distillery_name: 'Ludhiana Distillery',
    offer_quantity: '1500000.0',
    available_quantity: '1500000.0',
    offer_price: '61.75',
    export_pass_fee: null,
    sales_tax: null,
    ...ASK_FEES,
    total_open_bids: 0,
    created_on: '2026-11-01T10:00:00.000Z',
    modified_on: '2026-11-01T10:00:00.000Z',
    version: 1,
    can_edit: true,
    ...over,
  };
}

type Handler = (body: Record<string, unknown>) => unknown;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
export const notFound = (error: string, code: string) => ({ notFound: { error, code } });

/**
 * A fetch answering each method with its handler's data (`notFound(...)` answers 404), a real captcha challenge,
 * and the caller's company (not a Premium Client unless `premium`); `calls` records every call.
 */
export function fakeMethods(calls: Call[], handlers: Record<string, Handler>, premium = false) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = String(input).replace('/api/', '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ method, body });
    if (method === 'getCaptcha') {
      const c = await createChallenge({ hmacKey: 'test-key', maxNumber: 2000 });
      const { algorithm, challenge, maxnumber, salt, signature } = c;
      return json({
        status: 'OK',
        statusCode: 200,
        message: '',
        data: { algorithm, challenge, maxnumber, salt, signature },
      });
    }
    const data = method === 'getCompanyDetails' ? { is_bid_confidential: premium } : handlers[method]?.(body);
    const missing = data === undefined ? { error: `${method} not found`, code: 'test.not_found' } : null;
    const refused = (data as { notFound?: { error: string; code: string } } | undefined)?.notFound ?? missing;
    if (refused) return json({ status: 'ERROR', statusCode: 404, ...refused }, 404);
    return json({ status: 'OK', statusCode: 200, message: '', data });
  };
}

/** `routes` (path → element) at `url`, for a buyer company's user holding `roles`. */
export function renderBidPage(url: string, routes: Record<string, ReactElement>, roles = ['Negotiator']) {
  signIn(roles);
  return renderRoutes(url, routes);
}
