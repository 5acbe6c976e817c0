// The offer map (issue 23 part 4): a demo buyer's Negotiator opens the map of an ask's possible sellers from its row
// on /ask; the SVG map of India draws one marker per record of getOfferMap, coloured by the buyer's source, and the
// same records stand in a table beside it; Back returns to the list; the listing page links to the map; another
// company's listing is not found. Scanned and photographed at 1366 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { signInAs } from '../support/ui';

const PASSWORD = 'Demo@2026';
const BUYER = 'negotiator@punjab-bottling.example';
const SELLER = 'negotiator@deccan-distilleries.example';
const COLOURS = { Approved: '#15803d', New: '#ea580c', Rejected: '#b91c1c' } as const;
type Source = keyof typeof COLOURS;

test.describe.configure({ mode: 'serial' });

type Listing = { id: number; product: string; is_open: boolean };
type MapRecord = { state: string; source: Source };

/** The ask on the first page of /ask whose map has the most records. */
async function busiestAsk(): Promise<{ ask: Listing; records: MapRecord[] }> {
  const token = await tokenFor(BUYER, PASSWORD);
  const asks = await ok<{ records: Listing[] }>('getAllOffers', { page: 1, page_size: 10 }, token);
  let best: { ask: Listing; records: MapRecord[] } | null = null;
  for (const ask of asks.records.filter((a) => a.is_open)) {
    const { records } = await ok<{ records: MapRecord[] }>('getOfferMap', { offer_id: ask.id }, token);
    if (!best || records.length > best.records.length) best = { ask, records };
  }
  if (!best) throw new Error('the demo buyer has no open ask');
  return best;
}

/** The chart's markers: the SVG shapes filled with one of the source colours, by colour. */
async function markersByColour(page: Page): Promise<Record<string, number>> {
  return page.locator('.echart svg').evaluate(
    (svg, colours) => {
      const counts: Record<string, number> = {};
      for (const el of svg.querySelectorAll('path, circle')) {
        const fill = (el.getAttribute('fill') ?? '').toLowerCase();
        if (colours.includes(fill)) counts[fill] = (counts[fill] ?? 0) + 1;
      }
      return counts;
    },
    Object.values(COLOURS) as string[],
  );
}

test('a buyer opens the map of an ask from its row: one marker per record, coloured by source, with its table', async ({
  page,
}, testInfo) => {
  const { ask, records } = await busiestAsk();
  expect(records.length).toBeGreaterThan(1);
  await signInAs(page, BUYER, PASSWORD);
  await page.goto('/ask');
  const icon = page.locator(`a[href="/offermap/${ask.id}"]`);
  await expect(icon).toHaveAccessibleName(/^Map of possible sellers for /);
  await icon.click();
  await expect(page).toHaveURL(new RegExp(`/offermap/${ask.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Possible Seller Map' })).toBeVisible();
  await expect(page.getByText('Map: @svg-maps/india, CC BY 4.0')).toBeVisible();

  // The table alternative: one row per record, in the call's order.
  const table = page.getByRole('table', { name: 'Possible sellers by state' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(records.length);
  expect(await rows.locator('th').allTextContents()).toEqual(records.map((r) => r.state));
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-source')))).toEqual(
    records.map((r) => r.source),
  );

  // The map draws (the states' outlines), then one marker per record in its source's colour.
  const chart = page.getByRole('img', { name: /^Map of India with \d+ markers/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg path').nth(30)).toBeAttached({ timeout: 20_000 });
  const want: Record<string, number> = {};
  for (const r of records) want[COLOURS[r.source]] = (want[COLOURS[r.source]] ?? 0) + 1;
  await expect.poll(() => markersByColour(page)).toEqual(want);
  const total = Object.values(await markersByColour(page)).reduce((a, b) => a + b, 0);
  expect(total).toBe(await rows.count());

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect.poll(() => markersByColour(page)).toEqual(want);
  await checkPage(page, testInfo, 'offermap-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows).toHaveCount(records.length);
  await checkPage(page, testInfo, 'offermap-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // "Possible Seller" leads to the listing's tab; Back to the list the map was opened from.
  await expect(page.getByRole('link', { name: 'Possible Seller', exact: true })).toHaveAttribute(
    'href',
    `/offeredit/${ask.id}?tab=tab1`,
  );
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ask$/);
});

test('the listing page links to its map, and another company’s listing is not found', async ({ page }, testInfo) => {
  const { ask } = await busiestAsk();
  await signInAs(page, BUYER, PASSWORD);
  await page.goto(`/offeredit/${ask.id}`);
  await page.getByRole('link', { name: 'Possible Seller Map' }).click();
  await expect(page).toHaveURL(new RegExp(`/offermap/${ask.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Possible Seller Map' })).toBeVisible();

  const sellerToken = await tokenFor(SELLER, PASSWORD);
  const offers = await ok<{ records: Listing[] }>('getAllOffers', { page: 1, page_size: 5 }, sellerToken);
  await page.goto(`/offermap/${offers.records[0]!.id}`);
  await expect(page.getByRole('alert')).toContainText('Listing not found');
  await expect(page.getByRole('table')).toHaveCount(0);
  await checkPage(page, testInfo, 'offermap-not-found');
  await page.getByRole('link', { name: 'Back to Asks' }).click();
  await expect(page).toHaveURL(/\/ask$/);
});
