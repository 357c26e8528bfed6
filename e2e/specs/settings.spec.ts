import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/axe';
import { signInThroughApi } from '../support/session';

const arabic = (namespace: string) => JSON.parse(readFileSync(new URL(`../../packages/i18n/locales/ar/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
const arAccount = arabic('account');
const arCommon = arabic('common');

/**
 * Issue 11 "Settings and their own data" and issue 13 "Locale choice", at a phone's and a desktop's width:
 * language (with <html lang dir>), time zone, notifications, the data export, deleting an account, and
 * QUALITY T24 (nothing personal left in the browser after sign-out).
 */
const WIDTHS = [375, 1280] as const;

/** A fresh candidate, signed up and bootstrapped through the API, signed in on `page`. */
async function freshCandidate(page: Page, tag: string): Promise<{ email: string; password: string }> {
  const email = `settings-${tag}-${Date.now()}@example.org`;
  const password = 'settings-e2e-password';
  const me = await page.request.get('/api/auth/me');
  const token = me.headers()['x-csrf-token'] ?? '';
  const signup = await page.request.post('/api/auth/signup', { headers: { 'x-csrf-token': token }, data: { email, password, firstName: 'Set', lastName: 'Tings' } });
  expect(signup.status(), await signup.text()).toBe(201);
  const next = signup.headers()['x-csrf-token'] ?? token;
  await page.request.post('/api/pcsx/onboarding', { headers: { 'x-csrf-token': next }, data: {} });
  await page.request.post('/api/pcsx/profile_bootstrap', { headers: { 'x-csrf-token': next }, data: { firstName: 'Set', lastName: 'Tings', location: 'Leeds' } });
  return { email, password };
}

/** The app has taken over the server's markup (before that it is inert, and a change would be replayed late). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/careers/settings');
  const heading = page.getByRole('heading', { name: 'Account settings' });
  if (!(await heading.isVisible().catch(() => false))) {
    // A new account may still be asked for its location first (profile bootstrapping).
    const location = page.getByLabel('Location');
    if (await location.isVisible().catch(() => false)) {
      await location.fill('Leeds');
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  }
  await expect(heading).toBeVisible();
  await hydrated(page);
}

for (const width of WIDTHS) {
  test.describe(`settings at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('language (with <html lang dir>), time zone and notifications are saved; axe finds nothing serious', async ({ page }) => {
      // Two axe passes over the whole settings page: slow on a loaded 2-core host.
      test.setTimeout(120_000);
      await freshCandidate(page, `prefs-${width}`);
      await openSettings(page);
      expect(await seriousViolations(page)).toEqual([]);

      const language = page.getByLabel('Interface language');
      await language.selectOption('ar');
      await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await expect(page.getByText('Your preferences have been saved.')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // The server renders the next page in the saved language from its first byte.
      const html = await (await page.request.get('/careers/settings')).text();
      expect(/<html[^>]*>/.exec(html)?.[0]).toBe('<html lang="ar" dir="rtl">');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await hydrated(page);
      // The page reads in Arabic now: its labels are the Arabic catalogue's.
      await expect(page.getByLabel(arAccount.preferences!.timeZone!)).toHaveValue('Asia/Tokyo');
      expect(await seriousViolations(page)).toEqual([]);

      // The footer's switcher saves the preference for a signed-in candidate.
      await page.getByRole('combobox', { name: arCommon.language!.label!, exact: true }).selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      await page.getByRole('checkbox', { name: 'On this site' }).uncheck();
      await page.getByRole('button', { name: 'Save notification settings' }).click();
      await expect(page.getByText('Your notification settings have been saved.')).toBeVisible();
      const saved = await (await page.request.get('/api/account/preferences')).json();
      expect(saved.preferences).toEqual({ locale: 'en', timeZone: 'Asia/Tokyo', emailNotifications: true, inAppNotifications: false });
    });

    test('a visitor switches language in the footer: hl on the address, <html lang dir> change', async ({ page }) => {
      await page.goto('/careers');
      await hydrated(page);
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('he');
      await expect(page).toHaveURL(/[?&]hl=he/);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    });

    test('downloads all my data: waits until ready, the zip holds data.json with every section', async ({ page }) => {
      await signInThroughApi(page, { email: 'ada@acme.example', password: 'lovelace-demo-1' });
      await openSettings(page);
      const section = page.getByRole('region', { name: 'Download your data' });
      const start = section.getByRole('button', { name: /Prepare (my data|a new copy)/ });
      await start.click();
      const link = section.getByRole('link', { name: /Download ZIP/ });
      await expect(link).toBeVisible({ timeout: 20_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      const zip = await JSZip.loadAsync(await readFile(path));
      const data = JSON.parse((await zip.file('data.json')?.async('string')) ?? '{}') as Record<string, unknown>;
      for (const name of ['account', 'preferences', 'sessions', 'savedJobs', 'jobCart', 'applications', 'drafts', 'formRequests', 'offers', 'notifications', 'emails']) {
        expect(data, name).toHaveProperty(name);
      }
      expect(Object.keys(zip.files).some((name) => name.startsWith('files/offers/'))).toBe(true);
    });

    test('deletes a freshly signed-up account after a typed confirmation, and says so', async ({ page }) => {
      const { email, password } = await freshCandidate(page, `delete-${width}`);
      await openSettings(page);
      const section = page.getByRole('region', { name: 'Delete your account' });
      await expect(section.getByText('What the company keeps')).toBeVisible();
      await section.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(/Email address or password/).fill(email);
      await confirm.click();
      await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me.userStore.isLoggedIn).toBe(false);
      const again = await page.request.post('/api/auth/login', {
        headers: { 'x-csrf-token': (await page.request.get('/api/auth/me')).headers()['x-csrf-token'] ?? '' },
        data: { email, password },
      });
      expect(again.status()).toBe(401);
    });
  });
}

test('T24: after sign-out no personal data remains in localStorage, sessionStorage, Cache Storage or IndexedDB', async ({ page }) => {
  await signInThroughApi(page, { email: 'ada@acme.example', password: 'lovelace-demo-1' });
  await page.goto('/careers/offers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Something personal kept by the site (the offers seen) and by anyone else on the page.
  await page.evaluate(async () => {
    window.localStorage.setItem('hasVisitedOffer', JSON.stringify(['offer-ada-extended']));
    window.sessionStorage.setItem('careers.personal.test', 'ada@acme.example');
    const cache = await caches.open('careers-test');
    await cache.put('/careers/offers', new Response('ada@acme.example'));
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('careers-test', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('kept');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
  });
  await openSettings(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/careers\/?(\?.*)?$/);
  const left = await page.evaluate(async () => ({
    local: Object.keys(window.localStorage),
    session: Object.keys(window.sessionStorage),
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(left).toEqual({ local: [], session: [], caches: [], databases: [] });
});
