import { expect, type Page } from '@playwright/test';

/** Ticks the captcha checkbox and waits until the proof of work is solved. */
export async function solveCaptcha(page: Page) {
  await page.getByLabel("I'm not a robot").check();
  await expect(page.getByText('Verified', { exact: false })).toBeVisible({ timeout: 20_000 });
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
