// The bid lists (issue 9, part 8; spec 001 §2 "My Bids list", "Bids List", "Placed Bids tab", "Pending Approval …
// tabs"): a demo buyer's Negotiator reads the company's bids on /currentbids (one Counterparty column, the Ask
// Price), filters them by status and opens one; the market's current bids on /bidslist show masked names and no
// action; an Authorizer finds the bids waiting for them on /bidapproval; an Authorizer's and an Approver's listing
// tabs list only their own tier's bids. Lists fit 1280 px without sideways scrolling. Pages and dialogs are scanned
// and photographed at desktop and 390 px.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

const PASSWORD = 'Demo@2026';
const BUYER = 'negotiator@punjab-bottling.example';
const AUTHORIZERS = ['punjab-bottling', 'deccan-distilleries', 'ganga-grain', 'kaveri-malt'].map(
  (c) => `authorizer@${c}.example`,
);

const SELLERS = ['deccan-distilleries', 'ganga-grain', 'kaveri-malt'];
const BUYERS = ['punjab-bottling', 'bengal-blenders', 'rajputana-beverages'];

type Bids = {
  records: {
    id: number;
    status: string;
    is_deal_locked: boolean;
    offer_id: number;
    ask_id: number;
    buyer_company_name: string;
    seller_company_name: string;
  }[];
  totalRecords: number;
};

/** The table's scrolling frame shows every column at the current width. */
async function expectNoSideScroll(page: Page, table: string) {
  const frame = page.getByRole('region', { name: `${table} (scrollable)` });
  const { scroll, client } = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `${table} scrolls sideways at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(client + 1);
}

const headers = (table: Locator) => table.getByRole('columnheader').allInnerTexts();

async function checkBothWidths(page: Page, testInfo: TestInfo, name: string) {
  await checkPage(page, testInfo, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const CLOSED = ['Approved', 'Rejected', 'Lapsed'] as const;

/** A demo buyer Negotiator's company with a closed bid, the bid and its status. */
async function closedBid(): Promise<{ email: string; id: number; status: string }> {
  for (const company of ['punjab-bottling', 'bengal-blenders', 'rajputana-beverages']) {
    const email = `negotiator@${company}.example`;
    const token = await tokenFor(email, PASSWORD);
    for (const status of CLOSED) {
      const found = await ok<Bids>('getAllBids', { page: 1, page_size: 5, bid_status: status }, token);
      if (found.records[0]) return { email, id: found.records[0].id, status };
    }
  }
  throw new Error('no demo buyer has a closed bid');
}

test('a buyer’s Negotiator reads My Bids, filters by status and opens a bid', async ({ page }, testInfo) => {
  const bid = await closedBid();
  await signInAs(page, bid.email, PASSWORD);
  await page.goto('/currentbids');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bids' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your company’s bids' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // One company column (the other side's) and the counterparty listing's price.
  const columns = await headers(table);
  expect(columns).toEqual(expect.arrayContaining(['Counterparty', 'Ask Price']));
  expect(columns).not.toContain('Buyer');
  await expectNoSideScroll(page, 'Your company’s bids');
  await checkBothWidths(page, testInfo, 'my-bids');

  await page.getByLabel('Status').selectOption(bid.status);
  await page.getByRole('form', { name: 'Bid filters' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`status=${bid.status}`));
  const details = page.getByRole('button', { name: `Bid Details of bid ${bid.id}`, exact: true });
  await expect(table.getByRole('row').filter({ has: details })).toContainText(bid.status);
  await details.click();
  const dialog = page.getByRole('dialog', { name: 'Bid Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table').first()).toBeVisible();
  await checkPage(page, testInfo, 'my-bids-details');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, 'my-bids-details-390');
});

test('a Negotiator’s open bid opens to Negotiate, at phone width too', async ({ page }, testInfo) => {
  const token = await tokenFor(BUYER, PASSWORD);
  const open = await ok<Bids>('getAllBids', { page: 1, page_size: 10, bid_status: 'New' }, token);
  const bid = open.records.find((r) => !r.is_deal_locked);
  expect(bid, 'the demo buyer has an open bid').toBeDefined();
  await signInAs(page, BUYER, PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/currentbids?status=New');
  await page.getByRole('button', { name: `Negotiate bid ${bid!.id}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Negotiate' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table').first()).toBeVisible();
  // A full-screen sheet at phone width: nothing wider than the screen, nothing scrolls sideways (issue 21, item 5).
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.width).toBeLessThanOrEqual(width);
    const sideways = await dialog.evaluate((d) => {
      const content = d.querySelector('.p-dialog-content')!;
      return content.scrollWidth - content.clientWidth;
    });
    expect(sideways, `the Negotiate dialog scrolls sideways at ${width} px`).toBeLessThanOrEqual(1);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, 'negotiate-dialog-390');
});

