import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { pseudoLocalize } from '../../packages/i18n/src/pseudo-locale';
import { seriousViolations } from '../support/axe';
import { catalogue, openIn, settled, type Tree } from '../support/locale-pages';
import { DESKTOP, PHONE } from '../support/screens';
import { ADA, signInThroughApi } from '../support/session';

// Issue 13 "Checks": the pseudo-locale's layout pass at 375 px, right-to-left (ar, he) from the first byte,
// no English left on the first screens, the footer's switch, and axe in ar and ja at both widths.
test.use({ reducedMotion: 'reduce' });

const PSEUDO = 'en-XA';
const SHOTS = '/tmp/locale-shots';
const JOB = 5;
const OFFER = 'offer-ada-extended';
function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`)));
}

async function openSignIn(page: Page, locale: string): Promise<void> {
  await openIn(page, '/careers', locale);
  await page.getByRole('navigation').first().locator('button').filter({ hasText: /\S/ }).last().click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/**
 * Text that does not fit: each visible element with text of its own whose content is wider than its box
 * (scrollWidth > clientWidth + 1) unless it is made to scroll or ellipsize, or that reaches past the window's
 * edges; and the document scrolling sideways.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) found.push(`document: ${document.documentElement.scrollWidth} > ${width}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      if (element.closest('[aria-hidden="true"], .visually-hidden, .sr-only, script, style, svg, canvas, iframe, .leaflet-container')) continue;
      const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (!ownText) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden text (clip)
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      const ellipsis = style.textOverflow === 'ellipsis';
      if (!scrolls && !ellipsis && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) found.push(`${describe(element)}: ${element.scrollWidth} > ${element.clientWidth}`);
      // Inside a scroller (tabs, tables), reaching past the window is the scroller's business.
      let scroller = element.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (!scroller && (rect.right > width + 1 || rect.left < -1)) found.push(`${describe(element)}: ${Math.round(rect.left)}…${Math.round(rect.right)} outside 0…${width}`);
    }
    return found;
  });
}

/** Every text the page shows or gives to assistive technology: visible lines, accessible names, placeholders. */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines = document.body.innerText.split('\n').map((line) => line.trim());
    const attributes = Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')).flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [...lines, ...attributes.map((value) => value.trim())].filter((text) => text !== '');
  });
}

/**
 * Tenant content that happens to equal a catalogue string: the demo tenant names its employment types itself
 * (searchOptionsMap, apps/server/src/startup/seed/demo-tenants.ts), and a tenant's own labels win.
 */
const TENANT_LABELS = new Set(['Full time', 'Part time', 'Contract']);

/** The English catalogue strings of `namespaces` that a page in `locale` still shows (the translation differs). */
async function englishLeft(page: Page, locale: string, namespaces: readonly string[]): Promise<string[]> {
  const shown = await shownTexts(page);
  const left: string[] = [];
  for (const namespace of namespaces) {
    const translated = new Map(strings(catalogue(locale, namespace)));
    for (const [key, english] of strings(catalogue('en', namespace))) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const ownValues = [...translated.entries()].filter(([k]) => k === key || k.replace(/_(zero|one|two|few|many|other)$/, '') === base).map(([, v]) => v);
      // Too little fixed text to tell ("Job {id}" would match a tenant's "Job type"), or the same in both languages.
      if (ownValues.includes(english) || english.replace(/\{[^}]*\}/g, '').replace(/[^A-Za-z]/g, '').length < 6) continue;
      const pattern = new RegExp(`^${english.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`);
      const hit = shown.find((text) => pattern.test(text) && !TENANT_LABELS.has(text));
      if (hit) left.push(`${namespace}:${key} "${hit}"`);
    }
  }
  return left;
}

