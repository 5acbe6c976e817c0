// Offers and asks through the screens (issue 8, parts 5 and 6): a Seller's Negotiator posts an offer and a Buyer's
// an ask through the forms (cascade, period rule, redirect), a sheet is bulk-uploaded bad then good, and every
// screen passes the accessibility scan at desktop and at a 390 px phone width.
import { expect, test, type Page } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

const PASSWORD = 'Demo@2026';
// Deccan's negotiator negotiates for Baramati (Maharashtra) and Ponda (Goa).
const SELLER = { email: 'negotiator@deccan-distilleries.example', password: PASSWORD };
// Punjab Bottling's second negotiator negotiates for Jalandhar (Punjab) only.
const BUYER = { email: 'negotiator2@punjab-bottling.example', password: PASSWORD };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

/** A month `ahead` months from now: as the pickers take it (MM-YYYY) and as a period (YYYY-MM). */
function month(ahead: number) {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + ahead);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return { typed: `${mm}-${d.getUTCFullYear()}`, period: `${d.getUTCFullYear()}-${mm}` };
}

async function typeMonth(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Tab');
}

/** Takes the page's scan and screenshot at desktop width, then again at phone width. */
async function checkBoth(page: Page, testInfo: Parameters<typeof checkPage>[1], name: string) {
  await checkPage(page, testInfo, name);
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await checkPage(page, testInfo, `${name}-phone`);
  if (size) await page.setViewportSize(size);
}

const price = `6${String(Date.now()).slice(-1)}.47`;

test('a Seller negotiator adds an offer: cascade, period rule, then /offers', async ({ page }, testInfo) => {
  await signInAs(page, SELLER.email, SELLER.password);
  await menuLink(page, 'Offers').click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByRole('table', { name: 'Offers' })).toBeVisible();
  await checkBoth(page, testInfo, 'offers');

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/additem$/);
  await expect(page.getByRole('heading', { name: 'New Offer' })).toBeVisible();
  await expect(page.getByText('Choose a product to see its market')).toBeVisible();
  await checkBoth(page, testInfo, 'additem');

  // Molasses RS is made in both of the negotiator's states: the state waits; Goa has one distillery: it is taken.
  const product = page.getByLabel('Product', { exact: true });
  const state = page.getByLabel('State', { exact: true });
  const distillery = page.getByLabel('Distillery', { exact: true });
  await product.selectOption('Molasses RS');
  await expect(state).toHaveValue('');
  await expect(state.getByRole('option')).toHaveText(['Select state', 'Goa', 'Maharashtra']);
  await state.selectOption('Goa');
  await expect(distillery.locator('option:checked')).toHaveText('Ponda Distillery');
  await expect(page.getByText('Average Ask Price')).toBeVisible();

  // From after To: the period rule, and nothing is sent.
  await typeMonth(page, 'From Period', month(3).typed);
  await typeMonth(page, 'To Period', month(1).typed);
  await expect(page.getByText('Date range is invalid !!')).toBeVisible();
  await expect(page.getByText('*Invalid Date')).toBeVisible();
  await page.getByLabel('Quantity Available').fill('12500.5');
  await page.getByLabel('Price Per Liter').fill(price);
  await page.getByLabel('Export Pass Fee (₹/L)').fill('1.25');
  await page.getByLabel('Sales Tax (%)').fill('18');
  await checkBoth(page, testInfo, 'additem-invalid');
  // The button is marked disabled (aria-disabled) yet still answers a click with the form's messages.
  await expect(page.getByRole('button', { name: 'Add Offers' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add Offers' }).click({ force: true });
  await expect(page.getByText('Date range is invalid !!')).toBeVisible();
  await expect(page).toHaveURL(/\/additem$/);

  await typeMonth(page, 'To Period', month(4).typed);
  await expect(page.getByText('Date range is invalid !!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Offers' }).click();
  await expect(page.getByText('Offer added successfully')).toBeVisible();
  await expect(page.getByText('Returning to Offers in')).toBeVisible();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 10_000 });

  // Newest change first: the new offer heads the list, in Indian formats.
  const first = page.getByRole('table', { name: 'Offers' }).getByRole('row').nth(1);
  await expect(first).toContainText('Molasses RS');
  await expect(first).toContainText('Goa');
  await expect(first).toContainText('12,500.5 B/L');
  await expect(first).toContainText(`₹${price}`);
  await expect(first).toContainText(`${month(3).typed} – ${month(4).typed}`);

  await menuLink(page, 'My Orders').click();
  await expect(page).toHaveURL(/\/myorder$/);
  await expect(page.getByRole('table', { name: 'My Orders' }).getByRole('row').nth(1)).toContainText(
    'Ponda Distillery',
  );
  await checkBoth(page, testInfo, 'myorder');
});

