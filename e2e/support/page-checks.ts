// Every page gets an accessibility scan and a screenshot kept as a test artifact.
import axe from 'axe-core';
import { expect, type Page, type TestInfo } from '@playwright/test';

// A toast fading in or out is half transparent for a moment and then fails the contrast rule. The scan looks at
// the page as it settles: transitions end at once (an element is shown or hidden, never half-way).
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; }';

export async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await page.addStyleTag({ content: NO_TRANSITIONS });
  // Keyframe animations still running (not endless ones such as spinners) are waited for, at most 5 s.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const results = await scan(page);
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${name}`).toEqual([]);
  const file = testInfo.outputPath(`${name}.png`);
  // Chromium once never answered a full-page capture (a 60 s hang, the page idle); the screenshot is a record, not
  // the check, so a capture that takes 15 s is taken again at window size.
  await page
    .screenshot({ path: file, fullPage: true, timeout: 15_000 })
    .catch(() => page.screenshot({ path: file, timeout: 15_000 }));
  await testInfo.attach(`${name}.png`, { path: file, contentType: 'image/png' });
}

/**
 * axe-core's every rule over the page, violations only. axe is put into the page once per document (a signed-in
 * journey moves between screens without reloading, so most scans find it there), and its result carries no passes:
 * @axe-core/playwright put its 560 KB source in again on every scan, opened a second page to finish each one and
 * returned every pass, 1.9 s a scan against 0.5 s, on a suite of 135 scans. Frames are not entered: the app's only
 * ones show an uploaded PDF, which is the browser's viewer, not the app (the frame element itself is still checked).
 */
async function scan(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'], iframes: false }),
  );
}
