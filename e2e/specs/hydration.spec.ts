import { expect, test, type Page } from '@playwright/test';
import { ADA, signInThroughApi } from '../support/session';

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/**
 * Opens `path` and reports whether the app kept the server's markup: the first element the server drew
 * is remembered before any script runs, then compared once the app has taken the page over.
 */
async function openAndTakeOver(page: Page, path: string) {
  // The server renders within a time budget, and a cold first render can miss it (the page then goes
  // out unrendered, which is correct but not what is tested here): ask until it comes back rendered.
  await expect
    .poll(async () => (await (await page.request.get(path)).text()).includes('data-server-rendered'), { timeout: 15_000 })
    .toBe(true);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const markup = document.querySelector('[data-server-rendered]');
      (window as unknown as { serverDrawn: Element | null }).serverDrawn = markup?.firstElementChild ?? null;
    });
  });
  await page.goto(path);
  await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  return page.evaluate((errors) => {
    const drawn = (window as unknown as { serverDrawn: Element | null }).serverDrawn;
    const wasRendered = drawn !== null;
    const kept = wasRendered && drawn.isConnected && document.getElementById('root')?.firstElementChild?.firstElementChild === drawn;
    return { wasRendered, kept, problems: errors };
  }, problems);
}

test.describe('hydration of the server-rendered first screen', () => {
  const pages: [string, string, boolean][] = [
    ['the search page', '/careers?query=engineer', false],
    ['a job page', '/careers/job/1', false],
    ['the offers list', '/careers/offers', true],
    ['the dashboard', '/careers/dashboard', true],
    ['the profile', '/careers/profile', true],
  ];
  for (const [name, path, signedIn] of pages) {
    for (const [width, agent] of [
      [375, PHONE_AGENT],
      [1280, undefined],
    ] as const) {
      test(`${name} at ${width} px keeps the server's DOM and logs no hydration error`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 800 }, ...(agent ? { userAgent: agent } : {}) });
        const page = await context.newPage();
        if (signedIn) await signInThroughApi(page, ADA);
        const { wasRendered, kept, problems } = await openAndTakeOver(page, path);
        expect(problems).toEqual([]);
        expect(wasRendered).toBe(true);
        expect(kept).toBe(true);
        await context.close();
      });
    }
  }

  test('a desktop guess on a phone-width window is redrawn for the phone after hydration', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await expect.poll(async () => (await (await page.request.get('/careers')).text()).includes('data-viewport="desktop"')).toBe(true);
    await page.goto('/careers');
    await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
    await expect(page.locator('img.hero__image')).toHaveAttribute('src', /hero-phone/);
    expect(problems).toEqual([]);
  });

  test('a desktop search page has all the code its first screen needs before the app takes over', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await (await page.request.get('/careers?query=engineer')).text()).includes('data-server-rendered')).toBe(true);
    await page.goto('/careers?query=engineer');
    await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
    // The job pane beside the results is a lazy chunk: it was loaded before the app took over (route-preload.ts).
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(loaded.filter((path) => /^\/assets\/position-pane-[\w-]+\.js$/.test(path))).toHaveLength(1);
    // The pane then fetches its job (its answer's schema loads with it, lib/lazy-schema.ts) and shows it.
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    // From here no script can load: what is still on its way (the search's extras) is left out, the page stays whole.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.waitForTimeout(1000);
    await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  test("the tenant HTML the server drew is what the browser's sanitizer makes of it (stored when the config was written)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await (await page.request.get('/careers')).text()).includes('data-server-rendered')).toBe(true);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const drawn = (selector: string) => document.querySelector(`[data-server-rendered] ${selector}`)?.innerHTML ?? null;
        (window as unknown as { serverDrawn: unknown }).serverDrawn = { banner: drawn('.custom-banner__content'), footer: drawn('.site-footer__custom') };
      });
    });
    await page.goto('/careers');
    await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/sanitize-')))).toBe(true);
    const { serverDrawn, browserMade } = await page.evaluate(async () => {
      const boot = JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}') as {
        tenant: { config: { pcsxConfig: { branding: { customPageSections: { customPcsBanner: { html: string }; footer: { html: string } } } } } };
      };
      const sections = boot.tenant.config.pcsxConfig.branding.customPageSections;
      // The sanitizer chunk the app loaded for the tenant HTML (a server-rendered page announces no scripts).
      const chunk = performance.getEntriesByType('resource').find((entry) => /\/assets\/sanitize-[^/]*\.js$/.test(new URL(entry.name).pathname))?.name ?? '';
      const { sanitizeHtml } = (await import(chunk)) as { sanitizeHtml(html: string): string };
      return {
        serverDrawn: (window as unknown as { serverDrawn: unknown }).serverDrawn,
        browserMade: { banner: sanitizeHtml(sections.customPcsBanner.html), footer: sanitizeHtml(sections.footer.html) },
      };
    });
    expect(browserMade.banner).toContain('<strong>Hiring event:</strong>');
    expect(serverDrawn).toEqual(browserMade);
  });
});
