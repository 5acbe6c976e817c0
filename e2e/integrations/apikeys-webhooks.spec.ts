// A company Admin's integrations (issue 25 part 5): an API key created on the API Keys screen is shown once with a
// Copy button, works against the API, and is refused once revoked after a confirmation; a webhook registered on the
// Webhooks screen shows its signing secret once, can be turned off, has a delivery log, and is deleted.
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { checkPage } from '../support/page-checks';
import { confirmDialog, menuLink, rowOf, signInAs } from '../support/ui';

const ADMIN = { email: 'admin@ganga-grain.example', password: 'Demo@2026' };
const stamp = Date.now();

test.describe.configure({ mode: 'serial' });
// Two screens, a dialog and several accessibility scans each: more than the default minute on a busy machine.
test.setTimeout(180_000);

async function callWithKey(method: string, key: string, body: unknown = {}) {
  const res = await fetch(`${BASE_URL}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

test('the Admin creates an API key, sees it once, uses it, and revokes it', async ({ page }, testInfo) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'API Keys').click();
  await expect(page).toHaveURL(/\/apikeys$/);
  await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API Key' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('*required')).toBeVisible();
  await dialog.getByLabel('Name').fill(`ERP ${stamp}`);
  await dialog.getByLabel('Read listings and bids', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const shown = dialog.getByLabel('API key', { exact: true });
  await expect(shown).toHaveValue(/^sxk_\d+_/);
  await expect(dialog.getByText('it will not be shown again')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy API key' })).toBeVisible();
  const key = await shown.inputValue();
  await checkPage(page, testInfo, 'api-key-created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'API keys' });
  const row = rowOf(table, `ERP ${stamp}`);
  await expect(row).toContainText('Active');
  await expect(table).not.toContainText(key);
  await checkPage(page, testInfo, 'api-keys');

  expect((await callWithKey('getAllOffers', key)).status).toBe(200);
  expect((await callWithKey('getAllUsers', key)).status).toBe(403);

  await row.getByRole('button', { name: `Revoke ERP ${stamp}` }).click();
  const confirm = confirmDialog(page, 'Calls made with it will be refused at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await callWithKey('getAllOffers', key);
  expect(refused.status).toBe(401);
  expect(refused.body.error).toBe('Invalid or revoked API key');
});

test('the Admin registers a webhook, sees its secret once, turns it off, reads its log and deletes it', async ({
  page,
}, testInfo) => {
  const url = `https://erp-${stamp}.example.com/hooks/spirit`;
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'Webhooks').click();
  await expect(page).toHaveURL(/\/webhooks$/);

  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Webhook' });
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Please choose at least one event type')).toBeVisible();
  await dialog.getByLabel('Bid placed').check();
  await dialog.getByLabel('Trade approved').check();
  await checkPage(page, testInfo, 'webhook-form');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const secret = dialog.getByLabel('Signing secret', { exact: true });
  await expect(secret).toHaveValue(/^whsec_/);
  const value = await secret.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Webhooks' });
  const row = rowOf(table, url);
  await expect(row).toContainText('Bid placed, Trade approved');
  await expect(row).toContainText('On');
  await expect(table).not.toContainText(value);
  await checkPage(page, testInfo, 'webhooks');

  await row.getByRole('button', { name: `Turn off ${url}` }).click();
  await expect(row.getByRole('button', { name: `Turn on ${url}` })).toBeVisible();

  await row.getByRole('link', { name: `Delivery log of ${url}` }).click();
  await expect(page.getByRole('heading', { name: 'Webhook Deliveries' })).toBeVisible();
  await expect(page.getByText('No Data Found')).toBeVisible();
  await checkPage(page, testInfo, 'webhook-deliveries');
  await page.getByRole('link', { name: 'Back to Webhooks' }).click();

  await rowOf(page.getByRole('table', { name: 'Webhooks' }), url)
    .getByRole('button', { name: `Delete ${url}` })
    .click();
  await confirmDialog(page, 'and its delivery log').getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page.getByRole('table', { name: 'Webhooks' }), url)).toHaveCount(0);
});
