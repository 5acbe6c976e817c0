// Price / Quote Trend and Data Analysis (issue 23 parts 5 and 6) on the demo market: a trader's trend table with
// figures and its product filter; the SuperAdmin's charts, tables and CSV downloads; a Negotiator refused.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { DEMO_BUYER, DEMO_PASSWORD } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function bothSizes(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize(DESKTOP);
  await checkPage(page, testInfo, name);
  await page.setViewportSize(PHONE);
  await checkPage(page, testInfo, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** The body rows' cells of the trend table, as text. */
const trendCells = (page: Page) =>
  page
    .getByRole('table', { name: /Price and quote trend by state/ })
    .evaluate((t: HTMLTableElement) =>
      Array.from(t.tBodies[0]!.rows).map((r) => Array.from(r.cells).map((c) => (c.textContent ?? '').trim())),
    );

test('a trader reads the price trend by state and filters it by product', async ({ page }, testInfo) => {
  await signInAs(page, DEMO_BUYER, DEMO_PASSWORD);
  await menuLink(page, 'Price Trend').click();
  await expect(page).toHaveURL(/\/pricetrend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Price / Quote Trend' })).toBeVisible();
  const table = page.getByRole('table', { name: /Price and quote trend by state/ });
  await expect(table.getByRole('rowheader', { name: 'Maharashtra' })).toBeVisible();
  const all = await trendCells(page);
  // Every state of the app's list, most without figures; the demo market gives some states all three groups.
  expect(all.length).toBeGreaterThan(30);
  expect(all.some((r) => r[0] === 'Kerala')).toBe(true);
  const withFigures = (rows: string[][], column: number) => rows.filter((r) => r[column] !== '—');
  expect(withFigures(all, 1).length).toBeGreaterThan(0); // open asks
  expect(withFigures(all, 3).length).toBeGreaterThan(0); // open offers
  expect(withFigures(all, 5).length).toBeGreaterThan(0); // trades of the last 30 days
  for (const row of withFigures(all, 2)) expect(row[2]).toMatch(/^₹[\d,]+\.\d{2}$/);
  await bothSizes(page, testInfo, 'pricetrend');

  // One product: figures of that product only, never more than all products together.
  await page.getByRole('combobox', { name: 'Product' }).selectOption('Grain ENA');
  await expect(page.getByRole('table', { name: /for Grain ENA/ })).toBeVisible();
  const grain = await trendCells(page);
  expect(grain.map((r) => r[0])).toEqual(all.map((r) => r[0]));
  const litres = (text: string) => (text === '—' ? 0 : Number(text.replace(/[^\d.]/g, '')));
  for (const [i, row] of grain.entries())
    for (const c of [1, 3, 5]) expect(litres(row[c]!)).toBeLessThanOrEqual(litres(all[i]![c]!));
  expect(grain.some((r, i) => r.slice(1).join() !== all[i]!.slice(1).join())).toBe(true);
});

test('the SuperAdmin analyses the market: charts, tables and CSV files', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Data Analysis').click();
  await expect(page).toHaveURL(/\/dataanalysis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Data Analysis' })).toBeVisible();
  // Each chart draws (ECharts' SVG inside its labelled box) and its figures show as a table.
  for (const chart of [
    'Traded volume by product',
    'Average price by product',
    'Bid funnel',
    'Top companies by traded volume',
  ])
    await expect(
      page
        .getByRole('img', { name: `${chart}. The figures are in the table below.` })
        .locator('svg path')
        .first(),
    ).toBeAttached();
  const volumeTable = page.getByRole('table', { name: 'Traded volume and average price by product' });
  await expect(volumeTable.getByRole('row').nth(1)).toBeVisible();
  const funnel = page.getByRole('table', { name: 'Bid funnel' });
  await expect(funnel.getByRole('row', { name: /Placed/ })).toBeVisible();
  const top = page.getByRole('table', { name: 'Top companies by traded volume' });
  // Real names for the SuperAdmin, never masked.
  await expect(top.getByRole('row').nth(1)).toBeVisible();
  await expect(top).not.toContainText('****');
  await bothSizes(page, testInfo, 'dataanalysis');

  const csvOf = async (button: string) => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download CSV: ${button}` }).click();
    const file = await download;
    const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
    return { name: file.suggestedFilename(), lines: text.trimEnd().split('\r\n') };
  };
  const volumeCsv = await csvOf('Traded volume and average price by product');
  expect(volumeCsv.name).toMatch(/^traded-volume-by-product-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(volumeCsv.lines[0]).toBe('Period,Product,Trades,Volume (B/L),Average price (₹/L)');
  expect(volumeCsv.lines.length - 1).toBe((await volumeTable.getByRole('row').count()) - 1);
  const funnelCsv = await csvOf('Bid funnel');
  expect(funnelCsv.lines[0]).toBe('Stage,Bids');
  expect(funnelCsv.lines.map((l) => l.split(',')[0])).toEqual([
    'Stage',
    'Placed',
    'Accepted',
    'Approved',
    'Rejected',
    'Lapsed',
    'Still open',
  ]);
  const topCsv = await csvOf('Top companies by traded volume');
  expect(topCsv.lines[0]).toBe('Rank,Company,Type,Trades,Volume (B/L),Average price (₹/L)');
  expect(topCsv.lines.length - 1).toBe((await top.getByRole('row').count()) - 1);

  // By state, over a short range: day buckets; a reversed range is refused on the form.
  await page.getByRole('combobox', { name: 'By' }).selectOption('state');
  await expect(page.getByRole('table', { name: 'Traded volume and average price by state' })).toBeVisible();
  await expect(page.getByText(/one point per week/)).toBeVisible();
  const range = page.getByRole('form', { name: 'Date range' });
  const to = await range.getByLabel('To').inputValue();
  await range.getByLabel('From').fill(to);
  await range.getByLabel('To').fill('2026-01-01' < to ? '2026-01-01' : '2020-01-01');
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(range.getByText('From date must not be after To date')).toBeVisible();
  await range.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(range.getByText('From date must not be after To date')).toBeHidden();
});

test('a Negotiator opening /dataanalysis is refused', async ({ page }) => {
  await signInAs(page, DEMO_BUYER, DEMO_PASSWORD);
  await expect(menuLink(page, 'Data Analysis')).toHaveCount(0);
  await page.goto('/dataanalysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Bid funnel' })).toHaveCount(0);
});
