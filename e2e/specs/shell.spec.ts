import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { captureWidths } from '../support/screens';
import { ADA, ADMIN, signInThroughApi } from '../support/session';

test.describe('the shell', () => {
  test('home shows the tenant hero, banner, search form and footer, and searches', async ({ page }, testInfo) => {
    await page.goto('/careers');
    await expect(page).toHaveTitle('Careers at Acme Robotics');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Announcement' })).toBeVisible();
    await expect(page.getByText('Powered by Careers Portal')).toBeVisible();
    await captureWidths(page, testInfo, 'home');

    await page.getByLabel('Search jobs').fill('robotics engineer');
    await page.getByRole('combobox', { name: 'Location' }).fill('London');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/careers\?query=robotics\+engineer&location=London/);
  });

  test('home has no serious accessibility violations', async ({ page }) => {
    await page.goto('/careers');
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('an unknown careers page shows the 404 screen', async ({ page }, testInfo) => {
    await page.goto('/careers/this-page-does-not-exist/really/not');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await captureWidths(page, testInfo, 'not-found');
  });

  test('settings for a signed-in candidate at phone and desktop widths', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    await page.goto('/careers/settings');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await captureWidths(page, testInfo, 'settings');
  });

  for (const [who, account, showsDetails] of [
    ['an admin', ADMIN, true],
    ['a candidate', ADA, false],
  ] as const) {
    test(`a crash shows the 500 screen; technical details only for ${who}`, async ({ page }, testInfo) => {
      await signInThroughApi(page, account);
      await page.goto('/careers');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The heading is in the server-rendered HTML: wait until the app itself has taken over the page.
      await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
      // Every script requested from now on fails: opening a lazily loaded screen crashes the render.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.getByRole('button', { name: new RegExp(`Account menu for ${account.name}`) }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
      if (showsDetails) {
        await page.getByText('Technical details').click();
        await expect(page.getByText(/Loading chunk SettingsRoute failed/).first()).toBeVisible();
      } else {
        await expect(page.getByText('Technical details')).toHaveCount(0);
      }
      await captureWidths(page, testInfo, `error-${showsDetails ? 'admin' : 'candidate'}`);
    });
  }
});
