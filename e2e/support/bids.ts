// What the bid journeys share: the demo accounts, the seller Negotiator who manages an offer, acting in a browser
// context of one's own, and confirming an action with the one-time code mailed to the acting user.
import { expect, type Browser, type Page } from '@playwright/test';
import { call, codeIn, findMail, ok, tokenFor } from './api';
import { signInAs } from './ui';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_BUYER = 'negotiator@punjab-bottling.example';
const SELLER_NEGOTIATORS = ['deccan-distilleries', 'ganga-grain', 'kaveri-malt'].flatMap((d) => [
  `negotiator@${d}.example`,
  `negotiator2@${d}.example`,
]);

/** The demo seller Negotiator who manages an offer (the one getOfferById lets edit it). */
export async function negotiatorOf(offerId: number): Promise<string> {
  for (const email of SELLER_NEGOTIATORS) {
    const token = await tokenFor(email, DEMO_PASSWORD);
    try {
      if ((await ok<{ can_edit: boolean }>('getOfferById', { id: offerId }, token)).can_edit) return email;
    } catch {
      // another company's offer: not found
    }
  }
  throw new Error(`no demo Negotiator manages offer ${offerId}`);
}

/** Confirms the action waiting in the one-time-code dialog with the code mailed to `email`. */
export async function confirmWithCode(page: Page, email: string) {
  const panel = page.getByRole('dialog', { name: 'Confirm with a one-time code' });
  await expect(panel).toBeVisible();
  const since = Date.now() - 1_000;
  await panel.getByRole('button', { name: 'Generate OTP' }).click();
  // A code mailed in the last minute (the demo seed approves with real codes at start, and another spec may have
  // just asked for this user's) makes the server wait: the panel counts down, then offers to resend. Whichever
  // comes — the mail, or the notice — is waited for; `isVisible` alone would look once, before the answer.
  const wait = panel.getByText('Please wait before requesting another OTP');
  const deadline = Date.now() + 90_000;
  let mail = await findMail(email, 'otp', since);
  for (let resent = false; !mail; mail = await findMail(email, 'otp', since)) {
    if (Date.now() > deadline) throw new Error(`no otp mail to ${email}`);
    if (!resent && (await wait.isVisible())) {
      const resend = panel.getByRole('button', { name: 'Resend OTP', exact: true });
      await expect(resend).toBeEnabled({ timeout: 70_000 });
      await resend.click();
      resent = true;
    }
    await page.waitForTimeout(200);
  }
  const code = codeIn(mail);
  await panel.getByLabel('OTP', { exact: true }).fill(code);
  await panel.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(panel).toBeHidden();
}

/** Signs `email` in, in a browser context of its own, and runs `act` on a fresh page. */
export async function actAs(browser: Browser, email: string, act: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAs(page, email, DEMO_PASSWORD);
    await act(page);
  } finally {
    await context.close();
  }
}

/** Opens `email`'s approval window through the API with the mailed code (waiting out the 60 s resend rule). */
export async function stepUp(email: string) {
  const token = await tokenFor(email, DEMO_PASSWORD);
  for (let tries = 0; ; tries++) {
    const since = Date.now() - 1_000;
    const sent = await call('generateUserOTP', {}, token);
    if (sent.status !== 'OK') {
      if (tries > 3) throw new Error(`generateUserOTP ${email}: ${sent.error}`);
      await new Promise((r) => setTimeout(r, 20_000));
      continue;
    }
    for (let i = 0; i < 50; i++) {
      const mail = await findMail(email, 'otp', since);
      if (mail) return ok('verifyOTP', { otp: codeIn(mail) }, token);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
