// A company Admin's distilleries and mappings (issue 3, parts 3 and 4): register a distillery, map it per distillery
// to a negotiator, an authorizer and an approver, map two more centrally; the mapped negotiator then signs in
// holding the derived role.
import { expect, test } from '@playwright/test';
import { call, gstOf, linkIn, ok, tokenFor, waitForMail } from '../support/api';
import { checkPage } from '../support/page-checks';
import { menuLink, rowOf, searchList, signInAs, solveCaptcha } from '../support/ui';

const ADMIN = { email: 'admin@ganga-grain.example', password: 'Demo@2026' };
const GANGA_PAN = 'AAGCG5678L';
const stamp = Date.now();
const digits = String(stamp).slice(-5);
const domain = 'ganga-grain.example';

const distillery = { name: `Meerut Works ${stamp}`, licence: `upl/${digits}/2026` };
const central = [`Agra Unit ${stamp}`, `Aligarh Unit ${stamp}`];
const groupName = `North Group ${stamp}`;
const people = {
  negotiator: { name: `Nikhil Negi ${stamp}`, email: `nikhil-${stamp}@${domain}`, mobile: '9811000001' },
  authorizer: { name: `Alka Awasthi ${stamp}`, email: `alka-${stamp}@${domain}`, mobile: '9811000002' },
  approver: { name: `Prakash Pandey ${stamp}`, email: `prakash-${stamp}@${domain}`, mobile: '9811000003' },
};
const centralPeople = {
  negotiator: { name: `Charu Chauhan ${stamp}`, email: `charu-${stamp}@${domain}`, mobile: '9811000004' },
  authorizer: { name: `Dinesh Dubey ${stamp}`, email: `dinesh-${stamp}@${domain}`, mobile: '9811000005' },
  approver: { name: `Esha Sinha ${stamp}`, email: `esha-${stamp}@${domain}`, mobile: '9811000006' },
};
const negotiatorPassword = 'Nikhil@2026';

test.describe.configure({ mode: 'serial' });

/** Users added through the API as the Admin's Add User form sends them; each gets an invitation mail. */
async function addUsers(list: { name: string; email: string; mobile: string }[]) {
  const token = await tokenFor(ADMIN.email, ADMIN.password);
  for (const u of list) {
    await ok(
      'createUser',
      { email: u.email, name: u.name, mobile_number: u.mobile, is_company_registration: false },
      token,
    );
  }
}

