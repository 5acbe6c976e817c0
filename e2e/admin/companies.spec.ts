// The SuperAdmin's company review (issue 3, part 1): a registration waits on /prospect, is reviewed with its PAN
// card shown inline and approved; its admin activates the account from the invitation mail. Then the clients list,
// editing, deleting and restoring a company, and resending the set-password link.
import { expect, test } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { linkIn, ok, registerCompany, tokenFor, waitForMail, waitForMailCount } from '../support/api';
import { checkPage } from '../support/page-checks';
import {
  columnOf,
  confirmDialog,
  detailOf,
  firstColumn,
  menuLink,
  rowOf,
  searchList,
  signInAs,
  solveCaptcha,
} from '../support/ui';

const stamp = Date.now();
const company = { name: `Review Spirits ${stamp}`, email: `admin-${stamp}@review.example` };
const renamed = `Renamed Spirits ${stamp}`;
const resend = { name: `Resend Spirits ${stamp}`, email: `admin-${stamp}@resend.example` };
const rejected = { name: `Rejected Spirits ${stamp}`, email: `admin-${stamp}@rejected.example` };
const adminPassword = 'Review@2026';
let companyId = 0;
let pan = '';

test.describe.configure({ mode: 'serial' });

/** Code-unit order of lower-cased names, as the server sorts them. */
function isSorted(names: string[], order: 'asc' | 'desc'): boolean {
  const keys = names.map((n) => n.toLowerCase());
  return keys.every((key, i) => i === 0 || (order === 'asc' ? keys[i - 1]! <= key : keys[i - 1]! >= key));
}

