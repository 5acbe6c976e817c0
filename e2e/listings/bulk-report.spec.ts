// Issue 21 items 11 and 12 through the screens: the fee fields carry one name and unit on the offer and ask forms
// (Sales Tax (%) is the offer's, Corporation Fee (₹/L) the ask's), and a bulk sheet's report names the period
// format it expects and the real cause of a refused state. Desktop and a 390 px phone, axe on each.
import { expect, test, type Page } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

const PASSWORD = 'Demo@2026';
const SELLER = { email: 'negotiator@deccan-distilleries.example', password: PASSWORD };
const BUYER = { email: 'negotiator2@punjab-bottling.example', password: PASSWORD };
const PHONE = { width: 390, height: 844 };

async function checkBoth(page: Page, testInfo: Parameters<typeof checkPage>[1], name: string) {
  await checkPage(page, testInfo, name);
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await checkPage(page, testInfo, `${name}-phone`);
  if (size) await page.setViewportSize(size);
}

function monthAhead(ahead: number) {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + ahead);
  return { mm: String(d.getUTCMonth() + 1).padStart(2, '0'), yyyy: String(d.getUTCFullYear()) };
}

test('the offer form names each fee once, with its unit', async ({ page }, testInfo) => {
  await signInAs(page, SELLER.email, SELLER.password);
  await page.goto('/additem');
  await expect(page.getByRole('heading', { name: 'New Offer' })).toBeVisible();
  await expect(page.getByLabel('Sales Tax (%)')).toBeVisible();
  await expect(page.getByLabel('Export Pass Fee (₹/L)')).toBeVisible();
  await expect(page.getByLabel(/Corporation Fee/)).toHaveCount(0);
  await checkBoth(page, testInfo, 'labels-offer-form');
});

test('the ask form calls its per-litre fee Corporation Fee, never Sales Tax', async ({ page }, testInfo) => {
  await signInAs(page, BUYER.email, BUYER.password);
  await page.goto('/askcreate');
  await expect(page.getByRole('heading', { name: 'New Ask' })).toBeVisible();
  await expect(page.getByLabel('Corporation Fee (₹/L)')).toBeVisible();
  // "Sales Tax" is the offer's percent only: the ask form never uses the name.
  await expect(page.getByLabel(/Sales Tax/)).toHaveCount(0);
  await checkBoth(page, testInfo, 'labels-ask-form');
});

test('a bulk report names the expected period format and the real cause of a refused state', async ({
  page,
}, testInfo) => {
  const token = await tokenFor(SELLER.email, SELLER.password);
  const byState = await ok<Record<string, { distillery_id: number; distillery_name: string }[]>>(
    'getAllStateWiseDistillforUser',
    {},
    token,
  );
  const ponda = byState.Goa!.find((d) => d.distillery_name === 'Ponda Distillery')!.distillery_id;
  const [a, b] = [monthAhead(1), monthAhead(2)];
  const header = 'state,product,from_period,to_period,quantity,price,distillery_id,export_pass_fee,sales_tax';
  const sheet = [
    header,
    // MM-YYYY and MMM-YYYY are read; 13-YYYY is no month.
    `Goa,Molasses RS,${a.mm}-${a.yyyy},13-${b.yyyy},1000,54.25,${ponda},1,18`,
    `Kerala,Molasses RS,${a.mm}-${a.yyyy},${b.mm}-${b.yyyy},1000,54.25,${ponda},1,18`,
    `Keralaa,Molasses RS,${a.mm}-${a.yyyy},${b.mm}-${b.yyyy},1000,54.25,${ponda},1,18`,
  ].join('\n');

  await signInAs(page, SELLER.email, SELLER.password);
  await menuLink(page, 'Offers').click();
  await page.getByRole('link', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(/\/bulkupload$/);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload offers' });
  await dialog
    .getByLabel('Spreadsheet')
    .setInputFiles({ name: 'offers.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await dialog.getByRole('button', { name: 'Upload Data' }).click();

  const report = page.getByRole('table', { name: 'Rows to correct' });
  await expect(report).toBeVisible();
  await expect(report).toContainText(`"13-${b.yyyy}" is not a month: write it as MM-YYYY, e.g. 04-2027`);
  await expect(report).toContainText('Unknown state "Kerala" for your company: none of your distilleries is in it');
  await expect(report).toContainText('Unknown state "Keralaa": write a state as the "Valid values" sheet names it');
  await expect(report).not.toContainText('The distillery is not in the chosen state');
  await expect(report).not.toContainText('*Invalid Date');
  await checkBoth(page, testInfo, 'bulk-report-causes');
});