test('the Admin registers a distillery: sorted states, licence pattern, Save → /distilleries', async ({
  page,
}, testInfo) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'Distilleries').click();
  await expect(page).toHaveURL(/\/distilleries$/);
  await expect(rowOf(page.getByRole('table', { name: 'Distilleries' }), 'Meerut Distillery')).toBeVisible();
  await checkPage(page, testInfo, 'distilleries');

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/adddistillery$/);
  await expect(page.getByRole('heading', { name: 'Add Distillery' })).toBeVisible();
  const state = page.getByLabel('State');
  await expect(state.getByRole('option', { name: 'Uttar Pradesh' })).toBeAttached();
  const states = (await state.getByRole('option').allTextContents()).slice(1);
  expect(states.length).toBeGreaterThan(20);
  expect(states).toEqual([...states].sort((a, b) => a.localeCompare(b, 'en')));
  await checkPage(page, testInfo, 'adddistillery');

  await page.getByLabel('Name').fill(distillery.name);
  await page.getByLabel('Address').fill('Partapur Industrial Area, Meerut');
  await state.selectOption('Uttar Pradesh');
  const licence = page.getByLabel('License Number');
  await licence.fill('UPL-123');
  await licence.blur();
  await expect(page.getByText('Invalid License number format')).toBeVisible();
  const gst = page.getByLabel('GST Number');
  await gst.fill('09ABC');
  await gst.blur();
  await expect(page.getByText('Invalid GST number format')).toBeVisible();
  await checkPage(page, testInfo, 'adddistillery-invalid');

  await licence.fill(distillery.licence);
  await expect(licence).toHaveValue(distillery.licence.toUpperCase());
  // A valid GSTIN of Maharashtra (27) does not belong to a distillery in Uttar Pradesh.
  await gst.fill(gstOf(GANGA_PAN, '27'));
  await gst.blur();
  await expect(page.getByText('This GST number is registered in Maharashtra, not Uttar Pradesh')).toBeVisible();
  await expect(gst).toHaveAttribute('aria-invalid', 'true');
  await gst.fill(gstOf(GANGA_PAN, '09'));
  await expect(page.getByText('Invalid License number format')).toHaveCount(0);
  await expect(page.getByText('This GST number is registered in Maharashtra, not Uttar Pradesh')).toHaveCount(0);
  await expect(page.getByText('Invalid GST number format')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Distillery created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/distilleries$/);

  await searchList(page, 'Search distilleries', distillery.name);
  const row = rowOf(page.getByRole('table', { name: 'Distilleries' }), distillery.name);
  await expect(row).toContainText('Uttar Pradesh');
  await expect(row).toContainText(distillery.licence.toUpperCase());
  await checkPage(page, testInfo, 'distilleries-new');

  // Editing keeps the values and says 'Update Distillery'.
  await row.getByRole('link', { name: `Edit ${distillery.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Distillery' })).toBeVisible();
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByLabel('Address').fill('Plot 4, Partapur Industrial Area, Meerut');
  await checkPage(page, testInfo, 'adddistillery-edit');
  await page.getByRole('button', { name: 'Update Distillery' }).click();
  await expect(page.getByText('Distillery updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/distilleries$/);
});

test('the Admin maps the distillery on /decentralized/edit to three different users', async ({ page }, testInfo) => {
  await addUsers(Object.values(people));
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'De-Centralized Mappings').click();
  await expect(page).toHaveURL(/\/decentralized$/);
  const list = page.getByRole('table', { name: 'De-centralized mappings' });
  await expect(rowOf(list, 'Kanpur Distillery')).toBeVisible();
  await checkPage(page, testInfo, 'decentralized');

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/decentralized\/edit$/);
  await expect(page.getByRole('heading', { name: 'New De-Centralized Mapping' })).toBeVisible();
  await page.getByLabel('Distillery').selectOption({ label: distillery.name });
  await page.getByLabel('Negotiator').selectOption({ label: people.negotiator.name });
  // The same person twice is refused before anything is sent.
  await page.getByLabel('Authorizer').selectOption({ label: people.negotiator.name });
  await page.getByLabel('Approver').selectOption({ label: people.approver.name });
  await page.getByLabel('Approver').blur();
  // Said once, on the field that repeats the negotiator.
  await expect(page.getByText('Negotiator, authorizer and approver must be three different users')).toHaveCount(1);
  await expect(page.getByLabel('Authorizer')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Approver')).not.toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, testInfo, 'decentralized-form-invalid');

  await page.getByLabel('Authorizer').selectOption({ label: people.authorizer.name });
  await expect(page.getByText('Negotiator, authorizer and approver must be three different users')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mapping created successfully')).toBeVisible();
  await checkPage(page, testInfo, 'decentralized-form-saved');
  // The list follows after five seconds.
  await expect(page).toHaveURL(/\/decentralized$/, { timeout: 10_000 });

  await searchList(page, 'Search mappings', distillery.name);
  const row = rowOf(list, distillery.name);
  await expect(row).toContainText(people.negotiator.name);
  await expect(row).toContainText(people.authorizer.name);
  await expect(row).toContainText(people.approver.name);
  await checkPage(page, testInfo, 'decentralized-new');
});

test('the Admin maps two distilleries centrally on /centralized/edit', async ({ page }, testInfo) => {
  const token = await tokenFor(ADMIN.email, ADMIN.password);
  for (const [i, name] of central.entries()) {
    await ok(
      'createDistill',
      {
        name,
        address: `Industrial Area, ${name}`,
        state: 'Uttar Pradesh',
        license_number: `UPL/${digits}/202${i}`,
      },
      token,
    );
  }
  await addUsers(Object.values(centralPeople));

  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuLink(page, 'Centralized Mappings').click();
  await expect(page).toHaveURL(/\/centralized$/);
  const list = page.getByRole('table', { name: 'Centralized mappings' });
  await expect(rowOf(list, 'Ganga Central Group')).toBeVisible();
  await expect(page.getByLabel('Rows per page').getByRole('option')).toHaveText(['10', '20', '30']);
  await checkPage(page, testInfo, 'centralized');

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/centralized\/edit$/);
  await expect(page.getByRole('heading', { name: 'New Centralized Mapping' })).toBeVisible();
  await page.getByLabel('Group Name').fill(groupName);
  // PrimeReact's multi-select: open it, pick both, close it.
  await page.getByText('Select distilleries').click();
  for (const name of central) await page.getByRole('option', { name }).click();
  // The distillery mapped in the previous test is no longer offered.
  await expect(page.getByRole('option', { name: distillery.name })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByLabel('Negotiator').selectOption({ label: centralPeople.negotiator.name });
  await page.getByLabel('Authorizer').selectOption({ label: centralPeople.authorizer.name });
  await page.getByLabel('Approver').selectOption({ label: centralPeople.approver.name });
  // People of the de-centralized mapping may serve this one too: offered after those in no mapping yet.
  const negotiators = page.getByLabel('Negotiator');
  await expect(negotiators.locator('optgroup').first()).toHaveAttribute('label', 'In no mapping yet');
  await expect(negotiators.locator('optgroup[label="In no mapping yet"] option')).toContainText([
    centralPeople.negotiator.name,
  ]);
  await expect(
    negotiators.locator('optgroup[label="Already in a mapping"] option', { hasText: people.negotiator.name }),
  ).toHaveCount(1);
  await checkPage(page, testInfo, 'centralized-form');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mapping created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/centralized$/, { timeout: 10_000 });
  await searchList(page, 'Search mappings', groupName);
  const row = rowOf(list, groupName);
  for (const name of central) await expect(row.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(row).toContainText(centralPeople.negotiator.name);
  await expect(row).toContainText(centralPeople.authorizer.name);
  await expect(row).toContainText(centralPeople.approver.name);
  await checkPage(page, testInfo, 'centralized-new');

  // The users list shows each mapped user's distilleries and role.
  await menuLink(page, 'Users').click();
  await searchList(page, 'Search users', centralPeople.negotiator.name);
  const user = rowOf(page.getByRole('table', { name: 'Active users' }), centralPeople.negotiator.name);
  await expect(user.getByRole('listitem')).toHaveText([...central, 'Negotiator']);
});

test('the mapped negotiator activates the account and signs in holding the Negotiator role', async ({
  page,
}, testInfo) => {
  const { negotiator } = people;
  await page.goto(linkIn(await waitForMail(negotiator.email, 'invitation')));
  await expect(page.getByLabel('Email')).toHaveValue(negotiator.email);
  await page.getByLabel('Password', { exact: true }).fill(negotiatorPassword);
  await page.getByLabel('Re-enter Password').fill(negotiatorPassword);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password reset has been successfull! Thank you')).toBeVisible();

  await signInAs(page, negotiator.email, negotiatorPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${negotiator.name}`)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Negotiator$/ })).toBeVisible();
  // The menu is the negotiator's: trading screens, none of the Admin's.
  await expect(menuLink(page, 'Item List')).toBeVisible();
  await expect(menuLink(page, 'Users')).toHaveCount(0);
  await checkPage(page, testInfo, 'negotiator-dashboard');

  // The session's user, read again from the server, holds the derived role.
  const refreshed = await call<{ user: { roles: string[] } }>(
    'refreshUser',
    {},
    await tokenFor(negotiator.email, negotiatorPassword),
  );
  expect(refreshed.data.user.roles).toEqual(['Negotiator']);
});

