// The service fee per trade (issue 22, parts 5 and 6): a buyer company sees its own side of its demo trade and
// downloads the invoice; the SuperAdmin corrects the trade's buyer rate with Add Commission, is back on the list in
// 2 s, and downloads the new invoice that replaced the credited one. Screens at 1366 px and 390 px.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { DEMO_PASSWORD } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

// The demo market's approved trade: Deccan Distilleries sells to Bengal Blenders (apps/server/src/seed-bids.ts).
const BUYER_ADMIN = 'admin@bengal-blenders.example';

test.describe.configure({ mode: 'serial' });

const feeTable = (page: Page, name: string) => page.getByRole('table', { name });

async function downloadPdf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return download.suggestedFilename();
}

test('a buyer sees its own side of its trades and downloads the invoice', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, BUYER_ADMIN, DEMO_PASSWORD);
  await menuLink(page, 'My Service Fee').click();
  await expect(page).toHaveURL(/\/mycommission$/);
  const table = feeTable(page, 'My Service Fee');
  await expect(table.getByRole('columnheader', { name: 'Buyer Distillery' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: "Buyer's Total (Inc Tax)" })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Seller/ })).toHaveCount(0);
  const row = table
    .getByRole('row')
    .filter({ hasText: /TR-\d{4}-\d{6}/ })
    .first();
  await expect(row).toBeVisible();
  await checkPage(page, testInfo, 'mycommission-buyer-1366');
  const listed = await downloadPdf(page, () => row.getByRole('button', { name: /Download invoice SX\// }).click());
  expect(listed).toMatch(/^SX-\d{4}-\d{2}-\d{6}\.pdf$/);

  await row.getByRole('link', { name: /View the service fee of trade/ }).click();
  await expect(page).toHaveURL(/\/editmycommission\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Buyer’s service fee' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seller’s service fee' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Commission' })).toHaveCount(0);
  await checkPage(page, testInfo, 'editmycommission-buyer-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, 'editmycommission-buyer-390');
  await page.goto('/mycommission');
  await expect(feeTable(page, 'My Service Fee')).toBeVisible();
  await checkPage(page, testInfo, 'mycommission-buyer-390');
});

test('the SuperAdmin corrects a trade’s fee and downloads the new invoice', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Bid Service Fees').click();
  await expect(page).toHaveURL(/\/mycommission$/);
  const table = feeTable(page, 'Bid Service Fees');
  await expect(table.getByRole('columnheader', { name: "Seller's Total (Inc Tax)" })).toBeVisible();
  await checkPage(page, testInfo, 'mycommission-superadmin-1366');
  const row = table
    .getByRole('row')
    .filter({ hasText: /TR-\d{4}-\d{6}/ })
    .first();
  const reference = (await row.textContent())!.match(/TR-\d{4}-\d{6}/)![0];
  await row.getByRole('link', { name: `Edit the service fee of trade ${reference}` }).click();
  await expect(page).toHaveURL(/\/editmycommission\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Seller’s service fee' })).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Tax invoices' });
  const before = await invoices.getByRole('listitem').count();
  await checkPage(page, testInfo, 'editmycommission-superadmin-1366');

  const rate = page.getByLabel('Buyer Service Charge (₹/L)');
  const next = (Number(await rate.inputValue()) + 0.25).toFixed(2);
  await rate.fill(next);
  await page.getByRole('button', { name: 'Add Commission' }).click();
  await expect(page.getByText('Commission updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/mycommission$/, { timeout: 5_000 });

  await page.goto(detailUrl);
  await expect(page.getByLabel('Buyer Service Charge (₹/L)')).toHaveValue(next);
  // The buyer's invoice is cancelled by a credit note and a new invoice is issued: two more entries.
  await expect(invoices.getByRole('listitem')).toHaveCount(before + 2);
  const fresh = invoices.getByRole('listitem').last();
  await expect(fresh).toContainText('Tax invoice');
  await expect(invoices.getByText(/Credit note SXCN\//).last()).toBeVisible();
  const number = await fresh.locator('strong').textContent();
  const name = await downloadPdf(page, () => fresh.getByRole('button', { name: /Download tax invoice/ }).click());
  expect(name).toBe(`${number!.replaceAll('/', '-')}.pdf`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, 'editmycommission-superadmin-390');
});
