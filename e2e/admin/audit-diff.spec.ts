// Issue 21 item 15: the audit log shows each changed field as "field: before → after", values whole (a long reason
// wraps instead of being cut with "…"). Desktop and a 390 px phone, axe on each.
import { expect, test } from '@playwright/test';
import { SUPER_ADMIN } from '../playwright.config';
import { ok, registerCompany, tokenFor } from '../support/api';
import { checkPage } from '../support/page-checks';
import { signInAs } from '../support/ui';

const stamp = Date.now();
const company = { name: `Diffed Spirits ${stamp}`, email: `admin-${stamp}@diffed.example` };
const reason =
  'The PAN card uploaded is unreadable and the GST certificate names another company (United Spirits Limited)';
let companyId = 0;

test.beforeAll(async () => {
  const token = await tokenFor(SUPER_ADMIN.email, SUPER_ADMIN.password);
  companyId = (await registerCompany(company)).id;
  await ok('updateCompanyStatus', { id: companyId, status: 'Rejected', reason }, token);
});

for (const [name, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a change reads field: before → after with whole values (${name})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto(`/audit?company=${companyId}&object=company`);
    const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
    const row = log.getByRole('row').filter({ hasText: 'company.rejected' });
    await expect(row).toBeVisible();
    const changes = row.locator('.audit-changes');
    await expect(changes.getByRole('listitem').filter({ hasText: 'status' })).toHaveText('status: Pending → Rejected');
    await expect(changes.getByRole('listitem').filter({ hasText: 'reason' })).toHaveText(`reason: ${reason}`);
    await expect(changes).not.toContainText('…');
    await checkPage(page, testInfo, `audit-diff-${name}`);
  });
}