test.describe(`the pseudo-locale ${PSEUDO} at 375 px: no clipped or overflowing text`, () => {
  test.use({ viewport: PHONE });

  test('is the page language from the first byte, made from English (accented, longer), not offered in the switcher', async ({ page }) => {
    const html = await (await page.request.get(`/careers?hl=${PSEUDO}`)).text();
    expect(/<html[^>]*>/.exec(html)?.[0]).toMatch(/lang="en-XA"/);
    expect(html).toContain(pseudoLocalize('Sign in'));
    await openIn(page, '/careers', PSEUDO);
    await expect(page.getByRole('navigation').first()).toContainText(pseudoLocalize('Sign in'));
    const options = await page.locator('.language-switcher__select option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(options).toHaveLength(38);
    expect(options).not.toContain(PSEUDO);
    // Not chosen from a browser's languages.
    const negotiated = await (await page.request.get('/careers', { headers: { 'accept-language': 'en-XA' } })).text();
    expect(/<html[^>]*>/.exec(negotiated)?.[0]).toMatch(/lang="en"/);
  });

  const signedOut: [string, (page: Page) => Promise<void>][] = [
    ['search results', (page) => openIn(page, '/careers', PSEUDO)],
    ['a job page', (page) => openIn(page, `/careers/job/${JOB}`, PSEUDO)],
    ['the sign-in modal', (page) => openSignIn(page, PSEUDO)],
  ];
  const signedIn: [string, string][] = [
    ['apply', `/careers/apply?pid=${JOB}`],
    ['dashboard', '/careers/dashboard'],
    ['settings', '/careers/settings'],
    ['offers', '/careers/offers'],
    ['an offer', `/careers/offer/${OFFER}`],
  ];
  for (const [name, go] of signedOut) {
    test(name, async ({ page }) => {
      await go(page);
      expect(await overflowing(page)).toEqual([]);
    });
  }
  for (const [name, path] of signedIn) {
    test(`${name} (as Ada)`, async ({ page }) => {
      await signInThroughApi(page, ADA);
      await openIn(page, path, PSEUDO);
      await expect(page.getByRole('main')).toContainText(/[ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž]{3}/);
      expect(await overflowing(page)).toEqual([]);
    });
  }
});

for (const locale of ['ar', 'he'] as const) {
  test.describe(`right to left in ${locale}`, () => {
    test('<html lang dir> from the first byte of the response', async ({ page }) => {
      for (const path of ['/careers', `/careers/job/${JOB}`]) {
        const response = await page.request.get(`${path}?hl=${locale}`);
        const html = await response.text();
        const tag = /<html[^>]*>/.exec(html)?.[0] ?? '';
        expect(html.indexOf(tag)).toBeLessThan(200);
        expect(tag).toContain(`lang="${locale}"`);
        expect(tag).toContain('dir="rtl"');
      }
    });

    for (const [label, viewport] of [['375', PHONE], ['1280', DESKTOP]] as const) {
      test(`navbar, search and job page mirror at ${label} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await openIn(page, '/careers', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        const nav = page.getByRole('navigation').first();
        const items = await nav.locator('a, button').evaluateAll((nodes) =>
          nodes.filter((node) => (node as HTMLElement).offsetParent !== null).map((node) => node.getBoundingClientRect()).map((rect) => ({ left: rect.left, right: rect.right })),
        );
        expect(items.length).toBeGreaterThan(1);
        // The first item (home/brand) sits at the inline start, the right; the last one left of it.
        const first = items[0]!;
        const last = items[items.length - 1]!;
        expect(first.right).toBeGreaterThan(viewport.width / 2);
        expect(last.left).toBeLessThan(first.left);
        // The skip link, when focused, appears at the right.
        await page.keyboard.press('Tab');
        const skip = await page.evaluate(() => {
          const rect = document.activeElement?.getBoundingClientRect();
          return rect ? { left: rect.left, right: rect.right } : null;
        });
        expect(skip?.right ?? 0).toBeGreaterThan(viewport.width / 2);
        // Search: the query field's text starts at the right.
        const field = page.getByRole('main').getByRole('searchbox').or(page.getByRole('main').getByRole('combobox')).first();
        if (await field.count()) expect(await field.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
        expect(await englishLeft(page, locale, ['common', 'search', 'jobcart', 'auth'])).toEqual([]);
        await openIn(page, `/careers/job/${JOB}`, locale);
        const heading = page.getByRole('main').getByRole('heading', { level: 1 });
        const box = await heading.boundingBox();
        expect(box).not.toBeNull();
        const main = await page.getByRole('main').boundingBox();
        // The job's title starts at the right edge of the page's content.
        expect(main!.x + main!.width - (box!.x + box!.width)).toBeLessThan(box!.x - main!.x + 1);
        expect(await englishLeft(page, locale, ['common', 'positions', 'jobcart'])).toEqual([]);
      });
    }
  });
}

test('the footer language switcher goes from ar to ja and back', async ({ page }) => {
  await openIn(page, '/careers', 'ar');
  const select = page.locator('footer .language-switcher__select');
  await select.selectOption('ja');
  await expect(page).toHaveURL(/[?&]hl=ja/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('navigation').first()).toContainText(String((catalogue('ja', 'common').shell as Tree & { navbar: Tree }).navbar.signIn));
  await settled(page);
  await select.selectOption('ar');
  await expect(page).toHaveURL(/[?&]hl=ar/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation').first()).toContainText(String((catalogue('ar', 'common').shell as Tree & { navbar: Tree }).navbar.signIn));
});

for (const locale of ['ar', 'ja'] as const) {
  for (const [label, viewport] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    test(`axe in ${locale} at ${label} px: no serious or critical finding on the main screens`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const findings: string[] = [];
      const check = async (name: string) => findings.push(...(await seriousViolations(page)).map((finding) => `${name}: ${finding}`));
      await openIn(page, '/careers', locale);
      await check('search');
      await openIn(page, `/careers/job/${JOB}`, locale);
      await check('job');
      await openSignIn(page, locale);
      await check('sign-in');
      await page.goto(`/careers/no-such-page?hl=${locale}`);
      await settled(page);
      await check('404');
      await signInThroughApi(page, ADA);
      for (const [name, path] of [['apply', `/careers/apply?pid=${JOB}`], ['dashboard', '/careers/dashboard'], ['settings', '/careers/settings'], ['offers', '/careers/offers']] as const) {
        await openIn(page, path, locale);
        await check(name);
      }
      expect(findings).toEqual([]);
    });
  }
}

test('screenshots to look at: ar at 375 and 1280 px, the pseudo-locale at 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInThroughApi(page, ADA);
  const screens = [['search', '/careers'], ['job', `/careers/job/${JOB}`], ['apply', `/careers/apply?pid=${JOB}`], ['offer', `/careers/offer/${OFFER}`], ['offers', '/careers/offers'], ['dashboard', '/careers/dashboard']] as const;
  for (const [locale, widths] of [['ar', [['375', PHONE], ['1280', DESKTOP]]], [PSEUDO, [['375', PHONE]]]] as const) {
    for (const [label, viewport] of widths) {
      await page.setViewportSize(viewport);
      for (const [name, path] of screens) {
        await openIn(page, path, locale);
        await page.screenshot({ path: `${SHOTS}/${locale}-${name}-${label}.png`, fullPage: true });
      }
    }
  }
});

test('no flash of English: the apply page in de never shows its English heading or lede, from the first byte on', async ({ page }) => {
  await signInThroughApi(page, ADA);
  const english = catalogue('en', 'apply') as Tree & { lede: Tree; title: Tree };
  const german = catalogue('de', 'apply') as Tree & { lede: Tree };
  const englishTexts = [String(english.lede.signedIn), String(english.title.one).replace(' {title}', '')];
  // Every text the page's body ever holds, from the parser's first node on, recorded before any script runs.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const html = await (await page.request.get(`/careers/apply?pid=${JOB}&hl=de`)).text();
  for (const text of englishTexts) expect(html).not.toContain(text);
  await openIn(page, `/careers/apply?pid=${JOB}`, 'de');
  await expect(page.getByRole('main')).toContainText(String(german.lede.signedIn));
  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  expect(seen.length).toBeGreaterThan(0);
  for (const text of englishTexts) expect(seen.filter((body) => body.includes(text))).toEqual([]);
});
