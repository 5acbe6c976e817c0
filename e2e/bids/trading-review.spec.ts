// Issue 21 (the trading screens' review), at 1366 px and 390 px with axe: every trading tier finds "Waiting for me"
// in the menu with its count and no menu entry leads to "not available yet"; the figures of one bid agree across
// pages (Item Info's Final Price on /biditem/{id} and on the bid page; Ask Price and the own company's name on My
// Bids and the market's Bids List); the bid page says whose turn it is, and the approver whose approval completes
// the trade sees it confirmed with the trade reference. Screenshots of the inbox, the status line and the
// confirmation at both widths. A demo buyer no other bid spec uses (Bengal Blenders) trades here.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { call, captcha, ok, tokenFor } from '../support/api';
import { confirmWithCode, DEMO_PASSWORD, stepUp } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { detailOf, menuLink, signInAs } from '../support/ui';

test.describe.configure({ mode: 'serial' });

const BUYER_CO = 'bengal-blenders';
const person = (tier: string, company = BUYER_CO) => `${tier}@${company}.example`;
const SELLERS = ['deccan-distilleries', 'ganga-grain', 'kaveri-malt'];

type Page1<T> = { records: T[]; totalRecords: number };
type Listing = { id: number; product: string; is_open: boolean; available_quantity: string };
type Bid = { id: number; version: number; status: string; offer_id: number; ask_id: number; is_bid_lapsed: boolean };

async function bothWidths(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await checkPage(page, testInfo, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 800 });
}

/** Signs `email` in on `page`, leaving whoever was signed in there (the sign-in page sends a signed-in user on). */
async function switchTo(page: Page, email: string) {
  await page.goto('/home');
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, email, DEMO_PASSWORD);
}

/** The Negotiator of Bengal Blenders who manages an open ask with a possible seller, the ask and that offer. */
async function freshPair() {
  for (const email of [person('negotiator'), person('negotiator2')]) {
    const token = await tokenFor(email, DEMO_PASSWORD);
    const asks = await ok<Page1<Listing>>('getAllOffers', { page: 1, page_size: 30 }, token);
    for (const ask of asks.records.filter((a) => a.is_open)) {
      if (!(await ok<{ can_edit: boolean }>('getOfferById', { id: ask.id }, token)).can_edit) continue;
      const bids = await ok<Page1<Bid>>('getAllBids', { offer_id: ask.id, page: 1, page_size: 30 }, token);
      const joined = new Set(bids.records.filter((b) => ['New', 'OnGoing'].includes(b.status)).map((b) => b.offer_id));
      const possible = await ok<Page1<Listing & { state: string }>>(
        'getAllPossibleOffer',
        { offer_id: ask.id, page: 1, page_size: 30 },
        token,
      );
      const offer = possible.records.find((o) => !joined.has(o.id));
      if (offer) return { email, ask, offer };
    }
  }
  throw new Error('Bengal Blenders has no open ask with a possible seller it has no open bid with');
}

/** The demo seller Negotiator who manages `offerId`, and that seller's company. */
async function sellerOf(offerId: number) {
  for (const company of SELLERS)
    for (const tier of ['negotiator', 'negotiator2']) {
      const email = person(tier, company);
      const res = await call<{ can_edit: boolean }>(
        'getOfferById',
        { id: offerId },
        await tokenFor(email, DEMO_PASSWORD),
      );
      if (res.status === 'OK' && res.data.can_edit) return { email, company };
    }
  throw new Error(`no demo seller Negotiator manages offer ${offerId}`);
}

let trade: { bid: Bid; buyer: string; offerId: number; askId: number; seller: { email: string; company: string } };

