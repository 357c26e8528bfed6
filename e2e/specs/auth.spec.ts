import { expect, test } from '@playwright/test';
import { ADA } from '../support/session';

test.describe('accounts', () => {
  test('a visitor creates an account, is onboarded, tells us about themselves and reaches settings', async ({ page }) => {
    const email = `e2e-${Date.now()}@example.org`;
    await page.goto('/careers');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Create account' }).click();
    await dialog.getByLabel('First name').fill('Katherine');
    await dialog.getByLabel('Last name').fill('Johnson');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('orbital-mechanics-62');
    await dialog.getByRole('button', { name: 'Create account' }).click();

    // Signed in: the page reloads; a protected page first shows the bootstrapping screen.
    await expect(page.getByRole('button', { name: /Account menu for Katherine Johnson/ })).toBeVisible();
    await page.goto('/careers/settings');
    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await page.getByLabel('Location').fill('Hampton, VA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
  });

  test('Ada signs in on the login page and lands on the page she asked for', async ({ page }) => {
    await page.goto('/careers/login?next=%2Fcareers%2Fsettings');
    await page.getByLabel('Email').fill(ADA.email);
    await page.getByLabel('Password').fill(ADA.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page).toHaveURL(/\/careers\/settings$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByText(ADA.email).first()).toBeVisible();
  });

  test('a wrong password is reported in place without saying whether the email exists', async ({ page }) => {
    await page.goto('/careers/login');
    await page.getByLabel('Email').fill(ADA.email);
    await page.getByLabel('Password').fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    await page.getByLabel('Email').fill('nobody@acme.example');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/careers\/login/);
  });

  test('signing out ends the session: protected pages ask to sign in again', async ({ page }) => {
    await page.goto('/careers/login');
    await page.getByLabel('Email').fill(ADA.email);
    await page.getByLabel('Password').fill(ADA.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('button', { name: /Account menu for Ada Lovelace/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' })).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()).userStore.isLoggedIn).toBe(false);
  });

  test('a protected route opens the sign-in modal; closing it goes back to /careers', async ({ page }) => {
    await page.goto('/careers/settings');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Focus moves into the modal (and is trapped there) so keyboard and screen-reader users land in it.
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/careers$/);
  });

  test('the modal completes the protected route after signing in', async ({ page }) => {
    await page.goto('/careers/settings');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(ADA.email);
    await dialog.getByLabel('Password').fill(ADA.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/careers\/settings$/);
  });
});
