// What a newcomer's review of the administration screens found lost or invisible (issue 10, items 5-9): a server
// error on /register out of sight, a lost Generate OTP click, pages a role may not use, and the layout at desktop
// and phone widths.
import { expect, test } from '@playwright/test';
import { gstOf, PAN_PNG } from '../support/api';
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

test('an Approver is kept off the Admin screens: each goes to the dashboard', async ({ page }) => {
  await signInAs(page, 'approver@ganga-grain.example', 'Demo@2026');
  for (const path of [
    '/userslist',
    '/adduser',
    '/distilleries',
    '/adddistillery',
    '/centralized',
    '/decentralized/edit',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('You are not allowed to do this')).toHaveCount(0);
  }
});
