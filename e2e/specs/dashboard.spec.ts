import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../support/axe';
import { captureWidths, DESKTOP, PHONE } from '../support/screens';
import { ADA, signInThroughApi } from '../support/session';
import { isolate } from '../support/bidi';

// Issue 11 "Tests": the candidate's dashboard against the real server and the demo seed (Ada's applications,
// drafts, offers, saved jobs, and the employer helper's interviews, events and a referral). Withdrawing and
// deleting are final, so the file runs in order on one fresh database (e2e/run.mjs).
// Each tab is measured twice by axe and photographed at two widths: slow on a loaded 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ reducedMotion: 'reduce', acceptDownloads: true });

const TABS = [
  ['Applications', /Active applications/],
  ['Interviews', /Upcoming/],
  ['Saved jobs', /saved job/],
  ['Offers', /View job offer/],
  ['Drafts', /Open drafts/],
  ['Events', /Your events|Open events/],
  ['Referrals', /Referred by/],
] as const;

async function openDashboard(page: Page, tab?: string): Promise<void> {
  await page.goto(tab ? `/careers/dashboard?tab=${tab}` : '/careers/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
}

const panel = (page: Page) => page.getByRole('tabpanel');

// What the seed made is dated days before this run; what specs running beside this one make is dated now.
const madeBeforeThisRun = (at: string) => Date.parse(at) < Date.now() - 12 * 60 * 60 * 1000;

async function readAsAda<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The position of Ada's newest withdrawable application that the seed made. */
async function seededWithdrawableApplication(page: Page): Promise<string> {
  type Answer = { data: { applications: { position: { name: string }; submitted_at: string; can_withdraw: boolean }[] } };
  const { data } = await readAsAda<Answer>(page, '/api/pcsx/dashboard/applications');
  const seeded = data.applications
    .filter((application) => application.can_withdraw && madeBeforeThisRun(application.submitted_at))
    .sort((a, b) => Date.parse(b.submitted_at) - Date.parse(a.submitted_at));
  expect(seeded.length, 'the seed gives Ada withdrawable applications').toBeGreaterThan(0);
  return seeded[0]!.position.name;
}

/** The position of the open draft the seed made for Ada (apply specs beside this one autosave newer ones). */
async function seededOpenDraft(page: Page): Promise<string> {
  // An open draft's position has archived_at below 0 (isOpenDraft in contracts).
  type Answer = { draft_applications: { position: { name: string; archived_at: number }; updated_at: string }[] };
  const { draft_applications: drafts } = await readAsAda<Answer>(page, '/api/pcsx/draft_applications');
  const seeded = drafts.find((draft) => draft.position.archived_at < 0 && madeBeforeThisRun(draft.updated_at));
  expect(seeded, 'the seed gives Ada an open draft').toBeTruthy();
  return seeded!.position.name;
}

test.describe('the dashboard', () => {
  test('Ada reaches it from the account menu and sees her next steps', async ({ page }) => {
    await signInThroughApi(page, ADA);
    await page.goto('/careers');
    await page.getByRole('button', { name: /Account menu for Ada Lovelace/ }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/careers\/dashboard$/);
    const steps = page.getByRole('region', { name: 'Next steps' });
    await expect(steps.getByRole('link', { name: 'Review offer' }).first()).toBeVisible();
    await expect(steps.getByText('Upload your resume').or(steps.getByRole('button', { name: /Show all/ }))).toBeVisible();
  });

  for (const [name, content] of TABS) {
    test(`the ${name} tab at 375 and 1280 px, with no serious accessibility violations`, async ({ page }, testInfo) => {
      await signInThroughApi(page, ADA);
      await openDashboard(page);
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(panel(page).getByText(content).first()).toBeVisible();
      expect(await seriousViolations(page), name).toEqual([]);
      await captureWidths(page, testInfo, `dashboard-${name.toLowerCase().replace(/\s+/g, '-')}`);
      await page.setViewportSize(PHONE);
      expect(await seriousViolations(page), `${name} at 375 px`).toEqual([]);
      // The tab is in the address: a reload keeps it.
      await page.reload();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    });
  }

  test('tabs move with the arrow keys', async ({ page }) => {
    await signInThroughApi(page, ADA);
    await openDashboard(page);
    // The server draws the list (dashboard.preload.ts): keys pressed before the app takes the page over would be lost.
    await expect(panel(page).getByText(/Active applications/)).toBeVisible();
    await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Applications' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Interviews' })).toBeFocused();
    await expect(page).toHaveURL(/tab=interviews/);
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Referrals' })).toBeFocused();
  });

  test('Ada withdraws an application after confirming', async ({ page }) => {
    await signInThroughApi(page, ADA);
    // One of the seed's applications, not the first card: specs running beside this one apply as Ada, and
    // their new applications come first (withdrawing one would pull the ground from under them).
    const position = await seededWithdrawableApplication(page);
    await openDashboard(page, 'applications');
    const active = page.getByRole('region', { name: /Active applications/ });
    const card = active.getByRole('article', { name: position, exact: true });
    await card.getByRole('button', { name: `Withdraw your application for ${isolate(position)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason (optional)').fill('I accepted another offer');
    await dialog.getByRole('button', { name: 'Withdraw application' }).click();
    await expect(page.getByText('Your application was withdrawn.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const past = page.getByRole('region', { name: /Past applications/ });
    const withdrawn = past.getByRole('article', { name: position, exact: true });
    await expect(withdrawn.getByText('Withdrawn', { exact: true }).first()).toBeVisible();
    await expect(active.getByRole('article', { name: position, exact: true })).toHaveCount(0);
  });

  test('Ada deletes a draft, and it stays deleted', async ({ page }) => {
    await signInThroughApi(page, ADA);
    const position = await seededOpenDraft(page);
    await openDashboard(page, 'drafts');
    const open = page.getByRole('region', { name: /Open drafts/ });
    const card = open.getByRole('article', { name: position, exact: true });
    await card.getByRole('button', { name: `Delete your draft for ${isolate(position)}` }).click();
    await expect(page.getByText('Deleted draft application')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Drafts' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByRole('heading', { level: 3, name: position })).toHaveCount(0);
  });

  test('Ada downloads an interview as a calendar file', async ({ page }) => {
    await signInThroughApi(page, ADA);
    await openDashboard(page, 'interviews');
    const upcoming = page.getByRole('region', { name: /Upcoming/ });
    const [download] = await Promise.all([page.waitForEvent('download'), upcoming.getByRole('link', { name: /Download a calendar file/ }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toMatch(/UID:interview-[^\r\n]+@acme\.example/);
  });

  test('the applications, interviews and v2 pages at 375 and 1280 px, accessible', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    for (const [path, heading] of [
      ['/careers/applications', 'Applications'],
      ['/careers/interviews', 'Interviews'],
    ] as const) {
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
      await captureWidths(page, testInfo, path.slice('/careers/'.length));
    }
    await page.setViewportSize(DESKTOP);
    await page.goto('/careers/dashboardv2');
    await expect(page.getByRole('heading', { level: 2, name: 'Applications', exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(await seriousViolations(page), 'dashboard v2').toEqual([]);
    await captureWidths(page, testInfo, 'dashboardv2');
  });
});