test('the market’s current bids show masked names and no action', async ({ page }, testInfo) => {
  await signInAs(page, BUYER, PASSWORD);
  await menuLink(page, 'Current Bids').click();
  await expect(page).toHaveURL(/\/bidslist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bids List' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Current bids on the market' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  await expect(table.getByRole('button')).toHaveCount(0);
  expect(await headers(table)).toContain('Ask Price');
  // Both companies in one column, every name masked.
  await expect(table.getByRole('columnheader', { name: 'Buyer / Seller' })).toBeVisible();
  const parties = await table.locator('tbody td:nth-child(4)').allInnerTexts();
  expect(parties.length).toBeGreaterThan(0);
  // Every other company masked; only the caller's own company is named (on its own bids).
  for (const cell of parties) {
    expect(cell).toMatch(/^Buyer\s+[\s\S]+Seller\s+/);
    expect(cell).toMatch(/\*{4}/);
    for (const line of cell.split('\n').filter((l) => /^(Buyer|Seller)\b/.test(l))) {
      const name = line.replace(/^(Buyer|Seller)\s*/, '');
      expect(name.startsWith('****') || name === 'Punjab Bottling Company', line).toBe(true);
    }
  }
  await expectNoSideScroll(page, 'Current bids on the market');
  await checkBothWidths(page, testInfo, 'bids-list');
});

test('an Authorizer finds the bids waiting for them under Waiting for me', async ({ page }, testInfo) => {
  let authorizer = '';
  for (const email of AUTHORIZERS) {
    const waiting = await ok<Bids>(
      'getAllBids',
      { page: 1, page_size: 5, awaiting_me: true },
      await tokenFor(email, PASSWORD),
    );
    if (waiting.totalRecords > 0) {
      authorizer = email;
      break;
    }
  }
  expect(authorizer, 'a demo Authorizer has a bid waiting').not.toBe('');
  await signInAs(page, authorizer, PASSWORD);
  await page.setViewportSize({ width: 1366, height: 800 });
  await menuLink(page, /^Waiting for me/).click();
  await expect(page).toHaveURL(/\/bidapproval$/);
  const table = page.getByRole('table', { name: 'Bids waiting for you' });
  const action = table.getByRole('button', { name: /^View Details of bid \d+$/ }).first();
  await expect(action).toBeVisible();
  await checkBothWidths(page, testInfo, 'bid-approval');
  await action.click();
  await expect(page.getByRole('dialog', { name: 'View Details' })).toBeVisible();
});

test('the Placed Bids tab shows the counterparty listing’s Ask Price and fits 1280 px', async ({ page }, testInfo) => {
  const token = await tokenFor(BUYER, PASSWORD);
  const asks = await ok<{ records: { id: number; total_open_bids: number }[] }>(
    'getAllOffers',
    { page: 1, page_size: 30 },
    token,
  );
  const ask = [...asks.records].sort((a, b) => b.total_open_bids - a.total_open_bids)[0]!;
  const bid = (await ok<Bids>('getAllBids', { page: 1, page_size: 10, offer_id: ask.id }, token)).records[0];
  expect(bid, 'the demo buyer has a bid on an ask').toBeDefined();
  await signInAs(page, BUYER, PASSWORD);
  await page.goto(`/offeredit/${ask.id}?tab=tab2`);
  const table = page.getByRole('table', { name: /^Bids placed on this / });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await headers(table)).toContain('Ask Price');
  const label = (await table.getAttribute('aria-label')) ?? '';
  await expectNoSideScroll(page, label);
  await checkBothWidths(page, testInfo, 'placed-bids');
});

/** A demo user of `tier` with a bid waiting for that tier, and the listing of their side the bid is on. */
async function waitingFor(tier: 'authorizer' | 'approver') {
  for (const company of [...BUYERS, ...SELLERS]) {
    const email = `${tier}@${company}.example`;
    const body = { page: 1, page_size: 5, awaiting_me: true, awaiting_tier: tier };
    const bid = (await ok<Bids>('getAllBids', body, await tokenFor(email, PASSWORD))).records[0];
    if (bid) return { email, bid, listingId: SELLERS.includes(company) ? bid.offer_id : bid.ask_id };
  }
  throw new Error(`no demo ${tier} has a bid waiting`);
}

for (const [tier, tab, title, label] of [
  ['authorizer', 'tab4', 'Pending Authorisation', 'Bids awaiting your authorisation'],
  ['approver', 'tab3', 'Pending Approval', 'Bids awaiting your approval'],
] as const) {
  test(`the ${title} tab lists the listing’s bids waiting for the ${tier}`, async ({ page }, testInfo) => {
    const { email, bid, listingId } = await waitingFor(tier);
    await signInAs(page, email, PASSWORD);
    await page.goto(`/offeredit/${listingId}?tab=${tab}`);
    await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: label });
    const details = table.getByRole('button', { name: `View Details of bid ${bid.id}`, exact: true });
    await expect(details).toBeVisible();
    await expectNoSideScroll(page, label);
    await checkBothWidths(page, testInfo, `pending-${tier}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await details.click();
    const dialog = page.getByRole('dialog', { name: 'Bid Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('table').first()).toBeVisible();
    await checkPage(page, testInfo, `pending-${tier}-details-390`);
  });
}
