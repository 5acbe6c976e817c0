// A company Admin's users (issue 3, part 2): add a user who gets a set-password link by mail and shows Inactive,
// send the credentials again, the user activates the account, archive and unarchive with the spec's prompts.
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailsTo, waitForMailCount } from '../support/api';
import { checkPage } from '../support/page-checks';
import { confirmDialog, menuLink, rowOf, searchList, signIn, signInAs, solveCaptcha } from '../support/ui';

const ADMIN = { email: 'admin@deccan-distilleries.example', password: 'Demo@2026' };
const stamp = Date.now();
const user = { name: `Asha Pawar ${stamp}`, email: `asha-${stamp}@deccan-distilleries.example`, mobile: '9822001122' };
const userPassword = 'Asha@2026';

test.describe.configure({ mode: 'serial' });

const usersTable = (page: Page, view: 'Active' | 'Archived' = 'Active') =>
  page.getByRole('table', { name: `${view} users` });

async function openUsers(page: Page) {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'Users').click();
  await expect(page).toHaveURL(/\/userslist$/);
}

test('the Admin adds a user, who shows as Inactive', async ({ page }, testInfo) => {
  await openUsers(page);
  await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
  // The demo team: roles and distilleries one per line.
  const demo = rowOf(usersTable(page), 'Sanjay Deshmukh');
  await expect(demo.getByRole('listitem')).not.toHaveCount(0);
  await expect(demo).toContainText('Approver');
  // Archiving yourself always fails: not offered on your own row.
  const me = rowOf(usersTable(page), ADMIN.email);
  await expect(me.getByRole('link', { name: /^Edit / })).toBeVisible();
  await expect(me.getByRole('button', { name: /^Archive / })).toHaveCount(0);
  await expect(demo.getByRole('button', { name: 'Archive Sanjay Deshmukh' })).toBeVisible();
  await checkPage(page, testInfo, 'userslist');

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/adduser$/);
  await expect(page.getByRole('heading', { name: 'Add User Details' })).toBeVisible();
  await page.getByLabel('Email').fill('asha@');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('*required and must be a valid email')).toBeVisible();
  await checkPage(page, testInfo, 'adduser-invalid');

  // An email already in use is refused with a clear message.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Mobile Number').fill(user.mobile);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This email is already in use').first()).toBeVisible();
  await expect(page).toHaveURL(/\/adduser$/);

  await page.getByLabel('Email').fill(user.email);
  await checkPage(page, testInfo, 'adduser-filled');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created successfully. The credentials were sent by mail.')).toBeVisible();
  await expect(page).toHaveURL(/\/userslist$/);
  await waitForMailCount(user.email, 'invitation', 1);

  await searchList(page, 'Search users', user.name);
  const row = rowOf(usersTable(page), user.name);
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText(user.email);
  await checkPage(page, testInfo, 'userslist-new-user');

  // Edit: the form is filled in and says 'Update User'.
  await row.getByRole('link', { name: `Edit ${user.name}` }).click();
  await expect(page).toHaveURL(/\/adduser\/\d+$/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await checkPage(page, testInfo, 'adduser-edit');
  await page.getByLabel('Mobile Number').fill('9822003344');
  await page.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/userslist$/);
  await searchList(page, 'Search users', user.name);
  await expect(rowOf(usersTable(page), user.name)).toContainText('9822003344');

  // The clear icon empties the search and lists everyone again.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rowOf(usersTable(page), 'Sanjay Deshmukh')).toBeVisible();
});

test('the Admin sends the credentials again to the inactive user', async ({ page }, testInfo) => {
  await openUsers(page);
  await searchList(page, 'Search users', user.name);
  const row = rowOf(usersTable(page), user.name);
  const send = row.getByRole('button', { name: `Send credentials to ${user.name}` });

  await send.click();
  const ask = confirmDialog(page, 'Are you sure you want to send user credentials?');
  await expect(ask).toBeVisible();
  await checkPage(page, testInfo, 'userslist-confirm-credentials');
  await ask.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Sending credentials was cancelled')).toBeVisible();
  expect(await mailsTo(user.email, 'invitation')).toHaveLength(1);

  await send.click();
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Sending user credentials...')).toBeVisible();
  await expect(page.getByText('User credentials sent successfully')).toBeVisible();
  await waitForMailCount(user.email, 'invitation', 2);
});

test('the new user activates the account from the latest invitation mail', async ({ page }, testInfo) => {
  const [latest, earlier] = await waitForMailCount(user.email, 'invitation', 2);
  // A fresh link replaces the earlier one.
  await page.goto(linkIn(earlier!));
  await expect(page.getByText(/Link got deactivated|This link seems to be broken\./)).toBeVisible();

  await page.goto(linkIn(latest!));
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await checkPage(page, testInfo, 'usersetup-new-user');
  await page.getByLabel('Password', { exact: true }).fill(userPassword);
  await page.getByLabel('Re-enter Password').fill(userPassword);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password reset has been successfull! Thank you')).toBeVisible();

  // No mapping yet, so no role: the password sign-in lands on /error.
  await signIn(page, user.email, userPassword);
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByText('There is an error. No user role assigned.')).toBeVisible();
  await checkPage(page, testInfo, 'error-no-role');

  await openUsers(page);
  await searchList(page, 'Search users', user.name);
  const row = rowOf(usersTable(page), user.name);
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Send credentials to ${user.name}` })).toHaveCount(0);
});

test('the Admin archives the user and unarchives them; a mapped user cannot be archived', async ({
  page,
}, testInfo) => {
  await openUsers(page);

  // A user named in a mapping stays: the message names the mapping.
  const mapped = rowOf(usersTable(page), 'Rohan Patil');
  await mapped.getByRole('button', { name: 'Archive Rohan Patil' }).click();
  await confirmDialog(page, 'Are you sure you want to Archive?').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/This user is mapped in ".+"\. Remove the user from the mapping first\./)).toBeVisible();
  await expect(mapped).toBeVisible();

  await searchList(page, 'Search users', user.name);
  await rowOf(usersTable(page), user.name)
    .getByRole('button', { name: `Archive ${user.name}` })
    .click();
  const askArchive = confirmDialog(page, 'Are you sure you want to Archive?');
  await expect(askArchive).toBeVisible();
  await checkPage(page, testInfo, 'userslist-confirm-archive');
  // Escape cancels like No, and says so.
  await page.keyboard.press('Escape');
  await expect(page.getByText('Archive operation cancelled')).toBeVisible();
  await rowOf(usersTable(page), user.name)
    .getByRole('button', { name: `Archive ${user.name}` })
    .click();
  await askArchive.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('User archived successfully')).toBeVisible();
  await expect(page.getByText('No Data Found')).toBeVisible();

  const views = page.getByRole('group', { name: 'Show' });
  await views.getByRole('button', { name: 'Archived' }).click();
  await expect(views.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
  const archived = rowOf(usersTable(page, 'Archived'), user.name);
  await expect(archived).toBeVisible();
  // Archived users are not edited and not sent credentials; they can only be unarchived.
  await expect(archived.getByRole('link', { name: `Edit ${user.name}` })).toHaveCount(0);
  await checkPage(page, testInfo, 'userslist-archived');

  await archived.getByRole('button', { name: `Unarchive ${user.name}` }).click();
  await confirmDialog(page, 'Are you sure you want to UnArchive?').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('User unarchived successfully')).toBeVisible();
  await expect(page.getByText('No Data Found')).toBeVisible();

  await views.getByRole('button', { name: 'Active' }).click();
  await expect(rowOf(usersTable(page), user.name)).toContainText('Active');
});
