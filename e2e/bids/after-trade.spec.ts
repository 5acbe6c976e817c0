// After the trade (issue 22, parts 1–3 and 8): Approved Bids lists a demo trade with both names and opens its Bid
// Detail from the menu's entry; the seller's Negotiator (mapped to the trade's seller distillery) sees the seeded
// sale order embedded as a PDF, replaces it with an image through "Upload Your Document", and the buyer sees that
// image with no upload button; the SuperAdmin lists every trade. Pages are scanned and photographed at 1366 and
// 390 px.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ok, PAN_PNG, tokenFor } from '../support/api';
import { DEMO_PASSWORD } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { menuLink, rowOf, searchList, signInAs } from '../support/ui';
import { SUPER_ADMIN } from '../playwright.config';

// The demo trade of Deccan Distilleries (seller) and Bengal Blenders (buyer); its seeded sale order is a PDF.
const SELLER = 'negotiator@deccan-distilleries.example';
const BUYER = 'negotiator@bengal-blenders.example';
const PRODUCT = 'Molasses RS';

type Trades = { records: { id: number; product: string; trade_reference_number: string }[] };

async function demoTrade() {
  const token = await tokenFor(BUYER, DEMO_PASSWORD);
  const page = await ok<Trades>('getAllBids', { bid_status: 'Approved', is_tracked_bid: true }, token);
  const trade = page.records.find((r) => r.product === PRODUCT);
  if (!trade) throw new Error('no demo trade of Bengal Blenders');
  return trade;
}

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await checkPage(page, testInfo, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the seller replaces the sale order and both parties preview it; the buyer has no upload', async ({
  page,
}, testInfo) => {
  // Two parties' journeys in one test: a busy machine needs more than the default minute.
  test.setTimeout(180_000);
  const trade = await demoTrade();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, SELLER, DEMO_PASSWORD);
  await menuLink(page, 'Approved Bids').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approved Bids' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Approved bids' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Product',
    'Trade Reference No',
    'Buyer',
    'Buyer State',
    'Seller',
    'Seller State',
    'Price',
    'Quantity (B/L)',
    /Approved On/,
    'Action',
  ]);
  const row = rowOf(table, trade.trade_reference_number);
  await expect(row).toContainText('Bengal Blenders');
  await expect(row).toContainText('Deccan Distilleries');
  // Every column shows at 1366 px beside the menu, without scrolling sideways.
  const frame = page.getByRole('region', { name: 'Approved bids (scrollable)' });
  const { scroll, client } = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
  await photograph(page, testInfo, 'approved-bids');

  await searchList(page, 'Search approved bids', trade.trade_reference_number);
  await expect(table.getByRole('row')).toHaveCount(2);
  await searchList(page, 'Search approved bids', 'no such trade');
  await expect(page.getByText('No Data Found')).toBeVisible();
  await searchList(page, 'Search approved bids', trade.trade_reference_number);
  await row.getByRole('link', { name: `View Bid Detail ${trade.trade_reference_number}` }).click();

  await expect(page).toHaveURL(new RegExp(`/biddetail/${trade.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bid Detail' })).toBeVisible();
  const saleOrder = page.getByRole('region', { name: 'Sale Order' });
  // The seeded PDF, in the browser's own viewer.
  await expect(saleOrder.locator('iframe')).toHaveAttribute('title', /\(PDF\)$/);

  await saleOrder.getByRole('button', { name: 'Replace Sale Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Your Document' });
  await expect(dialog.getByText('Allowed file types: .pdf, .jpg, .jpeg, .png. Max size: 5MB.')).toBeVisible();
  const input = dialog.getByLabel('Sale order');
  await input.setInputFiles({ name: 'order.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(dialog.getByRole('alert')).toHaveText('Invalid file format. Please upload a .pdf, .jpg, or .png file.');
  await dialog.getByRole('button', { name: 'Remove order.gif' }).click();
  await input.setInputFiles({ name: 'sale-order.png', mimeType: 'image/png', buffer: PAN_PNG });
  await expect(dialog.getByText('sale-order.png')).toBeVisible();
  await photograph(page, testInfo, 'upload-sale-order');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Sale order uploaded successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const image = saleOrder.getByRole('img', { name: `sale order of ${trade.trade_reference_number}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await photograph(page, testInfo, 'bid-detail-seller');

  // The buyer previews the same image and may not upload.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, BUYER, DEMO_PASSWORD);
  await page.goto(`/biddetail/${trade.id}`);
  const buyerSaleOrder = page.getByRole('region', { name: 'Sale Order' });
  const buyerImage = buyerSaleOrder.getByRole('img', { name: `sale order of ${trade.trade_reference_number}` });
  await expect(buyerImage).toBeVisible();
  await expect.poll(() => buyerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Trade' })).toContainText('Deccan Distilleries');
  await expect(buyerSaleOrder.getByRole('button', { name: /Sale Order/ })).toHaveCount(0);
  // The buyer's own service fee invoice of the trade, and no other side's.
  const invoices = page.getByRole('region', { name: 'Service Fee Invoices' });
  await expect(invoices.getByRole('button', { name: /^Download tax invoice SX\// })).toHaveCount(1);
  await photograph(page, testInfo, 'bid-detail-buyer');

  // The buyer rates the seller's distillery on the trade (the demo seeded a review); submitting replaces it.
  const review = page.getByRole('region', { name: 'Rating' });
  await expect(review.getByRole('heading', { level: 3, name: /^Rate / })).toBeVisible();
  await review.getByRole('radio', { name: '5 stars' }).click();
  await review.getByLabel('Source').selectOption('Rejected');
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review.getByRole('status')).toContainText('5 of 5');
  await expect(review.getByRole('status')).toContainText('source Rejected');
  await review.getByRole('radio', { name: '2 stars' }).click();
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review.getByRole('status')).toContainText('2 of 5');
});

test('the SuperAdmin lists every trade and opens its detail', async ({ page }, testInfo) => {
  const trade = await demoTrade();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Approved Bids').click();
  const table = page.getByRole('table', { name: 'Approved bids' });
  await expect(rowOf(table, trade.trade_reference_number)).toContainText('Bengal Blenders');
  // Both demo trades at least (other journeys of this worker may have made more).
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThanOrEqual(3);
  // Data Analysis (issue 23) is the SuperAdmin's: the menu leads to it.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toContainText('Data Analysis');
  await photograph(page, testInfo, 'approved-bids-superadmin');
  await rowOf(table, trade.trade_reference_number).getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Trade' })).toContainText(trade.trade_reference_number);
  await expect(page.getByRole('region', { name: 'Sale Order' }).getByRole('button')).toHaveCount(0);
});
