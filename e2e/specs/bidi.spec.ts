import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADA, signInThroughApi } from '../support/session';

// Issue 13 "Right-to-left": text a tenant wrote keeps its own direction on an Arabic page. The demo tenant's
// application form asks "Where do you live?" (apps/server/src/startup/seed/demo-forms.ts) in English; on
// /careers/apply?hl=ar it must not read "?Where do you live".
test.use({ reducedMotion: 'reduce' });

const JOB = 5;

async function openInArabic(page: Page, path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}hl=ar`);
  await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** The element's computed direction and, for its text, where its first and last characters are drawn. */
function layoutOf(locator: Locator) {
  return locator.evaluate((element) => {
    const text = Array.from(element.childNodes).find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (!text) throw new Error('no text of its own');
    const length = (text.textContent ?? '').length;
    const charBox = (index: number) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect();
    };
    return { direction: getComputedStyle(element).direction, firstLeft: charBox(0).left, lastLeft: charBox(length - 1).left };
  });
}

test('a tenant form label in English on the Arabic apply page reads left to right, its question mark at its end', async ({ page }) => {
  await signInThroughApi(page, ADA);
  await openInArabic(page, `/careers/apply?pid=${JOB}`);
  const label = page.locator('label', { hasText: 'Where do you live?' });
  await expect(label).toBeVisible();
  // The label itself stays the page's (right-to-left, aligned to the start); the tenant's words inside it are isolated.
  expect(await label.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  const words = label.locator('bdi, [dir="auto"]').filter({ hasText: 'Where do you live?' });
  const layout = await layoutOf(words);
  expect(layout.direction).toBe('ltr');
  // "W" is drawn left of "?": "Where do you live?", not "?Where do you live".
  expect(layout.lastLeft).toBeGreaterThan(layout.firstLeft);
  // Our own words around it are still Arabic, right to left.
  expect(await page.locator('html').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
});

test('a job title in English on the Arabic job page takes its own direction', async ({ page }) => {
  await openInArabic(page, `/careers/job/${JOB}`);
  const title = page.locator('.job-detail__title').first();
  await expect(title).toBeVisible();
  expect((await layoutOf(title)).direction).toBe('ltr');
});