test('a bid placed by Bengal Blenders, accepted and approved by all but the buyer’s Approver', async () => {
  test.setTimeout(300_000);
  const { email, ask, offer } = await freshPair();
  const quantity = Math.max(
    1,
    Math.floor(Math.min(Number(ask.available_quantity), Number(offer.available_quantity)) / 20),
  );
  let bid = await ok<Bid>(
    'createBid',
    {
      quantity: String(quantity),
      price: '60.50',
      valid_until: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      my_offer_id: ask.id,
      offer_id: offer.id,
      captcha: await captcha(),
    },
    await tokenFor(email, DEMO_PASSWORD),
  );
  const seller = await sellerOf(offer.id);
  const act = async (who: string) => {
    await stepUp(who);
    bid = await ok<Bid>(
      'bidAction',
      { bid_id: bid.id, is_approved: true, version: bid.version },
      await tokenFor(who, DEMO_PASSWORD),
    );
  };
  await act(seller.email);
  for (const who of [person('authorizer'), person('authorizer', seller.company), person('approver', seller.company)])
    await act(who);
  trade = { bid, buyer: email, offerId: offer.id, askId: ask.id, seller };
});

test('every trading tier finds Waiting for me in the menu with its count; no entry leads nowhere', async ({
  page,
}, testInfo) => {
  for (const tier of ['negotiator', 'authorizer', 'approver']) {
    const email = tier === 'negotiator' ? trade.buyer : person(tier);
    const { count } = await ok<{ count: number }>('getAwaitingBidCount', {}, await tokenFor(email, DEMO_PASSWORD));
    await switchTo(page, email);
    await page.setViewportSize({ width: 1366, height: 800 });
    const entry = menuLink(page, /^Waiting for me/);
    await expect(entry).toContainText(String(count));
    if (tier === 'approver') expect(count).toBeGreaterThan(0);
    // No menu entry opens "not available yet".
    const paths = await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/is not available yet/), `${tier} ${path}`).toHaveCount(0);
    }
  }
  // The Approver's inbox lists the bid with their step and the time left.
  await page.goto('/bidapproval');
  const table = page.getByRole('table', { name: 'Bids waiting for you' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `View Details of bid ${trade.bid.id}` }) });
  await expect(row).toContainText('Approve');
  await expect(row).toContainText(/\d+ h \d{2} min left/);
  await bothWidths(page, testInfo, 'inbox');
  // At phone width the folded menu's button carries the count.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /Menu.*wait/ })).toBeVisible();
});

test('the map icon of an Offers row leads to the map, not to a dead end', async ({ page }) => {
  await switchTo(page, trade.seller.email);
  await page.goto('/offers');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await page
    .getByRole('link', { name: /^Map of possible/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/offermap\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Possible Buyer Map' })).toBeVisible();
  await expect(page.getByText('not available yet')).toHaveCount(0);
});

/** The text of `column` in the row of bid `id`. */
async function cellOf(table: Locator, id: number, column: string) {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/\s+/g, ' ').trim() === column);
  expect(index, column).toBeGreaterThanOrEqual(0);
  const row = table.locator('tbody tr').filter({ has: table.page().locator(`td:first-child:text-is("${id}")`) });
  return (await row.locator('td').nth(index).innerText()).trim();
}

/** The page (30 rows) of a list that holds bid `id`. */
async function pageOf(body: Record<string, unknown>, token: string, id: number) {
  for (let page = 1; page <= 30; page++) {
    const found = await ok<Page1<{ id: number }>>('getAllBids', { ...body, page, page_size: 30 }, token);
    if (found.records.some((r) => r.id === id)) return page;
    if (found.records.length < 30) break;
  }
  throw new Error(`bid ${id} is not listed`);
}

