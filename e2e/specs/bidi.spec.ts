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

/**
 * For the text node under `locator` that holds `text`: the computed direction of the element around it, and
 * where its first and last characters are drawn.
 */
function layoutOf(locator: Locator, text: string) {
  return locator.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !(node.textContent ?? '').includes(wanted)) node = walker.nextNode();
    if (!node || !node.parentElement) throw new Error(`no text node with "${wanted}"`);
    const start = (node.textContent ?? '').indexOf(wanted);
    const charBox = (index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect();
    };
    return { direction: getComputedStyle(node.parentElement).direction, firstLeft: charBox(start).left, lastLeft: charBox(start + wanted.length - 1).left };
  }, text);
}

test('a tenant form label in English on the Arabic apply page reads left to right, its question mark at its end', async ({ page }) => {
  await signInThroughApi(page, ADA);
  await openInArabic(page, `/careers/apply?pid=${JOB}`);
  const label = page.locator('label', { hasText: 'Where do you live?' });
  await expect(label).toBeVisible();
  // The label itself stays the page's (right-to-left, aligned to the start); the tenant's words inside it are isolated.
  expect(await label.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  const layout = await layoutOf(label, 'Where do you live?');
  // "W" is drawn left of "?": "Where do you live?", not "?Where do you live".
  expect(layout.lastLeft).toBeGreaterThan(layout.firstLeft);
  expect(layout.direction).toBe('ltr');
  // Our own words around it are still Arabic, right to left.
  expect(await page.locator('html').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
});

test('a job title in English on the Arabic job page takes its own direction', async ({ page }) => {
  await openInArabic(page, `/careers/job/${JOB}`);
  const title = page.locator('.job-detail__title').first();
  await expect(title).toBeVisible();
  expect((await layoutOf(title, (await title.textContent()) ?? '')).direction).toBe('ltr');
});

// Issue 13 "bidi-safe user content": the job's title inside our Arabic sentence "التقديم على وظيفة {title}" is
// a <bdi> of its own: it reads left to right and stays at the sentence's end (its left), our words to its right.
test('the English job title in the Arabic "Apply for {title}" heading is isolated in a <bdi>', async ({ page }) => {
  await signInThroughApi(page, ADA);
  await openInArabic(page, `/careers/apply?pid=${JOB}`);
  const heading = page.getByRole('heading', { level: 1 });
  const title = heading.locator('bdi');
  await expect(title).toHaveCount(1);
  await expect(title).toHaveAttribute('dir', 'auto');
  const name = (await title.textContent()) ?? '';
  expect(name).toMatch(/^[A-Za-z]/);
  // The accessible name is the sentence as written, without isolation marks.
  await expect(heading).toHaveAccessibleName(`التقديم على وظيفة ${name}`);
  expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  const layout = await layoutOf(title, name);
  expect(layout.direction).toBe('ltr');
  expect(layout.lastLeft).toBeGreaterThan(layout.firstLeft);
  // Our Arabic words come first, on the right; the title ends the sentence, on their left.
  const ours = await layoutOf(heading, 'التقديم');
  expect(ours.firstLeft).toBeGreaterThan(layout.lastLeft);
});

// Issue 13 "distances (mi/km by region)": German candidates pick and read kilometres, and the search takes them.
test('the distance filter offers kilometres on a German page and searches with them', async ({ page }) => {
  await page.goto('/careers?location=Boston&hl=de');
  await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
  const select = page.locator('select.filter-select__control');
  await expect(select.locator('option[value="25km"]')).toHaveText('Im Umkreis von 25 km');
  await expect(select.locator('option', { hasText: /mi\b|Meilen/ })).toHaveCount(0);
  const answered = page.waitForResponse((response) => response.url().includes('/api/pcsx/search') && response.url().includes('filter_distance=25km'));
  await select.selectOption('25km');
  expect((await answered).status()).toBe(200);
  await expect.poll(() => new URL(page.url()).searchParams.get('filter_distance')).toBe('25km');
});
