// Ratings (issue 22 part 4): a buyer's Admin adds two rows on /ratings, saves them in one go, and downloads the
// company's ratings as a spreadsheet that holds them.
import * as XLSX from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from '../support/page-checks';
import { menuLink, rowOf, signInAs } from '../support/ui';

const ADMIN = { email: 'admin@rajputana-beverages.example', password: 'Demo@2026' };
const PHONE = { width: 390, height: 844 };

const picker = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const reviewTable = (page: Page) => page.getByRole('table', { name: 'Review table' });

/** The n-th to-distillery of the chosen company, a source and stars, then Add Row; the distillery's name. */
async function addRow(page: Page, index: number, source: string, stars: number) {
  const to = picker(page, 'To Distillery');
  await expect(to).toBeEnabled();
  await to.selectOption({ index });
  const name = (await to.locator('option:checked').textContent())!.trim();
  await picker(page, 'Source').selectOption(source);
  await page.getByRole('radio', { name: `${stars} stars` }).click();
  await page.getByRole('button', { name: 'Add Row' }).click();
  return name;
}

test('a company Admin adds two rows on /ratings, saves them, and downloads them in a spreadsheet', async ({
  page,
}, testInfo) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'Ratings').click();
  await expect(page).toHaveURL(/\/ratings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ratings' })).toBeVisible();
  // The Admin rates from its own company: type and company are fixed.
  await expect(picker(page, 'Company Type')).toHaveValue('Buyer');
  await expect(picker(page, 'Company Type')).toBeDisabled();
  await expect(picker(page, 'From Company').locator('option:checked')).toHaveText('Rajputana Beverages');
  await expect(reviewTable(page).getByText('No Data Found')).toBeVisible();
  await checkPage(page, testInfo, 'ratings');

  await expect(picker(page, 'From Distillery')).toBeEnabled();
  await picker(page, 'From Distillery').selectOption({ index: 1 });
  await expect(picker(page, 'To Company')).toBeEnabled();
  await picker(page, 'To Company').selectOption({ label: 'Deccan Distilleries' });
  const first = await addRow(page, 1, 'Approved', 4);
  const second = await addRow(page, 2, 'Rejected', 2);
  await expect(rowOf(reviewTable(page), first)).toContainText('Approved4 of 5 (high)');
  await expect(rowOf(reviewTable(page), second)).toContainText('Rejected2 of 5 (low)');
  await checkPage(page, testInfo, 'ratings-rows');
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await checkPage(page, testInfo, 'ratings-rows-phone');
  if (size) await page.setViewportSize(size);

  await page.getByRole('button', { name: 'Save Review' }).click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  await expect(reviewTable(page).getByText('No Data Found')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Ratings' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ratings-\d{2}-\d{2}-\d{4}\.xlsx$/);
  const book = XLSX.read(await readFile((await file.path())!), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Ratings!);
  // Newest first: the two rows just saved, from this company to Deccan's distilleries.
  expect(
    rows.slice(0, 2).map((r) => [r['From Company'], r['To Company'], r['To Distillery'], r.Rating, r.Source]),
  ).toEqual([
    ['Rajputana Beverages', 'Deccan Distilleries', second, 2, 'Rejected'],
    ['Rajputana Beverages', 'Deccan Distilleries', first, 4, 'Approved'],
  ]);
  expect(rows.every((r) => r['From Company'] === 'Rajputana Beverages')).toBe(true);
});
