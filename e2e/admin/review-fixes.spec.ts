// What a newcomer's review of the administration screens found lost or invisible (issue 10, items 5-9): a server
// error on /register out of sight, a lost Generate OTP click, pages a role may not use, and the layout at desktop
// and phone widths.
import { expect, test, type Locator } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { gstOf, PAN_PNG, registerCompany } from '../support/api';
import { checkPage } from '../support/page-checks';
import { signInAs, solveCaptcha } from '../support/ui';

const GANGA_PAN = 'AAGCG5678L';
const stamp = Date.now();

test('a duplicate PAN on /register: the alert is brought into view and focused, the PAN field marked', async ({
  page,
}, testInfo) => {
  await page.goto('/register');
  await page.getByLabel('Type', { exact: true }).selectOption('Buyer');
  await page.getByLabel('Registered Name').fill('Copycat Spirits Private Limited');
  await page.getByLabel('Admin Email').fill(`copycat-${stamp}@copycat.example`);
  await page.getByLabel('Admin Mobile Number').fill('9123456780');
  // The PAN of a live demo company (Ganga Grain Spirits, Uttar Pradesh).
  await page.getByLabel('Company PAN Number').fill(GANGA_PAN);
  await page.getByLabel('GST Number').fill(gstOf(GANGA_PAN, '09'));
  await page.getByLabel('Registered Address').fill('1 Civil Lines');
  await page.getByLabel('State', { exact: true }).selectOption('Uttar Pradesh');
  await page.getByLabel('City', { exact: true }).selectOption('Lucknow');
  await page.getByText('Select spirits').click();
  await page.getByRole('option', { name: 'Molasses ENA' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Upload PAN Card').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PAN_PNG });
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit' }).click();

  const alert = page.getByRole('alert').filter({ hasText: /PAN/ });
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await expect(page.getByLabel('Company PAN Number')).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, testInfo, 'register-duplicate-pan');
});

test('Generate OTP sends on the first click after "Email is required."; a repeat says nothing was sent', async ({
  page,
}) => {
  const email = 'approver@kaveri-malt.example';
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Login with OTP' }).click();
  const generate = page.getByRole('button', { name: 'Generate OTP' });
  await generate.click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  // One click, straight after typing.
  await generate.click();
  await expect(page.getByText('OTP sent to your email')).toBeVisible();
  await expect(page.getByRole('button', { name: /Regenerate OTP in \d+s/ })).toBeDisabled();

  // A reload forgets the countdown; the server does not: nothing is sent and the page does not claim it was.
  await page.reload();
  await page.getByRole('tab', { name: 'Login with OTP' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Generate OTP' }).click();
  await expect(page.getByText('Please wait before requesting another OTP')).toBeVisible();
  await expect(page.getByText('OTP sent to your email')).toHaveCount(0);
});

test('an Approver and a Negotiator are refused the Admin screens, with a way back (issue 21, item 15)', async ({
  page,
}, testInfo) => {
  for (const email of ['approver@ganga-grain.example', 'negotiator@ganga-grain.example']) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, email, 'Demo@2026');
    for (const path of [
      '/userslist',
      '/adduser',
      '/distilleries',
      '/centralized',
      '/clients',
      '/audit',
      '/setcommission',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Access denied' }), path).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
      // No call was refused on the way: the page never started.
      await expect(page.getByText('You are not allowed to do this')).toHaveCount(0);
    }
    await checkPage(page, testInfo, `access-denied-${email.split('@')[0]}`);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

/** Whether an element's content is wider than its box (a table cut off at the edge, a tab strip that scrolls). */
async function overflows(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
}

for (const width of [1280, 1366]) {
  test(`lists are complete at ${width} px: no column cut off, actions as named icons`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto('/clients');
    const table = page.getByRole('table', { name: /^Clients/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    expect(await overflows(page.getByRole('region', { name: /^Clients.*\(scrollable\)$/ }))).toBe(false);
    await expect(table.getByRole('columnheader', { name: 'Action' })).toBeInViewport({ ratio: 1 });
    const view = table.getByRole('link', { name: /^View Details of / }).first();
    await expect(view).toBeInViewport({ ratio: 1 });
    await expect(view).toHaveText('');
    await checkPage(page, testInfo, `clients-${width}`);

    await page.goto('/prospect');
    await expect(page.getByRole('table', { name: 'Prospects' })).toBeVisible();
    expect(await overflows(page.getByRole('region', { name: 'Prospects (scrollable)' }))).toBe(false);
  });
}

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('list rows are stacked cards with their actions in view', async ({ page }, testInfo) => {
    await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto('/clients');
    const table = page.getByRole('table', { name: /^Clients/ });
    const row = table.getByRole('row').nth(1);
    await expect(row).toBeVisible();
    expect(await overflows(page.getByRole('region', { name: /^Clients.*\(scrollable\)$/ }))).toBe(false);
    const view = row.getByRole('link', { name: /^View Details of / });
    await view.scrollIntoViewIfNeeded();
    await expect(view).toBeInViewport({ ratio: 1 });
    const box = (await row.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await checkPage(page, testInfo, 'clients-phone');
  });

  test('the header is one line with the account actions in a menu', async ({ page }, testInfo) => {
    await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
    const account = page.getByRole('button', { name: 'Account' });
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    await checkPage(page, testInfo, 'header-phone-account');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  });

  test('both sign-in tabs fit', async ({ page }, testInfo) => {
    await page.goto('/login');
    expect(await overflows(page.getByRole('tablist'))).toBe(false);
    for (const name of ['Login with Password', 'Login with OTP']) {
      await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
    }
    await checkPage(page, testInfo, 'login-phone');
  });
});

test('after a company update the SuperAdmin is back on the list they came from', async ({ page }) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/clients?search=Kaveri');
  await page.getByRole('link', { name: 'View Details of Kaveri Malt Works' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kaveri Malt Works');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Company updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\?search=Kaveri$/);
});

test('a signed-in user is sent from /login and /register to the dashboard', async ({ page }) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
});

test('a missing record links back to its list, and detail pages highlight their menu item', async ({
  page,
}, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/companyinfo/999999');
  await expect(page.getByRole('alert').filter({ hasText: 'Company not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await checkPage(page, testInfo, 'companyinfo-not-found');
  await page.getByRole('link', { name: 'Back to Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);

  // From Prospects, the information page keeps Prospects highlighted.
  const prospect = { name: `Highlight Spirits ${stamp}`, email: `admin-${stamp}@highlight.example` };
  await registerCompany(prospect);
  await page.goto(`/prospect?search=${encodeURIComponent(prospect.name)}`);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await page.getByRole('link', { name: `View Details of ${prospect.name}` }).click();
  await expect(page).toHaveURL(/\/companyinfo\/\d+$/);
  await expect(menu.getByRole('link', { name: 'Prospects', exact: true })).toHaveClass(/active/);
  await expect(menu.getByRole('link', { name: 'Clients', exact: true })).not.toHaveClass(/active/);
  await page.goto('/setcommission');
  await expect(menu.getByRole('link', { name: 'Service Fees', exact: true })).toHaveClass(/active/);
});

test('the SuperAdmin dashboard shows pending prospects and approved buyers and sellers, each a link', async ({
  page,
}, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/dashboard');
  const card = (label: string) => page.getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
  for (const label of ['Pending Approval', 'Approved Buyer', 'Approved Seller'])
    await expect(card(label)).toBeVisible();
  await checkPage(page, testInfo, 'dashboard-superadmin');

  const sellers = Number((await card('Approved Seller').textContent())!.replace(/\D/g, ''));
  expect(sellers).toBeGreaterThanOrEqual(3);
  await card('Approved Seller').click();
  await expect(page).toHaveURL(/\/clients\/Seller$/);
  await expect(page.getByText(new RegExp(`of ${sellers}$`))).toBeVisible();
});
