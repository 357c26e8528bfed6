import { expect, test, type Page } from '@playwright/test';
import { csrfToken } from '../support/offers';
import { DESKTOP, PHONE } from '../support/screens';
import { ADA, signInThroughApi } from '../support/session';
import { isolate } from '../support/bidi';

// issue 8 §6 "What a candidate walking the site hit" (1280 and 375 px, keyboard, real Chromium): each defect
// the walk found, walked again. The flows that use up a demo offer are in walk-offers.spec.ts.
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const;

/** The page's own scripts have taken over the server's markup (hydration is over). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
}

for (const [width, viewport] of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('offers that can no longer be acted on show View, never a primary Start', async ({ page }) => {
      await signInThroughApi(page, ADA);
      for (const offerId of ['offer-ada-expired', 'offer-ada-declined', 'offer-ada-canceled']) {
        await page.goto(`/careers/offer/${offerId}`);
        const main = page.getByRole('main');
        await expect(main.getByRole('link', { name: `View ${isolate('Offer letter')}` })).toBeVisible();
        await expect(main.getByRole('link', { name: /^Start/ })).toHaveCount(0);
        await expect(main.getByRole('link', { name: `View ${isolate('Offer letter')}` })).not.toHaveClass(/ui-button--primary/);
      }
    });

    test('a job page that is saved and in the cart hydrates without an error (#418) and says so', async ({ page }) => {
      await signInThroughApi(page, ADA);
      const token = await csrfToken(page);
      const saved = await page.request.post('/api/pcsx/positions/saved', { headers: { 'x-csrf-token': token }, data: { position_id: 5, action: 'save' } });
      expect(saved.status()).toBe(200);
      const cart = await page.request.post('/api/pcsx/job_cart', { headers: { 'x-csrf-token': token }, data: { pids: ['5'], operation: 'add' } });
      expect(cart.status()).toBe(200);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await expect.poll(async () => (await (await page.request.get('/careers/job/5')).text()).includes('data-server-rendered'), { timeout: 15_000 }).toBe(true);
      await page.goto('/careers/job/5');
      await hydrated(page);
      await expect(page.getByRole('button', { name: 'In cart' })).toBeVisible();
      expect(problems.filter((text) => /418|hydrat/i.test(text))).toEqual([]);
      await page.request.post('/api/pcsx/job_cart', { headers: { 'x-csrf-token': await csrfToken(page) }, data: { pids: ['5'], operation: 'remove' } });
    });

    test('Save and Add to cart keep keyboard focus on the button they toggle', async ({ page }) => {
      await signInThroughApi(page, ADA);
      await page.goto('/careers/job/8');
      await hydrated(page);
      const actions = page.getByRole('main');
      const save = actions.getByRole('button', { name: /^(Save|Saved)$/ });
      const before = (await save.textContent())?.trim();
      // A press while the button's request is in flight is ignored (aria-busy): each press waits for the last.
      const settled = async (name: string) => {
        const button = actions.getByRole('button', { name });
        await expect(button).toBeFocused();
        await expect(button).not.toHaveAttribute('aria-busy', 'true');
      };
      await save.focus();
      await page.keyboard.press('Enter');
      await settled(before === 'Saved' ? 'Save' : 'Saved');
      await page.keyboard.press('Enter');
      await settled(before === 'Saved' ? 'Saved' : 'Save');

      const cart = actions.getByRole('button', { name: /^(Add to cart|In cart)$/ });
      const inCart = (await cart.textContent())?.includes('In cart');
      await cart.focus();
      await page.keyboard.press('Enter');
      await settled(inCart ? 'Add to cart' : 'In cart');
      await page.keyboard.press('Enter');
      await settled(inCart ? 'In cart' : 'Add to cart');
      await expect(page.locator('body')).not.toBeFocused();
    });

    test('from the top of a job page, Apply then Save are the first Tabs after "Skip to content" (the announcement is skipped too)', async ({ page }) => {
      await page.goto('/careers/job/12');
      await hydrated(page);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Enter');
      const save = page.getByRole('main').getByRole('button', { name: /^(Save|Saved)$/ });
      let tabs = 0;
      while (tabs < 6) {
        await page.keyboard.press('Tab');
        tabs += 1;
        if (await save.evaluate((element) => element === document.activeElement)) break;
      }
      // Apply (issue 9) comes first, then Save.
      expect(tabs).toBe(3);
    });

    test('unknown /careers paths answer 404 and show the 404 screen; searches by path stay 200', async ({ page }) => {
      for (const path of ['/careers/a/b/c', '/careers/dashboard/extra', '/careers/offers/extra']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      }
      expect((await page.goto('/careers/engineer'))?.status()).toBe(200);
    });

    test('a map pin counts what its search finds, and the search names its radius "This place only"', async ({ page }) => {
      await page.goto('/careers?tab=map');
      await page.getByText(/^Jobs by location/).click();
      const place = page.getByRole('button', { name: /^Bogotá, DC, Colombia\s*\d+ jobs$/ });
      const pinJobs = Number(/(\d+) jobs$/.exec((await place.textContent()) ?? '')?.[1]);
      expect(pinJobs).toBeGreaterThan(0);
      const answer = page.waitForResponse((response) => response.url().includes('/api/pcsx/search') && response.url().includes('latlong='));
      await place.click();
      const body = (await (await answer).json()) as { count: number };
      expect(body.count).toBe(pinJobs);
      await expect(page.getByRole('button', { name: /^Remove filter .*: This place only$/ })).toBeVisible();
      await expect(page.getByText(/Within 0 mi/)).toHaveCount(0);
    });

    test('the location field suggests the site\'s own places as the candidate types, typos forgiven, by keyboard', async ({ page }) => {
      await page.goto('/careers?query=engineer');
      await hydrated(page);
      const field = page.getByRole('combobox', { name: 'Location' });
      await field.fill('Lond');
      await expect(page.getByRole('option', { name: /^London, / })).toBeVisible();
      await field.fill('Mancheter');
      const manchester = page.getByRole('option', { name: /^Manchester, / });
      await expect(manchester).toBeVisible();
      await field.press('ArrowDown');
      await expect(field).toHaveAttribute('aria-activedescendant', (await manchester.getAttribute('id')) ?? 'missing');
      await field.press('Enter');
      await expect(field).toHaveValue(/^Manchester, /);
      const answer = page.waitForResponse((response) => response.url().includes('/api/pcsx/search') && response.url().includes('Manchester'));
      await field.press('Enter');
      expect(((await (await answer).json()) as { count: number }).count).toBeGreaterThan(0);
    });

    test('the sign-in page: its heading follows the tab, the password rule is said once, and a toggle shows the password', async ({ page }) => {
      await page.goto('/careers/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await page.getByRole('tab', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Create account' });
      const password = form.getByLabel(/^Password/);
      await password.fill('short');
      await form.getByRole('button', { name: 'Create account' }).click();
      await expect(form.getByText(/at least 10 characters/)).toHaveCount(1);
      const toggle = form.getByRole('button', { name: 'Show password' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect(password).toHaveAttribute('type', 'text');
      await toggle.click();
      await expect(password).toHaveAttribute('type', 'password');
    });
  });
}

test.describe('at 375 px only', () => {
  test.use({ viewport: PHONE });

  test('a search with a location does not scroll sideways, and All filters fits the screen', async ({ page }) => {
    await page.goto('/careers?query=engineer&location=London');
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Distance' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: /All filters/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375 + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the letter opens fit to the width of a phone and says the scale it really draws at', async ({ page }) => {
    await signInThroughApi(page, ADA);
    await page.goto('/careers/offer/offer-ada-expired/offer-document/doc-ada-expired-letter');
    const viewer = page.getByRole('main').locator('.pdf-viewer');
    await expect(page.getByRole('main').getByText(/^Page 1 of \d+$/).first()).toBeVisible({ timeout: 20_000 });
    const canvas = viewer.locator('.pdf-viewer__page canvas');
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0, { timeout: 20_000 }).toBeGreaterThan(150);
    const box = await canvas.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    const percent = Number(/^(\d+)%$/.exec((await viewer.locator('.pdf-viewer__zoom').textContent()) ?? '')?.[1]);
    expect(percent).toBeLessThan(100);
    expect(Math.abs(percent - Math.round((box!.width / 816) * 100))).toBeLessThanOrEqual(2);
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.locator('.pdf-viewer__zoom')).toHaveText('50%');
    // Back out to the fitted width (a phone's toolbar has no Fit button).
    await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(viewer.locator('.pdf-viewer__zoom')).toHaveText(`${percent}%`);
    await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });
});

test.describe('at 1280 px only', () => {
  test.use({ viewport: DESKTOP });

  test('opening a result moves focus to its details, where Save is a Tab or two away', async ({ page }) => {
    await signInThroughApi(page, ADA);
    await page.goto('/careers?query=engineer');
    await hydrated(page);
    const results = page.getByRole('list', { name: 'Jobs' });
    const second = results.getByRole('link').nth(1);
    const name = ((await second.textContent()) ?? '').trim();
    await second.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('complementary').getByRole('heading', { level: 2, name });
    await expect(heading).toBeFocused();
    let tabs = 0;
    while (tabs < 5) {
      await page.keyboard.press('Tab');
      tabs += 1;
      if (await page.getByRole('complementary').getByRole('button', { name: /^(Save|Saved)$/ }).evaluate((element) => element === document.activeElement)) break;
    }
    expect(tabs).toBeLessThanOrEqual(2);
  });
});
