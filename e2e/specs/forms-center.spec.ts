import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signedScanPdf } from '../support/offers';
import { DESKTOP, PHONE } from '../support/screens';
import { ADA, signInThroughApi } from '../support/session';
import { isolate } from '../support/bidi';

// Issue 9 "Forms center and onboarding" against the real server and the demo seed (seed-applications.ts: Ada's
// Equipment form open, Preboarding in progress, the handbook completed). Submitting is final, so the file runs
// in order on one fresh database (e2e/run.mjs): the preboarding form is filled at 1280 px, the Equipment form
// at 375 px, and each is then seen read-only.
test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** Opens the forms center and moves to `tab` with the keyboard (arrow keys and End on the tab list). */
async function openTabByKeyboard(page: Page, keys: string[], tab: RegExp): Promise<void> {
  await page.goto('/careers/forms/center');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.getByRole('tab', { name: /^Open/ }).focus();
  for (const key of keys) await page.keyboard.press(key);
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: tab })).toBeFocused();
}

test.describe('forms center', () => {
  test('1280 px: Ada fills the preboarding form, meets the SIN and SSN checks first, submits it and sees it read-only', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signInThroughApi(page, ADA);
    await openTabByKeyboard(page, ['ArrowRight'], /^In progress/);
    await expect(page).toHaveURL(/\/careers\/forms\/center\?tab=in_progress$/);
    await expectNoSeriousViolations(page, 'forms center');

    await page.getByRole('link', { name: `Continue: ${isolate('Preboarding')}` }).click();
    await expect(page).toHaveURL(/\/careers\/forms\?id=form-request-ada-preboarding$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Preboarding' })).toBeVisible();
    // What was saved before is there.
    await expect(page.getByRole('textbox', { name: /Full legal name/ })).toHaveValue('Augusta Ada King');
    await expectNoSeriousViolations(page, 'form view');

    await page.getByLabel(/Date of birth/).fill('1815-12-10');
    // Canada asks for a SIN, judged on blur.
    await page.getByRole('radio', { name: 'Canada' }).check();
    const sin = page.getByRole('textbox', { name: /Social insurance number/ });
    await sin.fill('046 45');
    await sin.blur();
    await expect(page.getByText('Social insurance number is invalid. Enter in the format of XXX-XXX-XXX.')).toBeVisible();
    // The United States ask for an SSN instead; the SIN leaves with its country.
    await page.getByRole('radio', { name: 'United States' }).check();
    await expect(sin).toBeHidden();
    const ssn = page.getByRole('textbox', { name: /Social security number/ });
    await ssn.pressSequentially('12345');
    await page.getByRole('button', { name: 'Submit form' }).click();
    await expect(page.getByText('Social security number is invalid. Enter in the format of XXX-XX-XXXX.')).toBeVisible();
    await ssn.fill('');
    await ssn.pressSequentially('123456789');
    await expect(ssn).toHaveValue('123-45-6789');

    await page.getByRole('textbox', { name: /Contact name/ }).fill('Charles Babbage');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('4155552671');
    await page.getByLabel(/Photo ID/).setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: await signedScanPdf('Ada Lovelace') });
    await expect(page.getByText(/passport\.pdf/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 10_000 });

    await page.getByRole('button', { name: 'Submit form' }).click();
    await expect(page).toHaveURL(/\/careers\/forms\/center\?tab=completed$/, { timeout: 15_000 });
    await expect(page.getByText(`Thank you. “${isolate('Preboarding')}” has been submitted.`)).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Completed/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^Completed/ })).toContainText('2');
    await expect(page.getByRole('tab', { name: /^In progress/ })).toContainText('0');

    await page.getByRole('link', { name: `View: ${isolate('Preboarding')}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preboarding' })).toBeVisible();
    await expect(page.getByText(/^Submitted on /)).toBeVisible();
    await expect(page.getByText('•••-••-6789')).toBeVisible();
    await expect(page.getByText('passport.pdf')).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit form' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'completed form view');
  });

  test('375 px: Ada starts the equipment form, is told what is missing, submits it and finds it completed', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    await signInThroughApi(page, ADA);
    await openTabByKeyboard(page, ['End'], /^Completed/);
    await expect(page.getByRole('main').getByRole('article', { name: 'Preboarding' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: /^Open/ })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page, 'forms center at 375 px');

    await page.getByRole('link', { name: `Start: ${isolate('Equipment')}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
    await expectNoSeriousViolations(page, 'form view at 375 px');
    await page.getByRole('button', { name: 'Submit form' }).click();
    await expect(page.getByRole('group', { name: /Laptop/ }).getByText(/required/)).toBeVisible();
    await page.getByRole('radio', { name: 'ThinkPad' }).check();
    await page.getByRole('checkbox', { name: 'I would like an external monitor' }).check();
    await page.getByRole('button', { name: 'Submit form' }).click();
    await expect(page).toHaveURL(/\/careers\/forms\/center\?tab=completed$/, { timeout: 15_000 });
    await page.getByRole('link', { name: `View: ${isolate('Equipment')}` }).click();
    await expect(page.getByText('ThinkPad')).toBeVisible();
    await expect(page.getByRole('main').getByRole('radio')).toHaveCount(0);
  });

  test('the onboarding page shows everything done once the forms are submitted', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInThroughApi(page, ADA);
    await page.goto('/careers/onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome aboard' })).toBeVisible();
    await expect(page.getByText('You are all set. Everything the team asked for has been submitted.')).toBeVisible();
    await expectNoSeriousViolations(page, 'onboarding');
  });
});