test('the offer is edited on /additem/{id} with its values loaded', async ({ page }, testInfo) => {
  const token = await tokenFor(SELLER.email, SELLER.password);
  const list = await ok<{ records: { id: number; product: string; offer_price: string }[] }>(
    'getAllOffers',
    { page: 1, page_size: 5 },
    token,
  );
  const mine = list.records.find((r) => r.product === 'Molasses RS')!;
  await signInAs(page, SELLER.email, SELLER.password);
  await page.goto(`/additem/${mine.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Offer' })).toBeVisible();
  await expect(page.getByLabel('Product', { exact: true })).toHaveValue('Molasses RS');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Goa');
  await expect(page.getByLabel('From Period', { exact: true })).toHaveValue(month(3).typed);
  await checkBoth(page, testInfo, 'additem-edit');
  await page.getByLabel('Price Per Liter').fill('70.10');
  await page.getByRole('button', { name: 'Update Offers' }).click();
  await expect(page.getByText('Offer updated successfully')).toBeVisible();
  const again = await ok<{ offer_price: string }>('getOfferById', { id: mine.id }, token);
  expect(again.offer_price).toBe('70.10');
});

test('a Buyer negotiator adds an ask: lone state and distillery preselected, then /ask', async ({ page }, testInfo) => {
  await signInAs(page, BUYER.email, BUYER.password);
  await menuLink(page, 'Asks').click();
  await expect(page).toHaveURL(/\/ask$/);
  await checkBoth(page, testInfo, 'ask');
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/askcreate$/);
  await expect(page.getByRole('heading', { name: 'New Ask' })).toBeVisible();
  await checkBoth(page, testInfo, 'askcreate');

  await page.getByLabel('Product', { exact: true }).selectOption('Grain ENA');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Punjab');
  await expect(page.getByLabel('Distillery', { exact: true }).locator('option:checked')).toHaveText(
    'Jalandhar Distillery',
  );
  await expect(page.getByText('Market Average Offer Price')).toBeVisible();
  await typeMonth(page, 'From Period', month(1).typed);
  await typeMonth(page, 'To Period', month(2).typed);
  await page.getByLabel('Asked Quantity').fill('8000');
  await page.getByLabel('Price Per Litre').fill('58.20');
  for (const [label, value] of [
    ['Import Pass Fee (₹/L)', '0.75'],
    ['Escort Fee (₹/L)', '0.10'],
    ['Transit Permit Fee (₹/L)', '0.20'],
    ['Corporation Fee (₹/L)', '0.50'],
    ['Misc Handling Fee (₹/L)', '0.05'],
    ['Transportation Fee (₹/L)', '1.40'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Add Asks' }).click();
  await expect(page.getByText('Ask added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/ask$/, { timeout: 10_000 });
  const first = page.getByRole('table', { name: 'Asks' }).getByRole('row').nth(1);
  await expect(first).toContainText('Grain ENA');
  await expect(first).toContainText('8,000 B/L');
  await expect(first).toContainText('₹58.20');
});

test('a bad sheet shows its rows to correct; the good one is uploaded, then /offers', async ({ page }, testInfo) => {
  const token = await tokenFor(SELLER.email, SELLER.password);
  const byState = await ok<Record<string, { distillery_id: number; distillery_name: string }[]>>(
    'getAllStateWiseDistillforUser',
    {},
    token,
  );
  const ponda = byState.Goa!.find((d) => d.distillery_name === 'Ponda Distillery')!.distillery_id;
  const header = 'state,product,from_period,to_period,quantity,price,distillery_id,export_pass_fee,sales_tax';
  const [from, to] = [month(1).period, month(2).period];
  const bad = [
    header,
    `Goa,Molasses RS,${from},${to},1000,0,${ponda},1,18`,
    `Atlantis,Molasses,${from},${to},500,51.5,${ponda},1,18`,
  ].join('\n');
  const good = [
    header,
    `Goa,Molasses RS,${from},${to},1000,54.25,${ponda},1,18`,
    `Goa,Molasses,${from},${to},500,51.5,${ponda},1,18`,
  ].join('\n');

  await signInAs(page, SELLER.email, SELLER.password);
  await menuLink(page, 'Offers').click();
  await page.getByRole('link', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(/\/bulkupload$/);
  await expect(page.getByRole('heading', { name: 'Bulk Upload - Offers' })).toBeVisible();
  await checkBoth(page, testInfo, 'bulkupload');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Template' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload offers' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel('Spreadsheet')
    .setInputFiles({ name: 'offers.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(dialog.getByText('offers.csv')).toBeVisible();
  await checkPage(page, testInfo, 'bulkupload-dialog');
  await dialog.getByRole('button', { name: 'Upload Data' }).click();

  const report = page.getByRole('table', { name: 'Rows to correct' });
  await expect(report).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: 'price' })).toContainText('2');
  await expect(report.getByRole('row').filter({ hasText: 'state' })).toContainText('3');
  await expect(page.getByText('Some rows have errors. Nothing was uploaded.').first()).toBeVisible();
  await checkBoth(page, testInfo, 'bulkupload-report');

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog
    .getByLabel('Spreadsheet')
    .setInputFiles({ name: 'offers-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await dialog.getByRole('button', { name: 'Upload Data' }).click();
  await expect(page.getByText('2 offers uploaded successfully').first()).toBeVisible();
  await expect(page.getByText('Returning to Offers in')).toBeVisible();
  await checkPage(page, testInfo, 'bulkupload-done');
  await expect(page).toHaveURL(/\/offers$/, { timeout: 10_000 });
  await expect(page.getByRole('table', { name: 'Offers' })).toContainText('₹54.25');
});
