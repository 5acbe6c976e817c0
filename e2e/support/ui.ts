import { expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { call, rememberToken } from './api';

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

// The web app keeps its session in localStorage under this key (apps/web/src/app/session.ts).
const SESSION_KEY = 'spirit.session';
const sessions = new Map<string, string>();

/**
 * Signs in through the login page the first time an account is used in this worker; later calls put the saved
 * session back into the browser while the server still accepts it. (The server allows an account 10 sign-ins in
 * 5 minutes, fewer than a whole run needs.) Leaves the page on /dashboard or /error. Sessions are the suite's
 * server's: a page of another server (a spec's own processes) always signs in through its login page.
 */
export async function signInAs(page: Page, email: string, password: string) {
  const key = email.toLowerCase();
  // A page of the origin without the app (the health check's JSON): the saved session goes into its storage
  // before the app first starts, so each sign-in starts the app once, on /dashboard, instead of twice.
  await page.goto('/healthz');
  const ours = new URL(page.url()).origin === new URL(BASE_URL).origin;
  const saved = ours ? sessions.get(key) : undefined;
  if (saved) {
    const { token } = JSON.parse(saved) as { token: string };
    if ((await call('refreshUser', {}, token)).status === 'OK') {
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SESSION_KEY, saved] as const);
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/(dashboard|error)$/);
      return;
    }
  }
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/(dashboard|error)$/);
  const stored = await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY);
  if (stored && ours) {
    sessions.set(key, stored);
    rememberToken(key, (JSON.parse(stored) as { token: string }).token);
  }
}

/** The confirm dialog (PrimeReact ConfirmDialog) showing `message`. */
export function confirmDialog(page: Page, message: string): Locator {
  return page.getByRole('dialog').filter({ hasText: message });
}

/** The body row of a table that mentions `text`. */
export function rowOf(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text });
}

/** The text of column `index` in every body row of `table`, read in one go (the table may re-render meanwhile). */
export async function columnOf(table: Locator, index: number): Promise<string[]> {
  return table.evaluate(
    (t: HTMLTableElement, i: number) =>
      Array.from(t.tBodies[0]?.rows ?? []).map((row) => (row.cells[i]?.textContent ?? '').trim()),
    index,
  );
}

/** The first cell's text of every body row of `table`. */
export function firstColumn(table: Locator): Promise<string[]> {
  return columnOf(table, 0);
}

/** Searches a list: types into its search box and presses Enter. */
export async function searchList(page: Page, label: string, text: string) {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(text);
  await box.press('Enter');
  // The list keeps its search in the URL (ui/use-list-state.ts): wait for it, so that what follows (a row's link
  // remembering where to come back to) sees the searched list, not the one before.
  await expect(page).toHaveURL((url) => (url.searchParams.get('search') ?? '') === text.trim());
}

/** Today in India Standard Time as dd-MM-yyyy, the app's date format. */
export function todayInIndia(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** The value of a read-only field in a details list (`<dt>label</dt><dd>value</dd>`). */
export function detailOf(page: Page, label: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('..')
    .getByRole('definition');
}

/** A link of the side menu, by its exact label (or a pattern, for an entry carrying a count). */
export function menuLink(page: Page, name: string | RegExp): Locator {
  return page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name, exact: typeof name === 'string' });
}
