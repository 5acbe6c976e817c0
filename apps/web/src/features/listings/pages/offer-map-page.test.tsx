// The offer map page's states around the chart (the chart's option is offer-map-option.test.ts's; the browser test
// draws it): the title by company type, the records as a table, No Data Found, another company's listing, and a map
// that does not load, which leaves the table.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/session';
import { okResponse as ok, renderRoute, signIn } from '../../../test/page-kit';
import { OfferMapPage } from './offer-map-page';

const RECORDS = [
  { state: 'Karnataka', source: 'New', your_rating: null, industry_rating: 3.5 },
  { state: 'Maharashtra', source: 'Approved', your_rating: 4, industry_rating: 4.5 },
  { state: 'Maharashtra', source: 'Rejected', your_rating: 1, industry_rating: 1 },
].map((r) => ({
  ...r,
  available_quantity: '12500.0',
  offer_price: '55.00',
  company_type: 'Buyer',
  listings: 2,
  distilleries: 1,
}));

let records: unknown[] = RECORDS;
let listingFound = true;
let mapAnswer: () => Promise<Response> = async () => new Response('no', { status: 500 });

async function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  if (url.startsWith('/assets/india-map.json')) return mapAnswer();
  if (url === '/api/getOfferMap')
    return listingFound
      ? ok({ records })
      : new Response(
          JSON.stringify({ status: 'ERROR', statusCode: 404, error: 'Listing not found', code: 'listing.not_found' }),
          { status: 404 },
        );
  return new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, error: 'unexpected', code: 'x' }), {
    status: 500,
  });
}

function open(companyType: 'Seller' | 'Buyer') {
  signIn(['Negotiator'], companyType);
  renderRoute('/offermap/:id', <OfferMapPage />, '/offermap/9');
}

describe('offer map page (/offermap/{id})', () => {
  beforeEach(() => {
    records = RECORDS;
    listingFound = true;
    mapAnswer = async () => new Response('no', { status: 500 });
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('titles a seller’s map for buyers and lists every record in the table, even when the map does not load', async () => {
    open('Seller');
    expect(screen.getByRole('heading', { level: 1, name: 'Possible Buyer Map' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Possible buyers by state' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Karnataka',
      'Maharashtra',
      'Maharashtra',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Asked Rate' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Approved').className).toContain('source-Approved');
    expect(await screen.findByText('The map could not be loaded; the table lists every record.')).toBeTruthy();
    expect(screen.getByText('Map: @svg-maps/india, CC BY 4.0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/offers');
    expect(screen.getByRole('link', { name: 'Possible Buyer' }).getAttribute('href')).toBe('/offeredit/9?tab=tab1');
  });

  it('shows the map loading beside the table while the outline comes', async () => {
    mapAnswer = () => new Promise(() => {});
    open('Buyer');
    expect(screen.getByRole('heading', { level: 1, name: 'Possible Seller Map' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Possible sellers by state' })).toBeTruthy();
    expect(screen.getByText('Loading the map…')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Marker colours by source' }).textContent).toBe('ApprovedNewRejected');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/ask');
  });

  it('says No Data Found when the listing has no possible counterparty', async () => {
    records = [];
    open('Buyer');
    expect(await screen.findByText('No Data Found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows another company’s listing as not found, with the way back to the list', async () => {
    listingFound = false;
    open('Buyer');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Listing not found');
    expect(within(alert).getByRole('link', { name: 'Back to Asks' }).getAttribute('href')).toBe('/ask');
  });
});