test('the Admin changes the de-centralized mapping: authorizer and approver swap', async ({ page }, testInfo) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/decentralized');
  await searchList(page, 'Search mappings', distillery.name);
  await rowOf(page.getByRole('table', { name: 'De-centralized mappings' }), distillery.name)
    .getByRole('link', { name: `Edit the mapping of ${distillery.name}` })
    .click();
  await expect(page).toHaveURL(/\/decentralized\/edit\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit De-Centralized Mapping' })).toBeVisible();
  await expect(page.getByLabel('Negotiator')).not.toHaveValue('');
  await page.getByLabel('Authorizer').selectOption({ label: people.approver.name });
  await page.getByLabel('Approver').selectOption({ label: people.authorizer.name });
  await checkPage(page, testInfo, 'decentralized-form-edit');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User updated successfully!').first()).toBeVisible();
  // Back to the list the Admin came from, its search kept.
  await expect(page).toHaveURL(/\/decentralized\?search=/, { timeout: 10_000 });

  await page.goto('/decentralized');
  await searchList(page, 'Search mappings', distillery.name);
  const cells = rowOf(page.getByRole('table', { name: 'De-centralized mappings' }), distillery.name).getByRole('cell');
  await expect(cells.nth(2)).toHaveText(people.approver.name);
  await expect(cells.nth(3)).toHaveText(people.authorizer.name);
});
