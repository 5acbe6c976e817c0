// Placing a bid from the listing page (issue 9, part 8): a demo buyer's Negotiator opens one of the company's asks,
// picks a possible seller on the Possible tab and places a bid through the dialog (quantity, price, validity,
// captcha); the bid then shows on the ask's Placed Bids tab, and on the seller's offer for the seller's
// Negotiator, who counters it in a second browser context. Pages are scanned and photographed at desktop and 390 px.
import { expect, test } from '@playwright/test';
import { ok, tokenFor } from '../support/api';
import { actAs, confirmWithCode, DEMO_BUYER, DEMO_PASSWORD, negotiatorOf } from '../support/bids';
import { checkPage } from '../support/page-checks';
import { signInAs, solveCaptcha } from '../support/ui';

const PASSWORD = DEMO_PASSWORD;
const BUYER = DEMO_BUYER;

test.describe.configure({ mode: 'serial' });

type Page1<T> = { records: T[]; totalRecords: number };
type Listing = { id: number; product: string; is_open: boolean; available_quantity: string };
type Possible = { id: number; product: string; state: string; available_quantity: string };

/** An open ask the demo buyer's Negotiator manages that has possible sellers, and the first of them. */
async function askWithSellers(): Promise<{ ask: Listing; seller: Possible }> {
  const token = await tokenFor(BUYER, PASSWORD);
  const asks = await ok<Page1<Listing>>('getAllOffers', { page: 1, page_size: 30 }, token);
  for (const ask of asks.records.filter((a) => a.is_open)) {
    // Only the Negotiator of the ask's own distillery may bid from it.
    if (!(await ok<{ can_edit: boolean }>('getOfferById', { id: ask.id }, token)).can_edit) continue;
    const possible = await ok<Page1<Possible>>(
      'getAllPossibleOffer',
      { offer_id: ask.id, page: 1, page_size: 5 },
      token,
    );
    if (possible.records[0]) return { ask, seller: possible.records[0] };
  }
  throw new Error('the demo buyer has no open ask with possible sellers');
}

let placedBid: { id: number; offerId: number } | null = null;

