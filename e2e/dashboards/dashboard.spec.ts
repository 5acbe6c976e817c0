// The dashboards (issue 23 parts 1–3, 7): each demo role's dashboard on first start — its cards in the spec's
// order, each a link to the list whose total its count is — the SuperAdmin's bid tables and commission chart, the
// oversight lists (/dashapprovebid, /dashopenbid, /bidlapsed, /mypendingapproval) and a 401 sending the user to
// /login. Every page is scanned and photographed at 1366 and 390 px.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { checkPage } from '../support/page-checks';
import { searchList, signInAs } from '../support/ui';

const PASSWORD = 'Demo@2026';

async function checkBothWidths(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await checkPage(page, testInfo, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

const card = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Figures' }).getByRole('link', { name: new RegExp(`^${label}\\s*[\\d,]+$`) });

/** The cards shown, in order, once their figures are in. */
async function cardLabels(page: Page): Promise<string[]> {
  const cards = page.getByRole('list', { name: 'Figures' });
  await expect(cards).toHaveAttribute('aria-busy', 'false');
  return (await cards.locator('.figure-label').allInnerTexts()).map((t) => t.trim());
}

/** A card's count, that it opens `url`, and that the list there totals the count. */
async function expectCardOpensItsList(page: Page, label: string, url: RegExp) {
  await page.goto('/dashboard');
  const link = card(page, label);
  await expect(link).toBeVisible();
  const count = Number((await link.locator('.figure-value').innerText()).replace(/\D/g, ''));
  await link.click();
  await expect(page).toHaveURL(url);
  if (count === 0) await expect(page.getByText('No Data Found')).toBeVisible();
  else await expect(page.getByText(new RegExp(`of ${count.toLocaleString('en-IN')}$`))).toBeVisible();
  return count;
}

test('the SuperAdmin’s dashboard: platform cards, the week’s bids and commission over time', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  expect(await cardLabels(page)).toEqual(['Pending Approval', 'Approved Buyer', 'Approved Seller']);
  await expect(page.getByText('will appear here')).toHaveCount(0);

  const approved = page.getByRole('table', { name: 'Approved Bid Status' });
  await expect(approved.getByRole('columnheader')).toHaveText(['Product', 'Trade Ref.', 'Quantity', 'Price', 'Action']);
  await expect(approved.getByRole('row')).not.toHaveCount(1); // the demo's trades of this week
  await expect(approved.getByText(/^TR-\d{4}-\d{6}$/).first()).toBeVisible();
  const open = page.getByRole('table', { name: 'Open Bid Status' });
  await expect(open.getByRole('columnheader')).toHaveText(['Product', 'Valid Until', 'Quantity', 'Price']);
  await expect(open.getByRole('row').nth(1)).toBeVisible();

  const chart = page.getByRole('region', { name: 'Commission Data Over Time' });
  await expect(chart.getByRole('img', { name: /Commission Data Over Time/ })).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  await chart.getByText('Figures as a table').click();
  const figures = chart.getByRole('table');
  await expect(figures.getByRole('columnheader')).toHaveText([
    'Date',
    'Buyer Commission',
    'Seller Commission',
    'Total Commission',
  ]);
  expect(await figures.getByRole('row').count()).toBeGreaterThan(3); // trades over the last 90 days
  await checkBothWidths(page, testInfo, 'dashboard-superadmin');

  await expectCardOpensItsList(page, 'Pending Approval', /\/prospect$/);
  await expectCardOpensItsList(page, 'Approved Buyer', /\/clients\/Buyer$/);
  await expectCardOpensItsList(page, 'Approved Seller', /\/clients\/Seller$/);

  // A trade of the week opens its detail, which the SuperAdmin reads.
  await page.goto('/dashboard');
  const trade = page
    .getByRole('table', { name: 'Approved Bid Status' })
    .getByRole('link', { name: /^View Bid Detail TR-/ });
  const reference = (await trade.first().getAttribute('aria-label'))!.replace('View Bid Detail ', '');
  await trade.first().click();
  await expect(page).toHaveURL(/\/biddetail\/\d+$/);
  await expect(page.getByText(reference, { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'View Full Report' }).first().click();
  await expect(page).toHaveURL(/\/dashapprovebid$/);
  await expect(page.getByRole('heading', { name: 'Approved Bids', level: 1 })).toBeVisible();
  await expect(page.getByText(/of \d+$/)).toBeVisible();
  await checkBothWidths(page, testInfo, 'dashapprovebid');

  await page.goto('/dashopenbid');
  await expect(page.getByText(/of \d+$/)).toBeVisible();
  await searchList(page, 'Search open bids', 'no such product');
  await expect(page.getByText('No Data Found')).toBeVisible();
  await checkBothWidths(page, testInfo, 'dashopenbid');
});

test('a company Admin’s cards open the lists they total', async ({ page }, testInfo) => {
  await signInAs(page, 'admin@deccan-distilleries.example', PASSWORD);
  // Only the Admin role: no My Orders, no My Pending Approvals.
  expect(await cardLabels(page)).toEqual(['Approved Orders', 'Sale Order Generated', 'Bids Lapsed']);
  const open = page.getByRole('table', { name: 'Open Bid Status' });
  await expect(open.getByRole('columnheader')).toHaveText([
    'Product',
    'Valid Until',
    'Quantity',
    'Price',
    'State',
    'Pending',
    'Action',
  ]);
  await expect(open.getByRole('row').nth(1)).toBeVisible();
  await checkBothWidths(page, testInfo, 'dashboard-admin');

  expect(await expectCardOpensItsList(page, 'Approved Orders', /\/approvedbids$/)).toBeGreaterThan(0);
  expect(await expectCardOpensItsList(page, 'Sale Order Generated', /\/dashapprovebid\?sale_order=1$/)).toBeGreaterThan(
    0,
  );
  await expect(page.getByRole('button', { name: 'Sale Order Generated', pressed: true })).toBeVisible();
  expect(await expectCardOpensItsList(page, 'Bids Lapsed', /\/bidlapsed$/)).toBeGreaterThan(0);
  const lapsed = page.getByRole('table', { name: 'Lapsed bids' });
  await expect(lapsed.getByRole('columnheader')).toHaveText([
    'Buyer Company',
    'Seller Company',
    'Quantity',
    'Price',
    'Created On',
    'Valid Upto',
    'Status',
    'Action',
  ]);
  // The counterparty is masked before a trade; the company's own name is clear.
  await expect(lapsed.getByRole('cell', { name: 'Deccan Distilleries' }).first()).toBeVisible();
  await expect(lapsed.getByRole('cell', { name: /^\*{4}/ }).first()).toBeVisible();
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  expect(await page.getByLabel('Rows per page').locator('option').allInnerTexts()).toEqual(['10', '20', '30']);
  await searchList(page, 'Search lapsed bids', 'no such product');
  await expect(page.getByText('No Data Found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(lapsed.getByRole('row').nth(1)).toBeVisible();
  await checkBothWidths(page, testInfo, 'bidlapsed');
  // A lapsed bid opens its page: its terms and history, nothing left to act on.
  const first = lapsed.getByRole('link', { name: /^Open bid \d+$/ }).first();
  const bidId = (await first.getAttribute('aria-label'))!.replace('Open bid ', '');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/biditem/\\d+/${bidId}$`));
  await expect(page.getByRole('heading', { name: `Bid ${bidId}`, level: 1 })).toBeVisible();
});

test('a Negotiator’s dashboard: Approved Orders, My Orders, Bids Lapsed and the open bids', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'negotiator@punjab-bottling.example', PASSWORD);
  expect(await cardLabels(page)).toEqual(['Approved Orders', 'My Orders', 'Bids Lapsed']);
  await expect(page.getByRole('table', { name: 'Open Bid Status' }).getByRole('row').nth(1)).toBeVisible();
  await checkBothWidths(page, testInfo, 'dashboard-negotiator');
  // An open bid of the week opens its bid page (a buyer's counterparty listing is the offer).
  const first = page
    .getByRole('table', { name: 'Open Bid Status' })
    .getByRole('link', { name: /^Open bid \d+$/ })
    .first();
  const bidId = (await first.getAttribute('aria-label'))!.replace('Open bid ', '');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/biditem/\\d+/${bidId}$`));
  await expect(page.getByRole('heading', { name: `Bid ${bidId}`, level: 1 })).toBeVisible();
  expect(await expectCardOpensItsList(page, 'Approved Orders', /\/approvedbids$/)).toBeGreaterThan(0);
  expect(await expectCardOpensItsList(page, 'My Orders', /\/myorder$/)).toBeGreaterThan(0);
  expect(await expectCardOpensItsList(page, 'Bids Lapsed', /\/bidlapsed$/)).toBeGreaterThan(0);
});

test('an Authorizer’s pending approvals open the bid page where they act', async ({ page }, testInfo) => {
  await signInAs(page, 'authorizer@deccan-distilleries.example', PASSWORD);
  expect(await cardLabels(page)).toEqual(['Approved Orders', 'My Orders', 'Bids Lapsed', 'My Pending Approvals']);
  await checkBothWidths(page, testInfo, 'dashboard-authorizer');
  const pending = await expectCardOpensItsList(page, 'My Pending Approvals', /\/mypendingapproval$/);
  expect(pending).toBeGreaterThan(0);
  await checkBothWidths(page, testInfo, 'mypendingapproval');
  await page
    .getByRole('link', { name: /^Open bid \d+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/biditem\/\d+\/\d+$/);
  await expect(page.getByRole('button', { name: /Approve/ }).first()).toBeVisible();
});

test('a 401 on a dashboard call sends the user to /login', async ({ page }) => {
  await signInAs(page, 'approver@bengal-blenders.example', PASSWORD);
  await page.evaluate(() => {
    const raw = localStorage.getItem('spirit.session')!;
    localStorage.setItem('spirit.session', JSON.stringify({ ...JSON.parse(raw), token: 'no-such-token' }));
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
