// The bid lists (issue 9, part 8; spec 001 §2 "My Bids list", "Bids List"): a demo buyer's Negotiator reads the
// company's bids on /currentbids, filters them by status and opens one; the market's current bids on /bidslist
// show masked names and no action; an Authorizer finds the bids waiting for them on /bidapproval. Pages are
// scanned and photographed at desktop and 390 px.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

const PASSWORD = 'Demo@2026';
const BUYER = 'negotiator@punjab-bottling.example';
const AUTHORIZERS = ['punjab-bottling', 'deccan-distilleries', 'ganga-grain', 'kaveri-malt'].map(
  (c) => `authorizer@${c}.example`,
);

type Bids = {
  records: { id: number; status: string; buyer_company_name: string; seller_company_name: string }[];
  totalRecords: number;
};

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
  // Every company name on the market is masked.
  const buyers = await table.locator('tbody td:nth-child(4)').allInnerTexts();
  expect(buyers.length).toBeGreaterThan(0);
  for (const name of buyers) expect(name).toMatch(/\*{4}/);
  await checkBothWidths(page, testInfo, 'bids-list');
});

test('an Authorizer finds the bids waiting for them on Bid Approval', async ({ page }, testInfo) => {
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
  await page.goto('/bidapproval');
  const table = page.getByRole('table', { name: 'Bids waiting for you' });
  const action = table.getByRole('button', { name: /^View Details of bid \d+$/ }).first();
  await expect(action).toBeVisible();
  await checkBothWidths(page, testInfo, 'bid-approval');
  await action.click();
  await expect(page.getByRole('dialog', { name: 'View Details' })).toBeVisible();
});