test('a buyer’s Negotiator places a bid from the Possible tab and finds it under Placed Bids', async ({
  page,
}, testInfo) => {
  const { ask, seller } = await askWithSellers();
  await signInAs(page, BUYER, PASSWORD);
  await page.goto(`/offeredit/${ask.id}`);
  const table = page.getByRole('table', { name: `Possible sellers for ${ask.product}` });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  const before = await ok<Page1<unknown>>(
    'getAllBids',
    { offer_id: ask.id, page: 1, page_size: 5 },
    await tokenFor(BUYER, PASSWORD),
  );
  await table
    .getByRole('button', { name: `Place bid for ${seller.product} from ${seller.state}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Place bid for ${seller.product} from ${seller.state}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Negotiation Valid Upto')).toHaveValue('4');
  await checkPage(page, testInfo, 'place-bid-dialog');

  // Nothing is sent until the terms are right: more than either listing holds is refused in the dialog.
  const most = Math.min(Number(ask.available_quantity), Number(seller.available_quantity));
  await dialog.getByLabel('Quantity (B/L)').fill(String(most + 1000));
  await dialog.getByLabel('Price (₹/L)').fill('61.25');
  await solveCaptcha(page);
  const submit = dialog.getByRole('button', { name: 'Place Bid' });
  await expect(submit).toBeDisabled();
  // The button stays clickable (aria-disabled): a click shows why, and sends nothing.
  await submit.click({ force: true });
  await expect(dialog.getByText('Insufficient quantity available')).toBeVisible();
  await expect(dialog).toBeVisible();

  const quantity = Math.max(1, Math.floor(most / 10));
  await dialog.getByLabel('Quantity (B/L)').fill(String(quantity));
  await expect(submit).toBeEnabled();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/createBid'));
  await submit.click();
  const response = await placed;
  expect(response.status(), await response.text()).toBe(200);
  const bid = ((await response.json()) as { data: { id: number } }).data;
  await expect(dialog).toBeHidden();
  placedBid = { id: bid.id, offerId: seller.id };
  // The bid carries the ask's delivery fees, as /biditem/{id} does (issue 21, item 3).
  const fees = [
    'import_pass_fee',
    'transit_permit_fee',
    'escort_fee',
    'corporation_fee',
    'misc_handling',
    'transportation',
  ];
  const token = await tokenFor(BUYER, PASSWORD);
  const mine = await ok<Record<string, string | null>>('getOfferById', { id: ask.id }, token);
  const carried = await ok<Record<string, string | null>>('getBidById', { bid_id: bid.id }, token);
  for (const fee of fees) expect(Number(carried[fee] ?? 0), fee).toBe(Number(mine[fee] ?? 0));
  expect(fees.some((fee) => carried[fee] !== null)).toBe(true);

  await page.goto(`/offeredit/${ask.id}?tab=tab2`);
  await expect(page.getByRole('tab', { name: 'Placed Bids' })).toHaveAttribute('aria-selected', 'true');
  const after = await ok<Page1<unknown>>(
    'getAllBids',
    { offer_id: ask.id, page: 1, page_size: 5 },
    await tokenFor(BUYER, PASSWORD),
  );
  expect(after.totalRecords).toBe(before.totalRecords + 1);
  await expect(page.getByText('61.25').first()).toBeVisible();
  await checkPage(page, testInfo, 'placed-bids-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, testInfo, 'placed-bids-390');
});

test('the seller’s Negotiator counters the bid from the offer’s Placed Bids tab', async ({ browser }, testInfo) => {
  expect(placedBid).not.toBeNull();
  const { id, offerId } = placedBid!;
  const email = await negotiatorOf(offerId);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAs(page, email, PASSWORD);
    await page.goto(`/offeredit/${offerId}?tab=tab2`);
    const table = page.getByRole('table', { name: /^Bids placed on this / });
    // Until the trade is approved the buyer's name is masked for the seller.
    await expect(table.getByText('Punjab Bottling Company')).toHaveCount(0);
    await table.getByRole('button', { name: `Negotiate bid ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Negotiate' });
    await expect(dialog).toBeVisible();
    // The counter keeps the deadline unless another validity is chosen, and says when that is.
    await expect(dialog.getByLabel('Negotiation Valid Upto')).toHaveValue('keep');
    await expect(dialog.getByText('Stays valid until:')).toBeVisible();
    await checkPage(page, testInfo, 'negotiate-dialog');
    const before = await ok<{ valid_until: string }>('getBidById', { bid_id: id }, await tokenFor(email, PASSWORD));
    await dialog.getByLabel('Price (₹/L)').fill('63.75');
    await solveCaptcha(page);
    const countered = page.waitForResponse((r) => r.url().endsWith('/api/negotiateBid'));
    await dialog.getByRole('button', { name: 'Negotiate' }).click();
    const response = await countered;
    expect(response.status(), await response.text()).toBe(200);
    const detail = await ok<{ status: string; price: string; valid_until: string }>(
      'getBidById',
      { bid_id: id },
      await tokenFor(email, PASSWORD),
    );
    expect(detail).toMatchObject({ status: 'OnGoing', valid_until: before.valid_until });
    expect(Number(detail.price)).toBe(63.75);
    sellerNegotiator = email;
  } finally {
    await context.close();
  }
});

let sellerNegotiator = '';

test('the buyer accepts with a code, then each side’s Authorizer and Approver approve: a trade reference', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { id, offerId } = placedBid!;
  const askId = (await ok<{ my_offer_id?: number; ask_id?: number }>(
    'getBidById',
    { bid_id: id },
    await tokenFor(BUYER, PASSWORD),
  )) as { ask_id?: number };
  const sellerDomain = sellerNegotiator.split('@')[1]!;

  // The buyer's Negotiator accepts the seller's counter: the deal locks.
  await actAs(browser, BUYER, async (page) => {
    await page.goto(`/offeredit/${askId.ask_id}?tab=tab2`);
    await page.getByRole('button', { name: `Negotiate bid ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Negotiate' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await confirmWithCode(page, BUYER);
    await checkPage(page, testInfo, 'accepted');
  });
  const locked = await ok<{ is_deal_locked: boolean }>('getBidById', { bid_id: id }, await tokenFor(BUYER, PASSWORD));
  expect(locked.is_deal_locked).toBe(true);

  // Authorizers on tab 4 (Pending Authorisation), then Approvers on tab 3 (Pending Approval), each side on its
  // own listing.
  const steps: [string, number, 'tab4' | 'tab3'][] = [
    [`authorizer@${sellerDomain}`, offerId, 'tab4'],
    ['authorizer@punjab-bottling.example', askId.ask_id!, 'tab4'],
    [`approver@${sellerDomain}`, offerId, 'tab3'],
    ['approver@punjab-bottling.example', askId.ask_id!, 'tab3'],
  ];
  for (const [email, listingId, tab] of steps)
    await actAs(browser, email, async (page) => {
      await page.goto(`/offeredit/${listingId}?tab=${tab}`);
      await page.getByRole('button', { name: `Approve bid ${id}` }).click();
      await confirmWithCode(page, email);
      // The sixth approval is confirmed to the approver who gave it, with the trade's reference.
      if (email === steps.at(-1)![0]) {
        const done = page.getByRole('dialog', { name: 'Trade confirmed' });
        await expect(done.getByText(/^TR-\d{4}-\d{6}$/)).toBeVisible();
        await expect(done.getByRole('link', { name: 'Open the trade' })).toHaveAttribute('href', `/biddetail/${id}`);
        await done.getByRole('button', { name: 'Done' }).click();
      }
      await expect(page.getByRole('button', { name: `Approve bid ${id}` })).toHaveCount(0);
    });

  // Approved: a trade reference, and both parties now see each other's names.
  const trade = await ok<{ status: string; trade_reference_number: string | null }>(
    'getBidById',
    { bid_id: id },
    await tokenFor(BUYER, PASSWORD),
  );
  expect(trade.status).toBe('Approved');
  expect(trade.trade_reference_number).toMatch(/^TR-\d{4}-\d{6}$/);

  // Each company opens the bid page and sees the trade reference and both companies' full names.
  const names = await ok<{ buyer_company_name: string; seller_company_name: string }>(
    'getBidById',
    { bid_id: id },
    await tokenFor(sellerNegotiator, PASSWORD),
  );
  expect(names.buyer_company_name).not.toMatch(/^\*{4}/);
  expect(names.seller_company_name).not.toMatch(/^\*{4}/);
  const parties: [string, string, number][] = [
    ['buyer', BUYER, offerId],
    ['seller', sellerNegotiator, askId.ask_id!],
  ];
  for (const [side, email, counterpartyListing] of parties)
    await actAs(browser, email, async (page) => {
      await page.goto(`/biditem/${counterpartyListing}/${id}`);
      await expect(page.getByText(trade.trade_reference_number!).first()).toBeVisible();
      await expect(page.getByText(names.buyer_company_name, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(names.seller_company_name, { exact: true }).first()).toBeVisible();
      await checkPage(page, testInfo, `approved-trade-${side}`);
    });
});
