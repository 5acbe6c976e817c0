// Issue 25 parts 3 and 4 in the browser: a counter from the other company rings the buyer Negotiator's bell, the
// list links to the bid page; the settings page saves its toggles; the price alerts page saves and removes an alert.
// Rajputana Beverages places the bid (a buyer that only the inbox spec trades as, which needs three pairs of the
// many it has).
import { expect, test } from '@playwright/test';
import { captcha, ok, tokenFor } from '../support/api';
import { DEMO_PASSWORD, negotiatorOf } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { menuLink, signInAs } from '../support/ui';

test.describe.configure({ mode: 'serial' });
// Finding a pair to bid on and solving captchas through the API take a while on a busy machine.
test.setTimeout(120_000);

const BUYER = 'negotiator@rajputana-beverages.example';
type Page1<T> = { records: T[]; totalRecords: number };
type Listing = { id: number; is_open: boolean; available_quantity: string };
type Bid = { id: number; version: number; offer_id: number; ask_id: number; status: string };

/** A fresh bid of the buyer's on an offer it has no open bid with. */
async function placeBid(token: string): Promise<Bid> {
  const asks = await ok<Page1<Listing>>('getAllOffers', { page: 1, page_size: 30 }, token);
  for (const ask of asks.records.filter((a) => a.is_open)) {
    if (!(await ok<{ can_edit: boolean }>('getOfferById', { id: ask.id }, token)).can_edit) continue;
    const open = await ok<Page1<Bid>>('getAllBids', { offer_id: ask.id, page: 1, page_size: 30 }, token);
    const joined = new Set(open.records.filter((b) => ['New', 'OnGoing'].includes(b.status)).map((b) => b.offer_id));
    const possible = await ok<Page1<Listing>>(
      'getAllPossibleOffer',
      { offer_id: ask.id, page: 1, page_size: 30 },
      token,
    );
    const offer = possible.records.find((o) => !joined.has(o.id));
    if (!offer) continue;
    return ok<Bid>(
      'createBid',
      {
        quantity: '10',
        price: '57.75',
        valid_until: new Date(Date.now() + 24 * 3_600_000).toISOString(),
        my_offer_id: ask.id,
        offer_id: offer.id,
        captcha: await captcha(),
      },
      token,
    );
  }
  throw new Error('Rajputana Beverages has no pair to bid on');
}

test('a counter from the other company rings the bell; the list leads to the bid', async ({ page }, testInfo) => {
  const buyer = await tokenFor(BUYER, DEMO_PASSWORD);
  await ok('markNotificationsRead', { all: true }, buyer);
  const bid = await placeBid(buyer);
  const seller = await tokenFor(await negotiatorOf(bid.offer_id), DEMO_PASSWORD);
  await ok(
    'negotiateBid',
    { bid_id: bid.id, version: bid.version, price: '58.50', quantity: '10', captcha: await captcha() },
    seller,
  );
  // The consumer writes the row after the counter commits: wait for it through the API, then look.
  await expect.poll(async () => (await ok<{ count: number }>('getUnreadNotificationCount', {}, buyer)).count).toBe(1);

  await signInAs(page, BUYER, DEMO_PASSWORD);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: new RegExp(`Counter-offer on bid #${bid.id}`) });
  await expect(item).toContainText('New terms: 10 L of');
  await expect(item).toContainText('₹58.50 per litre');
  await checkPage(page, testInfo, 'notification-panel');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/biditem/${bid.offer_id}/${bid.id}$`));
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect.poll(async () => (await ok<{ count: number }>('getUnreadNotificationCount', {}, buyer)).count).toBe(0);
});

test('the settings page saves its toggles', async ({ page }, testInfo) => {
  await signInAs(page, BUYER, DEMO_PASSWORD);
  await menuLink(page, 'Notification Settings').click();
  await expect(page).toHaveURL(/\/notificationsettings$/);
  const mail = page.getByRole('checkbox', { name: 'A counter to my bid by mail' });
  await expect(mail).toBeChecked();
  await mail.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await checkPage(page, testInfo, 'notification-settings');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'A counter to my bid by mail' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'A counter to my bid in the app' })).toBeChecked();
  // Put it back for whoever comes next.
  await page.getByRole('checkbox', { name: 'A counter to my bid by mail' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
});

test('a price alert is saved, listed and removed', async ({ page }, testInfo) => {
  await signInAs(page, BUYER, DEMO_PASSWORD);
  await menuLink(page, 'Price Alerts').click();
  await expect(page).toHaveURL(/\/pricealerts$/);
  await expect(page.getByText('No Data Found')).toBeVisible();
  // The company's own products only (Rajputana Beverages trades Grain ENA among others).
  await page.getByLabel('Product').selectOption('Grain ENA');
  await page.getByLabel('Price at most (₹ per litre)').fill('55');
  await page.getByLabel('Quantity at least (litres)').fill('1000');
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByText('Price alert saved')).toBeVisible();
  const summary = 'Offers of Grain ENA in any state at most ₹55.00 per litre, at least 1000.0 L';
  await expect(page.getByRole('cell', { name: summary, exact: true })).toBeVisible();
  await checkPage(page, testInfo, 'price-alerts');
  await page.getByRole('button', { name: `Remove the alert: ${summary}` }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Price alert removed')).toBeVisible();
  await expect(page.getByText('No Data Found')).toBeVisible();
});
