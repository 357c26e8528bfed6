import { expect, test, type Locator, type Page } from '@playwright/test';
import { createApiKey, EmployerApi, textPdf, uniqueWord } from '../support/employer';
import { focusedField } from '../support/focus';
import { DESKTOP, PHONE } from '../support/screens';
import { signUpFreshCandidate } from '../support/session';

// Issue 13 "Checks": keyboard-only journeys — search → job → save → apply; sign an offer inline; decline one. No
// click and no fill: focus moves by Tab alone, and Enter, Space and typed keys act. A candidate of their own, so
// the demo candidates' saved jobs, applications and offers stay as the other specs expect them.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ reducedMotion: 'reduce' });

const RESUME = { name: 'robin-resume.txt', mimeType: 'text/plain', buffer: Buffer.from('Robin Keys\nEngineer, Keyboard Works\n') };
const PROFILE = { firstName: 'Robin', lastName: 'Keys', location: 'London, UK' };

let candidate: { email: string; password: string } | undefined;

/** Tab until `target` has focus (it must be reachable by Tab from where focus is), at most `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    const isFocused = await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 500 }).catch(() => false);
    if (isFocused) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached by ${max} Tabs`).toBeFocused();
}

/** The page's scripts have taken over the server's markup (keys pressed before would go to a page about to be replaced). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function signIn(page: Page): Promise<void> {
  if (candidate) {
    const me = await page.request.get('/api/auth/me');
    const response = await page.request.post('/api/auth/login', { headers: { 'x-csrf-token': me.headers()['x-csrf-token'] ?? '' }, data: candidate });
    expect(response.status()).toBe(200);
  } else {
    candidate = await signUpFreshCandidate(page, 'keys', PROFILE);
  }
}

test('search → job → save → apply on a phone, with the keyboard alone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  const search = (await (await page.request.get('/api/pcsx/search?query=engineer')).json()) as { positions: { id: number; name: string }[] };
  const job = search.positions[0]!;

  await page.goto('/careers');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await tabTo(page, box);
  await page.keyboard.type(job.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/query=/);
  await hydrated(page);

  // On a phone a result is a link to the job's own page.
  await tabTo(page, page.getByRole('list', { name: 'Jobs' }).getByRole('link', { name: job.name }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/careers/job/${job.id}`));
  await hydrated(page);

  const main = page.getByRole('main');
  const save = main.getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(main.getByRole('button', { name: 'Saved', exact: true })).toBeFocused();
  const saved = (await (await page.request.get('/api/pcsx/positions/saved')).json()) as { data: { id: number }[] } | { positions: { id: number }[] };
  expect(JSON.stringify(saved)).toContain(String(job.id));

  // Apply is before Save in the page's order: back with Shift+Tab.
  const apply = main.getByRole('link', { name: 'Apply', exact: true });
  for (let presses = 0; presses < 5 && !(await apply.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Shift+Tab');
  await expect(apply).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Apply for / })).toBeVisible();
  await hydrated(page);

  // Through the form by Tab: the profile filled the name, email and location; what a new candidate has not given
  // yet is typed (the phone, a skill), the resume chosen with Space, the consent ticked with Space.
  await tabTo(page, page.getByLabel(/^First name/));
  for (let presses = 0; presses < 250; presses += 1) {
    const focused = await focusedField(page);
    if (focused.kind === 'file' && (await page.locator('[data-field="resume"] li').count()) === 0) {
      // Space on the focused button opens the file chooser. One CI run never saw the chooser of a first press
      // (the page still waited on the button), so a press that brings none within 10 s is made again.
      for (let attempt = 1; ; attempt += 1) {
        const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
        await page.keyboard.press('Space');
        const opened = await chooser.catch((error: unknown) => (attempt < 3 ? null : Promise.reject(error)));
        if (opened) {
          await opened.setFiles(RESUME);
          break;
        }
      }
    } else if (focused.field === 'phone' && focused.kind !== 'select' && focused.value === '') {
      await page.keyboard.type('2025550143');
    } else if (focused.field === 'skills' && (await page.locator('[data-field="skills"] .form-skills__chip').count()) === 0) {
      if (focused.kind === 'button' && focused.label === 'Add skill') {
        // The entry box takes the focus: type there, no Tab.
        await page.keyboard.press('Enter');
        continue;
      }
      if (focused.kind === 'text') await page.keyboard.type('Accessibility\n');
    } else if (/Why this role/.test(focused.label) && focused.value === '') {
      await page.keyboard.type('I find my way around with the keyboard, and so will your users.');
    } else if (/^Years of/.test(focused.label) && focused.value === '') {
      await page.keyboard.type('3');
    } else if (focused.kind === 'checkbox' && focused.field === 'privacy_consent' && !focused.checked) {
      await page.keyboard.press('Space');
    } else if (focused.kind === 'button' && focused.label === 'Submit application') {
      await page.keyboard.press('Enter');
      break;
    }
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeVisible();
});

test('an offer signed inline and another declined, with the keyboard alone', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const api = new EmployerApi(page.request, await createApiKey('acme.example', `e2e keyboard ${uniqueWord(6)}`));
  const search = (await (await page.request.get('/api/pcsx/search?query=engineer')).json()) as { positions: { id: number; name: string }[] };
  const letter = (await textPdf(['Offer letter', `Dear ${PROFILE.firstName} ${PROFILE.lastName},`, 'We are pleased to offer you the position.'])).toString('base64');
  const extend = (positionId: number) =>
    api.json<{ id: string; documents: { id: string }[] }>(
      api.post('/offers', {
        candidate_email: candidate!.email,
        position_id: positionId,
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        documents: [{ name: 'Offer letter', signing: 'inline', pdf_base64: letter }],
      }),
      201,
    );
  const toSign = await extend(search.positions[1]!.id);
  const toDecline = await extend(search.positions[2]!.id);

  // Sign: the typed name and the consent box by keys, then Submit.
  await page.goto(`/careers/offer/${toSign.id}/offer-document/${toSign.documents[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Sign your offer letter' });
  await tabTo(page, form.getByRole('textbox', { name: 'Enter your name as the electronic signature' }));
  await page.keyboard.type(`${PROFILE.firstName} ${PROFILE.lastName}`);
  await tabTo(page, form.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Successfully submitted form for verification')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offer accepted' })).toBeVisible();

  // Decline: the confirmation dialog takes focus; a reason by arrow keys and Space, then Decline offer.
  await page.goto(`/careers/offer/${toDecline.id}/offer-document/${toDecline.documents[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();
  await hydrated(page);
  await tabTo(page, page.getByRole('button', { name: 'Decline offer' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Decline this offer?' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await tabTo(page, dialog.getByRole('radio').first(), 20);
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Decline offer' }), 20);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const declined = await api.json<{ status: string }>(api.get(`/offers/${toDecline.id}`));
  expect(declined.status).toBe('Declined');
});
