// Service fees (issue 3, part 5): the SuperAdmin sets a rate for one company and product on /setcommission, sees it
// on /commissionlist with its modified-on date, edits it, and a second rate for the same company and product is
// refused.
import { expect, test, type Page } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { ok, registerCompany, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { columnOf, menuLink, rowOf, searchList, signInAs, todayInIndia } from '../support/ui';

const stamp = Date.now();
const buyer = { name: `Fee Buyers ${stamp}`, email: `admin-${stamp}@fee-buyers.example` };
const product = 'Grain ENA';
let buyerId = 0;

test.describe.configure({ mode: 'serial' });

const feesTable = (page: Page) => page.getByRole('table', { name: 'Service fee rates' });

async function fillRate(page: Page, amount: string) {
  await page.getByLabel('Type of Company').selectOption('Buyer');
  await page.getByLabel('Company Name').selectOption({ label: buyer.name });
  await page.getByLabel('Product').selectOption(product);
  await page.getByLabel('Commission Amount').fill(amount);
  await page.getByLabel('State GST Percentage').fill('9');
  await page.getByLabel('Central GST Percentage').fill('9');
}

test.beforeAll(async () => {
  // A company of its own, approved, so the rate is this spec's alone.
  const { id } = await registerCompany({ ...buyer, type: 'Buyer' });
  buyerId = id;
  await ok('updateCompanyStatus', { id, status: 'Approved' }, await tokenFor(SUPER_ADMIN.email, SUPER_ADMIN.password));
});

test('the SuperAdmin adds a rate for a company and product', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Service Fees').click();
  await expect(page).toHaveURL(/\/commissionlist$/);
  await expect(page.getByRole('heading', { name: 'Platform Service Fee' })).toBeVisible();
  // The demo rates: one per company type for all companies and products.
  await expect(rowOf(feesTable(page), 'All companies').first()).toBeVisible();
  await checkPage(page, testInfo, 'commissionlist');

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/setcommission$/);
  await expect(page.getByRole('heading', { name: 'Set Commission' })).toBeVisible();
  // The company list follows the type.
  await expect(page.getByLabel('Company Name')).toBeDisabled();
  await checkPage(page, testInfo, 'setcommission');
  await fillRate(page, '0.5');
  await checkPage(page, testInfo, 'setcommission-filled');
  await page.getByRole('button', { name: 'Add Commission' }).click();
  await expect(page.getByText('Commission added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/commissionlist$/);

  await searchList(page, 'Search service fees', buyer.name);
  const row = rowOf(feesTable(page), buyer.name);
  await expect(row.getByRole('cell')).toHaveText([
    'Buyer',
    buyer.name,
    product,
    '₹0.50',
    '9%',
    '9%',
    todayInIndia(),
    '',
  ]);
  await checkPage(page, testInfo, 'commissionlist-new');
});

test('the SuperAdmin edits the rate; a duplicate rate is refused', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/commissionlist');
  await searchList(page, 'Search service fees', buyer.name);
  await rowOf(feesTable(page), buyer.name)
    .getByRole('link', { name: `Edit the rate for ${buyer.name}, ${product}` })
    .click();
  await expect(page).toHaveURL(/\/setcommission\/\d+$/);
  await expect(page.getByLabel('Type of Company')).toHaveValue('Buyer');
  await expect(page.getByLabel('Company Name')).toHaveValue(String(buyerId));
  await expect(page.getByLabel('Product')).toHaveValue(product);
  await expect(page.getByLabel('Commission Amount')).toHaveValue('0.50');
  await checkPage(page, testInfo, 'setcommission-edit');
  await page.getByLabel('Commission Amount').fill('0.65');
  await page.getByRole('button', { name: 'Update Commission' }).click();
  await expect(page.getByText('Commission updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/commissionlist$/);
  await searchList(page, 'Search service fees', buyer.name);
  await expect(rowOf(feesTable(page), buyer.name)).toContainText('₹0.65');

  // The same type, company and product a second time.
  await page.getByRole('link', { name: 'New' }).click();
  await fillRate(page, '0.7');
  await page.getByRole('button', { name: 'Add Commission' }).click();
  await expect(
    page.getByText('A rate for this company type, company and product already exists').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/setcommission$/);
  await checkPage(page, testInfo, 'setcommission-duplicate');
});

test('the audit log lists the rate and its change', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto(`/audit?company=${buyerId}&object=fee`);
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect.poll(() => columnOf(log, 3)).toEqual(['fee.updated', 'fee.created']);
  await expect(rowOf(log, 'fee.updated')).toContainText('0.65');
  await checkPage(page, testInfo, 'audit-fee');
});
