import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { ADA, signInThroughApi } from '../support/session';
import { isolate } from '../support/bidi';

// Issue 11: Ada's profile at 375 and 1280 px — edits made in place (a skill added, a work experience
// changed) are kept across a reload; axe finds nothing serious or critical; the PDF export downloads a PDF.
// Screenshots go to /tmp/home-shots/ for a look at spacing, overflow and hierarchy.
const SHOTS = '/tmp/home-shots';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });
// Shared 2-core hosts: three axe runs and full-page screenshots take their time.
test.setTimeout(120_000);

for (const [width, skill, description] of [
  [375, 'Kotlin', 'Motion planning for pick-and-place arms, tested on the phone.'],
  [1280, 'Rust', 'Motion planning for pick-and-place arms, tested on the desktop.'],
] as const) {
  test(`Ada edits her profile and it is kept, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughApi(page, ADA);
    await page.goto('/careers/profile');
    await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
    // The seeded profile: her resume is on file and every part is there.
    await expect(page.getByRole('region', { name: 'Profile strength' }).getByText('100% complete')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/profile-${width}-top.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // A skill, added in place.
    const skills = page.getByRole('region', { name: 'Skills' });
    await skills.getByRole('textbox', { name: 'Skill' }).fill(skill);
    const skillSaved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pcsx/profile_edit');
    await skills.getByRole('button', { name: 'Add skill' }).click();
    expect((await skillSaved).status()).toBe(200);
    await expect(skills.getByRole('list', { name: 'Skills' }).getByText(skill, { exact: true })).toBeVisible();

    // A work experience, edited in place.
    const work = page.getByRole('region', { name: 'Work experience' });
    await work.getByRole('button', { name: `Edit ${isolate('Robotics Engineer, Babbage & Co')}` }).click();
    const form = work.getByRole('form', { name: `Edit ${isolate('Robotics Engineer, Babbage & Co')}` });
    await form.getByLabel('Description').fill(description);
    await page.screenshot({ path: `${SHOTS}/profile-${width}-editing.png`, fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(work.getByText(description)).toBeVisible();

    // Kept: a reload reads them back from the server.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Skills' }).getByRole('list', { name: 'Skills' }).getByText(skill, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Work experience' }).getByText(description)).toBeVisible();

    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/profile-${width}-full.png`, fullPage: true });
  });

  test(`the PDF export downloads a PDF, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughApi(page, ADA);
    await page.goto('/careers/profile');
    await page.getByRole('link', { name: 'Export as PDF resume' }).click();
    await expect(page).toHaveURL(/\/careers\/export-resume/);
    await expect(page.getByRole('region', { name: 'Preview of your resume' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/export-${width}.png`, fullPage: true });
    const downloaded = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('Ada-Lovelace-resume.pdf');
    const path = await download.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
}
