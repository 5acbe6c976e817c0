// Issue 21, items 7 and 14: every trading table fits 1280 px beside the side menu without sideways scrolling (the
// listing page's Possible tab cut its Place bid column off at 1366 px), and the bid page on a phone puts the status
// and the caller's first action inside the first screen, the history folded (again after a resize across the
// breakpoint). Each table's scrolling frame is measured (scrollWidth ≤ clientWidth) at 1280 px and 1366 px.
import { expect, test, type Page } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { DEMO_PASSWORD } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { signInAs } from '../support/ui';

type Page1<T> = { records: T[]; totalRecords: number };
type Listing = { id: number; is_open: boolean };
type Bid = { id: number; status: string; is_deal_locked: boolean; offer_id: number; ask_id: number };

const BUYER = 'negotiator@punjab-bottling.example';
const SELLER = 'negotiator@deccan-distilleries.example';
const AUTHORIZER = 'authorizer@deccan-distilleries.example';
const WIDTHS = [1280, 1366];

/** Every table frame on the page shows all its columns at the current width. */
async function expectTablesFit(page: Page, where: string) {
  const frames = page.locator('[role="region"][aria-label$="(scrollable)"]');
  await expect(frames.first()).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const measured = await frames.evaluateAll((els) =>
    els.map((el) => ({ name: el.getAttribute('aria-label'), scroll: el.scrollWidth, client: el.clientWidth })),
  );
  for (const m of measured)
    expect
      .soft(m.scroll, `${where}: ${m.name} scrolls sideways at ${page.viewportSize()?.width} px`)
      .toBeLessThanOrEqual(m.client);
}

async function atWidths(page: Page, path: string, where = path) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    await expectTablesFit(page, where);
  }
}

/** The first open listing of the caller that another company could trade with. */
async function ownOpenListing(email: string) {
  const token = await tokenFor(email, DEMO_PASSWORD);
  const mine = await ok<Page1<Listing>>('getAllOffers', { page: 1, page_size: 30 }, token);
  for (const listing of mine.records.filter((l) => l.is_open)) {
    const possible = await ok<Page1<Listing>>(
      'getAllPossibleOffer',
      { offer_id: listing.id, page: 1, page_size: 5 },
      token,
    );
    if (possible.records.length) return listing.id;
  }
  throw new Error(`${email} has no open listing with a possible counterparty`);
}

/** Signs `email` in on `page`, leaving whoever was signed in there. */
async function switchTo(page: Page, email: string) {
  await page.goto('/home');
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, email, DEMO_PASSWORD);
}

for (const [email, own] of [
  [BUYER, '/ask'],
  [SELLER, '/offers'],
] as const)
  test(`every trading table of ${email} fits 1280 px and 1366 px without sideways scrolling`, async ({ page }) => {
    test.setTimeout(180_000);
    await switchTo(page, email);
    const listing = await ownOpenListing(email);
    await atWidths(page, `/offeredit/${listing}?tab=tab1`, 'possible tab');
    await atWidths(page, `/offeredit/${listing}?tab=tab2`, 'placed bids tab');
    for (const path of [own, '/currentbids', '/bidslist', '/approvedbids', '/items']) await atWidths(page, path);
  });

test('the inbox and the pending tab fit 1280 px and 1366 px; the tab’s Approve and Reject stay together on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await switchTo(page, AUTHORIZER);
  await atWidths(page, '/bidapproval', 'Authorizer inbox');
  const token = await tokenFor(AUTHORIZER, DEMO_PASSWORD);
  const waiting = await ok<Page1<Bid>>('getAllBids', { awaiting_me: true, page: 1, page_size: 5 }, token);
  const bid = waiting.records[0];
  expect(bid, 'a bid waits for the demo seller Authorizer').toBeTruthy();
  await atWidths(page, `/offeredit/${bid!.offer_id}?tab=tab4`, 'pending authorisation tab');
  // On a phone the tab's Approve and Reject stay side by side inside the row's card.
  await page.setViewportSize({ width: 390, height: 844 });
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Approve bid ${bid!.id}` }) });
  const card = (await row.boundingBox())!;
  const [approve, reject] = await Promise.all(
    ['Approve', 'Reject'].map((verb) => row.getByRole('button', { name: `${verb} bid ${bid!.id}` }).boundingBox()),
  );
  expect(Math.abs(approve!.y - reject!.y), 'Reject wraps alone').toBeLessThan(2);
  expect(reject!.x + reject!.width, 'Reject is cut off').toBeLessThanOrEqual(card.x + card.width);
});

test('on a phone the bid page shows the status and the first action in the first screen, the history folded', async ({
  page,
}, testInfo) => {
  await switchTo(page, AUTHORIZER);
  const token = await tokenFor(AUTHORIZER, DEMO_PASSWORD);
  const waiting = await ok<Page1<Bid>>('getAllBids', { awaiting_me: true, page: 1, page_size: 5 }, token);
  const bid = waiting.records[0]!;
  // The seller's Authorizer opens the bid from the buyer's ask (the counterparty listing).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/biditem/${bid.ask_id}/${bid.id}`);
  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await expect(approve).toBeVisible();
  const box = (await approve.boundingBox())!;
  expect(box.y + box.height, 'the first action is inside the first screen').toBeLessThanOrEqual(844);
  const history = page.locator('details.bid-history-details');
  await expect(history).not.toHaveAttribute('open');
  // The status bar stays at the top while the page scrolls.
  await page.mouse.wheel(0, 2_000);
  await expect.poll(async () => (await page.locator('.bid-status-bar').boundingBox())!.y).toBeLessThan(100);
  await expect(approve).toBeInViewport();
  await checkPage(page, testInfo, 'bid-status-line-390');
  // Across the breakpoint the history opens, and folds again on the way back.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(history).toHaveAttribute('open');
  await checkPage(page, testInfo, 'bid-status-line-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(history).not.toHaveAttribute('open');
});
