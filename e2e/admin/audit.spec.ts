// The audit log (issue 3, part 6): a company's review, deletion and restore are listed on /audit, newest first,
// and the filters by company, object type, user and date narrow the list.
import { expect, test } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { call, ok, registerCompany, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { columnOf, menuLink, signInAs } from '../support/ui';

const stamp = Date.now();
const company = { name: `Audited Spirits ${stamp}`, email: `admin-${stamp}@audited.example` };
let companyId = 0;
let superAdminId = 0;

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The same day as the filters show and take it: dd-MM-yyyy like the rest of the app. */
const shownDay = (offsetDays: number) => isoDay(offsetDays).split('-').reverse().join('-');

test.beforeAll(async () => {
  // This spec's own changes: a registration, approved, deleted and restored by the SuperAdmin.
  const token = await tokenFor(SUPER_ADMIN.email, SUPER_ADMIN.password);
  companyId = (await registerCompany(company)).id;
  await ok('updateCompanyStatus', { id: companyId, status: 'Approved' }, token);
  await ok('deleteCompany', { company_id: companyId }, token);
  await ok('undeleteCompany', { company_id: companyId }, token);
  superAdminId = (await call<{ user: { id: number } }>('refreshUser', {}, token)).data.user.id;
});

test('the SuperAdmin finds the changes of a company on /audit and filters the log', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Audit Log').click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect(log).toBeVisible();
  await checkPage(page, testInfo, 'audit');

  // By company and object type: the company's story, newest first.
  const filters = page.getByRole('form', { name: 'Audit log filters' });
  await filters.getByLabel('Company', { exact: true }).selectOption({ label: `${company.name} (Seller)` });
  await filters.getByLabel('Object type').selectOption('company');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`company=${companyId}`));
  await expect(page).toHaveURL(/object=company/);
  await expect
    .poll(() => columnOf(log, 3))
    .toEqual(['company.restored', 'company.deleted', 'company.approved', 'company.registered']);
  expect(new Set(await columnOf(log, 2))).toEqual(new Set([company.name]));
  expect(new Set(await columnOf(log, 4))).toEqual(new Set([`company #${companyId}`]));
  // The SuperAdmin made the last three changes; the registration came from a visitor.
  expect((await columnOf(log, 1)).slice(0, 3)).toEqual(Array(3).fill(`Platform Admin (#${superAdminId})`));
  await checkPage(page, testInfo, 'audit-company');

  // By user and date range: the SuperAdmin's changes of the last days include this company's.
  await filters.getByLabel('Company', { exact: true }).selectOption('');
  await filters.getByLabel('Object type').selectOption('');
  // The acting user by part of their email, any case.
  await filters.getByLabel('User (name, email or id)').fill(SUPER_ADMIN.email.toUpperCase().split('@')[0]!);
  await filters.getByLabel('From (dd-mm-yyyy)').fill('31-02-2026');
  await expect(filters.getByText('Enter a date as dd-mm-yyyy.')).toBeVisible();
  await filters.getByLabel('From (dd-mm-yyyy)').fill(shownDay(1));
  await filters.getByLabel('To (dd-mm-yyyy)').fill(shownDay(-1));
  await expect(filters.getByText('The start date is after the end date.')).toBeVisible();
  await checkPage(page, testInfo, 'audit-filter-errors');
  await filters.getByLabel('From (dd-mm-yyyy)').fill(shownDay(-1));
  await filters.getByLabel('To (dd-mm-yyyy)').fill(shownDay(1));
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/user=ROOT/);
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(-1)}`));
  // Back from the URL, the form shows the day as it was typed.
  await page.reload();
  await expect(filters.getByLabel('From (dd-mm-yyyy)')).toHaveValue(shownDay(-1));
  await expect
    .poll(async () => new Set(await columnOf(log, 1)))
    .toEqual(new Set([`Platform Admin (#${superAdminId})`]));
  await expect(log.getByRole('row').filter({ hasText: company.name }).first()).toBeVisible();

  // Service fee changes are there too (the demo rates).
  await filters.getByLabel('User (name, email or id)').fill('');
  await filters.getByLabel('From (dd-mm-yyyy)').fill('');
  await filters.getByLabel('To (dd-mm-yyyy)').fill('');
  await filters.getByLabel('Object type').selectOption('fee');
  await filters.getByRole('button', { name: 'Apply' }).click();
  // The table before Apply may hold fee entries too (the Platform Admin made the demo rates): wait for a table of
  // fee entries only, which is the filtered one.
  await expect
    .poll(async () => {
      const objects = await columnOf(log, 4);
      return objects.length > 0 && objects.every((object) => object.startsWith('fee #'));
    })
    .toBe(true);
  expect(new Set(await columnOf(log, 3)).has('fee.created')).toBe(true);
  await checkPage(page, testInfo, 'audit-fees');

  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(filters.getByLabel('Object type')).toHaveValue('');
});