test('one bid reads the same on every page: Item Info’s Final Price, Ask Price, the own company’s name', async ({
  page,
}, testInfo) => {
  const { bid, buyer, offerId, askId } = trade;
  const token = await tokenFor(buyer, DEMO_PASSWORD);
  await switchTo(page, buyer);
  await page.setViewportSize({ width: 1366, height: 800 });
  // Item Info on the market item's page, bidding from the bid's own ask, and on the bid's page.
  await page.goto(`/biditem/${offerId}`);
  await page.getByLabel('Your ask').selectOption(String(askId));
  const onItem = (await detailOf(page, 'Final Price').innerText()).trim();
  expect(onItem).toMatch(/^₹[\d,]+\.\d{2} per litre$/);
  await page.goto(`/biditem/${offerId}/${bid.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Bid ${bid.id}` })).toBeVisible();
  await expect(detailOf(page, 'Final Price')).toHaveText(onItem);
  await expect(detailOf(page, 'Deal Locked')).toHaveText('Yes');

  // My Bids and the market's Bids List: the same Ask Price, and the caller's own company named on both.
  const company = (await ok<{ buyer_company_name: string }>('getBidById', { bid_id: bid.id }, token))
    .buyer_company_name;
  const mine = await pageOf({}, token, bid.id);
  await page.goto(`/currentbids?page=${mine}&page_size=30`);
  const myTable = page.getByRole('table', { name: 'Your company’s bids' });
  await expect(myTable.locator('tbody tr').first()).toBeVisible();
  const myAskPrice = await cellOf(myTable, bid.id, 'Ask Price');
  const market = await pageOf({ is_market: true }, token, bid.id);
  await page.goto(`/bidslist?page=${market}&page_size=30`);
  const marketTable = page.getByRole('table', { name: 'Current bids on the market' });
  await expect(marketTable.locator('tbody tr').first()).toBeVisible();
  expect(await cellOf(marketTable, bid.id, 'Ask Price')).toBe(myAskPrice);
  expect(await cellOf(marketTable, bid.id, 'Buyer / Seller')).toContain(company);
  await bothWidths(page, testInfo, 'bids-list-own');
});

test('the bid page says whose turn it is; the final approval is confirmed with the trade reference', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const { bid, offerId, askId } = trade;
  // The buyer's Negotiator: waiting for the buyer's Approver, nothing to do.
  await switchTo(page, trade.buyer);
  await page.goto(`/biditem/${offerId}/${bid.id}`);
  await expect(page.getByText('Waiting for your company’s Approver')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Approve|Accept|Reject)$/ })).toHaveCount(0);

  // The buyer's Approver: their turn, Approve and Reject only, the chain as a timeline.
  const approver = person('approver');
  await switchTo(page, approver);
  await page.goto(`/biditem/${offerId}/${bid.id}`);
  await expect(page.getByText('Your turn: approve or reject as Approver')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Approval chain' });
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Waiting now' })).toHaveCount(1);
  await expect(page.locator('form.bid-form')).toHaveCount(0);
  await bothWidths(page, testInfo, 'status-line');
  // On a phone the status and its actions are at the top of the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  expect((await approve.boundingBox())!.y).toBeLessThan(844);

  await page.setViewportSize({ width: 1366, height: 800 });
  await approve.click();
  await confirmWithCode(page, approver);
  const done = page.getByRole('dialog', { name: 'Trade confirmed' });
  await expect(done.getByText(/^TR-\d{4}-\d{6}$/)).toBeVisible();
  const reference = (await done.getByText(/^TR-\d{4}-\d{6}$/).innerText()).trim();
  await expect(done.getByRole('link', { name: 'Open the trade' })).toHaveAttribute('href', `/biddetail/${bid.id}`);
  await bothWidths(page, testInfo, 'traded-confirmation');
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(`Traded — ${reference}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Approve|Reject)$/ })).toHaveCount(0);
  await bothWidths(page, testInfo, 'traded-status');

  // My Bids names the trade by its reference, linked to its page.
  await switchTo(page, trade.buyer);
  await page.goto(`/currentbids?status=Approved&search=${reference}`);
  const link = page.getByRole('link', { name: reference });
  await expect(link).toHaveAttribute('href', `/biddetail/${bid.id}`);
  expect(askId).toBeGreaterThan(0);
});
