import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signUpFreshCandidate } from '../support/session';
import { isolate } from '../support/bidi';

// Issue 11 "e2e for upload → review → search refreshed": the resume card on the job search, with a real
// sample resume, the real upload_resume and the real profile_edit (resume_import / merge), at both widths;
// and a refused file with the server's message. Each test signs up a new candidate: the card invites only
// candidates with no resume, and the demo candidates have a seeded one.
const fixtures = new URL('../../apps/server/src/modules/resume/fixtures/', import.meta.url);
const samplePdf = readFileSync(new URL('01-ada-okafor-classic.pdf', fixtures));

test.describe.configure({ mode: 'serial' });

test('a refused file shows the server’s reason and changes nothing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpFreshCandidate(page, 'resume-refused');
  await page.goto('/careers');
  const card = page.getByRole('region', { name: 'See how you match' });
  await card.locator('input[type="file"]').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R /Encrypt << /V 1 >> >>\nstartxref\n9\n%%EOF\n') });
  await page.getByRole('dialog', { name: 'Upload this resume?' }).getByRole('button', { name: 'Upload and read' }).click();
  await expect(page.getByRole('alert')).toHaveText('The file is password-protected or encrypted. Upload a copy without a password.');
});


for (const width of [375, 1280] as const) {
  test(`upload → review → saved → search refreshed at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpFreshCandidate(page, `resume-${width}`);
    await page.goto('/careers');
    const card = page.getByRole('region', { name: 'See how you match' });
    await expect(card).toBeVisible();

    await card.locator('input[type="file"]').setInputFiles({ name: 'Adaeze Okafor CV.pdf', mimeType: 'application/pdf', buffer: samplePdf });
    const confirm = page.getByRole('dialog', { name: 'Upload this resume?' });
    await expect(confirm.getByText('Adaeze Okafor CV.pdf')).toBeVisible();
    await confirm.getByRole('button', { name: 'Upload and read' }).click();

    const review = page.getByRole('dialog', { name: 'Review what we found' });
    await expect(review.getByRole('checkbox', { name: /Senior Backend Engineer · Brightwave Labs/ })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`resume-review-${width}.png`), fullPage: false });
    await review.getByRole('button', { name: `${isolate('Docker')}, kept` }).click();

    const searched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/pcsx/search');
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pcsx/profile_edit');
    await review.getByRole('button', { name: 'Save to profile' }).click();
    expect((await saved).status()).toBe(200);
    await searched;
    await expect(page.getByText('Your resume was added to your profile')).toBeVisible();
    await expect(review).toBeHidden();

    const profile = await page.evaluate(async () => (await fetch('/api/pcsx/profile_details')).json());
    expect(profile.data.skills).toEqual(expect.arrayContaining(['Node.js', 'TypeScript']));
    expect(profile.data.skills).not.toContain('Docker');
    expect(profile.data.resume.fileName).toBe('Adaeze Okafor CV.pdf');
  });
}

