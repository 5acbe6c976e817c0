// The newcomer's whole way in: register a company with its PAN card, get approved, set a password from the
// invitation mail, sign in with a password and with an emailed code, change the password, sign out.
import { expect, test } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { apiLogin, call, codeIn, linkIn, waitForMail } from '../support/api';
import { checkPage } from '../support/page-checks';
import { signIn, solveCaptcha } from '../support/ui';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const adminEmail = `admin-${Date.now()}@newcomer.example`;
const firstPassword = 'Newcomer@2026';
const secondPassword = 'Changed#2027';

test.describe.configure({ mode: 'serial' });

test('a visitor registers a company with its PAN card', async ({ page }, testInfo) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register with your company details' })).toBeVisible();
  await checkPage(page, testInfo, 'register');

  await page.getByLabel('Type', { exact: true }).selectOption('Seller');
  await page.getByLabel('Registered Name').fill('Newcomer Distillers Private Limited');
  await page.getByLabel('Name', { exact: true }).fill('Newcomer Distillers');
  await page.getByLabel('Admin Name').fill('Neha Kulkarni');
  await page.getByLabel('Admin Email').fill(adminEmail);
  await page.getByLabel('Admin Mobile Number').fill('9123456780');
  await page.getByLabel('Company PAN Number').fill('aancn4321p');
  await expect(page.getByLabel('Company PAN Number')).toHaveValue('AANCN4321P');
  // 27 + PAN + 1Z + check character
  await page.getByLabel('GST Number').fill('27AANCN4321P1ZX');
  await page.getByLabel('Registered Address').fill('Plot 7, MIDC, Pune');
  await page.getByLabel('State', { exact: true }).selectOption('Maharashtra');
  await page.getByLabel('City', { exact: true }).selectOption('Pune');
  await page.getByLabel('Digi Code').fill('411019');
  await page.getByText('Select spirits').click();
  await page.getByRole('option', { name: 'Molasses ENA' }).click();
  await page.getByRole('option', { name: 'Grain ENA', exact: true }).click();
  await page.keyboard.press('Escape');

  // A forged file is refused by type before it is sent.
  await page.getByLabel('Upload PAN Card').setInputFiles({ name: 'pan.gif', mimeType: 'image/gif', buffer: PNG });
  await expect(page.getByText('Invalid file format. Please upload a .pdf, .jpg, or .png file.')).toBeVisible();
  await page.getByLabel('Upload PAN Card').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('pan.png')).toBeVisible();

  await solveCaptcha(page);
  await checkPage(page, testInfo, 'register-filled');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/createCompany'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByText('Registration successful! Thank you for registering.')).toBeVisible();
  await expect(page.getByText('You would receive a mail once your form has been verified')).toBeVisible();
  await checkPage(page, testInfo, 'register-success');
  await waitForMail(adminEmail, 'registration_received');

  // The SuperAdmin approves it (the review screens come with the administration issue).
  const { data } = (await response.json()) as { data: { id: number } };
  const superToken = await apiLogin(SUPER_ADMIN.email, SUPER_ADMIN.password);
  const approved = await call('updateCompanyStatus', { id: data.id, status: 'Approved' }, superToken);
  expect(approved.status).toBe('OK');
});

test('the admin sets a password from the invitation mail', async ({ page }, testInfo) => {
  const link = linkIn(await waitForMail(adminEmail, 'invitation'));
  await page.goto(link);
  await expect(page.getByLabel('Email')).toHaveValue(adminEmail);
  await checkPage(page, testInfo, 'usersetup');
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Re-enter Password').fill('Different@2026');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Re-enter Password').fill(firstPassword);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password reset has been successfull! Thank you')).toBeVisible();
  await checkPage(page, testInfo, 'usersetup-success');

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('Link got deactivated')).toBeVisible();
  await page.goto('/usersetup?token=not-a-real-token');
  await expect(page.getByText('This link seems to be broken.')).toBeVisible();
});

test('wrong credentials show the banner', async ({ page }, testInfo) => {
  await signIn(page, adminEmail, 'Wrong@Pass1');
  await expect(page.getByText('Email OR Password is Incorrect')).toBeVisible();
  await checkPage(page, testInfo, 'login-failed');
});

test('the admin signs in with the password and signs out', async ({ page }, testInfo) => {
  await page.goto('/login');
  await checkPage(page, testInfo, 'login');
  await signIn(page, adminEmail, firstPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Newcomer Distillers').first()).toBeVisible();
  // The header names the person who registered, not the company.
  await expect(page.getByText('Neha Kulkarni').first()).toBeVisible();
  await checkPage(page, testInfo, 'dashboard');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone: a signed-in page sends the visitor back to /login.
  await page.goto('/passwordreset');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin signs in with an emailed one-time code', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Login with OTP' }).click();
  await page.getByLabel('Email', { exact: true }).fill(adminEmail);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Generate OTP' }).click();
  await expect(page.getByRole('button', { name: /Regenerate OTP in \d+s/ })).toBeDisabled();
  await checkPage(page, testInfo, 'login-otp');
  const code = codeIn(await waitForMail(adminEmail, 'otp', since));
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the admin changes the password on /passwordreset', async ({ page }, testInfo) => {
  await signIn(page, adminEmail, firstPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/passwordreset');
  await checkPage(page, testInfo, 'passwordreset');
  await page.getByLabel('Old Password').fill(firstPassword);
  await page.getByLabel('New Password').fill(secondPassword);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password change has been successfull! Thank you')).toBeVisible();
  // Signed out by the change: the answer keeps the centred sign-in style.
  await expect(page.locator('body')).toHaveClass(/login-background/);
  const card = page.locator('section.auth-card');
  await expect(card).toContainText('Password change has been successfull! Thank you');
  const box = (await card.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(width * 0.2);
  await checkPage(page, testInfo, 'passwordreset-success');

  await signIn(page, adminEmail, firstPassword);
  await expect(page.getByText('Email OR Password is Incorrect')).toBeVisible();
  await signIn(page, adminEmail, secondPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('public pages: home and error', async ({ page }, testInfo) => {
  await page.goto('/home');
  await expect(page.getByText('We are getting ready. See you soon!')).toBeVisible();
  await checkPage(page, testInfo, 'home');
  await page.goto('/error');
  await expect(page.getByText('There is an error. No user role assigned.')).toBeVisible();
  await checkPage(page, testInfo, 'error');
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
});