test('a registration waits on /prospect; the SuperAdmin views its details and approves it', async ({
  page,
}, testInfo) => {
  const registered = await registerCompany(company);
  companyId = registered.id;
  pan = registered.registration.pan_no;
  await waitForMail(company.email, 'registration_received');

  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Prospects').click();
  await expect(page).toHaveURL(/\/prospect$/);
  await expect(page.getByRole('heading', { name: 'Prospects' })).toBeVisible();
  const prospects = page.getByRole('table', { name: 'Prospects' });
  await searchList(page, 'Search prospects', company.name);
  const row = rowOf(prospects, company.name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(pan);
  await checkPage(page, testInfo, 'prospect');

  // Notify mails the prospect.
  await row.getByRole('button', { name: `Notify ${company.name}` }).click();
  await expect(page.getByText('Notification sent successfully')).toBeVisible();

  await row.getByRole('link', { name: `View Details of ${company.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/companyinfo/${companyId}$`));
  await expect(page.getByRole('heading', { name: company.name })).toBeVisible();
  await expect(detailOf(page, 'PAN Card Number')).toHaveText(pan);
  await expect(detailOf(page, 'Registered Name')).toHaveText(`${company.name} Private Limited`);
  await expect(detailOf(page, 'Company Spirit')).toHaveText('Molasses ENA, Grain ENA');
  await expect(detailOf(page, 'Status')).toHaveText('Pending');
  // The PAN card, fetched through the access-checked file call, is shown inline.
  await expect(page.getByRole('img', { name: `PAN card of ${company.name}` })).toBeVisible();
  await checkPage(page, testInfo, 'companyinfo-pending');

  // Approval mails the company: it waits for a confirmation.
  await page.getByRole('button', { name: 'Approve' }).click();
  const askApprove = confirmDialog(page, 'Are you sure you want to approve this company?');
  await checkPage(page, testInfo, 'companyinfo-approve-confirm');
  await askApprove.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Approve operation cancelled')).toBeVisible();
  await expect(detailOf(page, 'Status')).toHaveText('Pending');
  await page.getByRole('button', { name: 'Approve' }).click();
  await askApprove.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('You have accepted')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  await waitForMail(company.email, 'company_approved');
});

test('the company admin activates the account from the invitation mail and signs in', async ({ page }, testInfo) => {
  const link = linkIn(await waitForMail(company.email, 'invitation'));
  await page.goto(link);
  await expect(page.getByLabel('Email')).toHaveValue(company.email);
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByLabel('Re-enter Password').fill(adminPassword);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password reset has been successfull! Thank you')).toBeVisible();

  await signInAs(page, company.email, adminPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(company.name).first()).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
  await checkPage(page, testInfo, 'admin-dashboard');

  // The admin sees the company's own information, without the SuperAdmin's actions.
  await menuLink(page, 'Company Info').click();
  await expect(page).toHaveURL(/\/companyinfo$/);
  await expect(page.getByRole('heading', { name: company.name })).toBeVisible();
  await expect(detailOf(page, 'Status')).toHaveText('Approved');
  await expect(page.getByRole('img', { name: `PAN card of ${company.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await checkPage(page, testInfo, 'companyinfo-own');
});

test('the clients list: approved and rejected views, search, name sort and page sizes', async ({ page }, testInfo) => {
  // Four views, a search, two sorts and three page sizes, each checked with axe: more than a minute when busy.
  test.setTimeout(180_000);
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await menuLink(page, 'Clients').click();
  await expect(page).toHaveURL(/\/clients$/);
  const approved = page.getByRole('table', { name: 'Clients: Sellers and Buyers, approved' });
  await expect(approved).toBeVisible();
  const views = page.getByRole('group', { name: 'Show' });
  await expect(views.getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rowOf(approved, 'Deccan Distilleries')).toBeVisible();
  await checkPage(page, testInfo, 'clients');

  // Name order: ascending by default, the header toggles it.
  expect(isSorted(await firstColumn(approved), 'asc')).toBe(true);
  const nameHeader = approved.getByRole('columnheader', { name: /^Name/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort_order=desc/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => isSorted(await firstColumn(approved), 'desc')).toBe(true);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

  // Page sizes: 5 rows, then the next page, then 20.
  const sizes = page.getByLabel('Rows per page');
  await expect(sizes.getByRole('option')).toHaveText(['5', '10', '20', '30']);
  await sizes.selectOption('5');
  await expect(page).toHaveURL(/page_size=5/);
  await expect(page.getByText(/^1–5 of \d+$/)).toBeVisible();
  await expect.poll(() => firstColumn(approved)).toHaveLength(5);
  await page.getByRole('button', { name: 'Next Page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^6–\d+ of \d+$/)).toBeVisible();
  await checkPage(page, testInfo, 'clients-page-2');
  await sizes.selectOption('20');
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();

  // Search on Enter; the admin has set a password, so no Resend Link.
  await searchList(page, 'Search clients', company.name);
  await expect(page).toHaveURL(/search=/);
  await expect.poll(() => firstColumn(approved)).toEqual([company.name]);
  const row = rowOf(approved, company.name);
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /Resend Link/ })).toHaveCount(0);
  await checkPage(page, testInfo, 'clients-search');
  await searchList(page, 'Search clients', `no such company ${stamp}`);
  await expect(page.getByText('No Data Found')).toBeVisible();
  await checkPage(page, testInfo, 'clients-empty');
  await searchList(page, 'Search clients', '');
  // The cleared search is in the address before the next click, which would otherwise start from the old one.
  await expect(page).not.toHaveURL(/search=/);

  // 'Rejected Only' lists rejected and deleted companies.
  await views.getByRole('button', { name: 'Rejected Only' }).click();
  await expect(views.getByRole('button', { name: 'Rejected Only' })).toHaveAttribute('aria-pressed', 'true');
  const rejected = page.getByRole('table', { name: 'Clients: Sellers and Buyers, rejected only' });
  await expect(rejected).toBeVisible();
  await expect(rowOf(rejected, 'Deccan Distilleries')).toHaveCount(0);
  await checkPage(page, testInfo, 'clients-rejected');
  await views.getByRole('button', { name: 'Approved' }).click();
  await expect(rowOf(approved, 'Deccan Distilleries')).toBeVisible();

  // /clients/{type}: one type only.
  await page.goto('/clients/buyer');
  const buyers = page.getByRole('table', { name: 'Clients: Buyers, approved' });
  await expect(rowOf(buyers, 'Punjab Bottling Company')).toBeVisible();
  await expect(rowOf(buyers, 'Deccan Distilleries')).toHaveCount(0);
  await checkPage(page, testInfo, 'clients-buyers');

  // A PAN card uploaded as a PDF is embedded.
  await rowOf(buyers, 'Punjab Bottling Company')
    .getByRole('link', { name: 'View Details of Punjab Bottling Company' })
    .click();
  await expect(page.getByTitle('PAN card of Punjab Bottling Company (PDF)')).toBeVisible();
  await checkPage(page, testInfo, 'companyinfo-pdf');
});

test('the SuperAdmin edits the company: licence pattern, new name, Premium Client', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto(`/companyinfo/${companyId}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/companyedit/${companyId}$`));
  await expect(page.getByRole('heading', { name: 'Company Edit' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(company.name);
  // One styled file control: the card on record, a Replace button, no stray "No file chosen".
  await expect(page.getByText('PAN card on record')).toBeVisible();
  await expect(page.getByText('No file chosen')).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Replace file' }).click();
  expect((await chooser).isMultiple()).toBe(false);
  await checkPage(page, testInfo, 'companyedit');

  await page.getByLabel('Name', { exact: true }).fill(renamed);
  // The registration form has no licence number; the edit form requires one in the ABC/12345/6789 pattern.
  const licence = page.getByLabel('License Number');
  await licence.fill('ABC-12345');
  await licence.blur();
  await expect(page.getByText('Invalid License number format')).toBeVisible();
  await checkPage(page, testInfo, 'companyedit-invalid');
  await licence.fill('abc/12345/6789');
  await expect(licence).toHaveValue('ABC/12345/6789');
  await expect(page.getByText('Invalid License number format')).toHaveCount(0);
  await page.getByLabel('Premium Client').check();

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Company updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/prospect$/);

  await page.goto(`/companyinfo/${companyId}`);
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(detailOf(page, 'Company Name')).toHaveText(renamed);
  await expect(detailOf(page, 'License Number')).toHaveText('ABC/12345/6789');
  await expect(detailOf(page, 'Premium Client')).toHaveText('Yes');
  await checkPage(page, testInfo, 'companyinfo-edited');
});

test('the SuperAdmin deletes the company (after a cancelled try) and restores it', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto(`/companyinfo/${companyId}`);
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const askDelete = confirmDialog(page, 'Are you sure you want to delete this company?');
  await expect(askDelete).toBeVisible();
  await checkPage(page, testInfo, 'companyinfo-confirm-delete');
  await askDelete.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Delete operation cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await askDelete.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Company deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(detailOf(page, 'Status')).toHaveText('Deleted');
  await waitForMail(company.email, 'company_deleted');
  await checkPage(page, testInfo, 'companyinfo-deleted');

  // It is listed under 'Rejected Only', not under Approved.
  await page.goto('/clients');
  await searchList(page, 'Search clients', renamed);
  await expect(page.getByText('No Data Found')).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Rejected Only' }).click();
  const rejected = page.getByRole('table', { name: 'Clients: Sellers and Buyers, rejected only' });
  const row = rowOf(rejected, renamed);
  await expect(row).toContainText('Deleted');
  await checkPage(page, testInfo, 'clients-rejected-deleted');

  await row.getByRole('link', { name: `View Details of ${renamed}` }).click();
  await expect(page).toHaveURL(new RegExp(`/companyinfo/${companyId}$`));
  await expect(detailOf(page, 'Status')).toHaveText('Deleted');
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  const askRestore = confirmDialog(page, 'Are you sure you want to restore this company?');
  await askRestore.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Restore operation cancelled')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await askRestore.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Company restored successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(detailOf(page, 'Status')).toHaveText('Approved');
  await waitForMail(company.email, 'company_restored');
});

test('Resend Link mails a second invitation to an approved company whose admin has no password', async ({
  page,
}, testInfo) => {
  const { id } = await registerCompany({ ...resend, type: 'Buyer' });
  await ok('updateCompanyStatus', { id, status: 'Approved' }, await tokenFor(SUPER_ADMIN.email, SUPER_ADMIN.password));
  const [first] = await waitForMailCount(resend.email, 'invitation', 1);

  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/clients');
  await searchList(page, 'Search clients', resend.name);
  const row = rowOf(page.getByRole('table', { name: 'Clients: Sellers and Buyers, approved' }), resend.name);
  await row.getByRole('button', { name: `Resend Link to ${resend.name}` }).click();
  await expect(page.getByText('A new set-password link was sent to the company admin')).toBeVisible();
  await checkPage(page, testInfo, 'clients-resend-link');

  const [second] = await waitForMailCount(resend.email, 'invitation', 2);
  expect(linkIn(second!)).not.toEqual(linkIn(first!));
});

test('the SuperAdmin rejects a registration; it is listed under Rejected Only', async ({ page }, testInfo) => {
  const { id } = await registerCompany(rejected);
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/prospect');
  await searchList(page, 'Search prospects', rejected.name);
  await rowOf(page.getByRole('table', { name: 'Prospects' }), rejected.name)
    .getByRole('link', { name: `View Details of ${rejected.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/companyinfo/${id}$`));
  // The page itself, not the list it replaces: under load the list stays a moment after the URL changes, and its
  // row's "Notify Rejected Spirits…" button matched a loose "Reject" (the click then opened nothing).
  await expect(detailOf(page, 'Status')).toHaveText('Pending');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const askReject = confirmDialog(page, 'Are you sure you want to reject this company?');
  await askReject.getByLabel('Reason (optional, included in the mail)').fill('The PAN card is unreadable');
  await checkPage(page, testInfo, 'companyinfo-reject-confirm');
  await askReject.getByRole('button', { name: 'Reject company' }).click();
  await expect(page.getByText('You have rejected')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  const mail = await waitForMail(rejected.email, 'company_rejected');
  expect(mail.text_body).toContain('Reason: The PAN card is unreadable');

  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Rejected Only' }).click();
  await searchList(page, 'Search clients', rejected.name);
  const row = rowOf(page.getByRole('table', { name: 'Clients: Sellers and Buyers, rejected only' }), rejected.name);
  await expect(row).toContainText('Rejected');
  await checkPage(page, testInfo, 'clients-rejected-company');
  // A rejected company is no longer a prospect.
  await page.goto('/prospect');
  await searchList(page, 'Search prospects', rejected.name);
  await expect(page.getByText('No Data Found')).toBeVisible();
});

test('the audit log lists the review, edit, deletion and restore of the company', async ({ page }, testInfo) => {
  await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto(`/audit?company=${companyId}&object=company`);
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect
    .poll(() => columnOf(log, 3))
    .toEqual(['company.restored', 'company.deleted', 'company.updated', 'company.approved', 'company.registered']);
  await expect(rowOf(log, 'company.updated')).toContainText(`name: ${company.name} → ${renamed}`);
  await checkPage(page, testInfo, 'audit-company-review');
});
