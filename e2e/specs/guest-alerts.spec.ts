import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { createApiKey } from '../support/employer';
import { startOwnServer, type OwnServer } from '../support/own-server';

/**
 * Issue 12 "alerts for signed-out visitors", end to end on a phone (375 px): a signed-out visitor searches,
 * subscribes to a job alert from the search page, confirms from the emailed link, gets an alert when a matching
 * job is posted, and stops it from that email's unsubscribe link (the guest's words: no settings, no sign-in).
 * On a server of its own in development mode (the outbox is readable at /api/dev/email_outbox; no SMTP).
 */
let server: OwnServer;
let apiKey = '';

// The alert sweep runs every 5 s here (JOB_ALERTS_INTERVAL_MS; a minute in production) and matches positions
// written 10 s before it: the alert comes some 15 s after the job is posted.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(90_000, { NODE_ENV: 'development', JOB_ALERTS_INTERVAL_MS: '5000' });
  apiKey = await createApiKey('acme.example', 'e2e guest alerts', server.dataDir);
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (path: string) => `${server.baseURL}${path}`;

interface OutboxEmail {
  template: string;
  text: string;
  listUnsubscribe: string | null;
}

/** The newest email of `template` to `to` in the development outbox, once there is one. */
async function awaitEmail(page: Page, to: string, template: string, timeout: number): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await page.request.get(url(`/api/dev/email_outbox?to=${encodeURIComponent(to)}`))).json()) as { data: OutboxEmail[] };
        found = outbox.data.find((email) => email.template === template);
        return found !== undefined;
      },
      { message: `a ${template} email to ${to}`, timeout, intervals: [250, 500, 1000, 2000] },
    )
    .toBe(true);
  return found as OutboxEmail;
}

/** A link of the email as a path on this server (the email's origin is the tenant's public one). */
const onServer = (link: string) => {
  const target = new URL(link);
  return url(`${target.pathname}${target.search}`);
};

test('a signed-out visitor on a phone subscribes, confirms, gets an alert and unsubscribes from it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const word = randomBytes(4).toString('hex');
  const email = `guest-${word}@example.org`;

  // 1. Search, then "Get job alerts" on the results.
  await page.goto(url('/careers?query=engineer'));
  await page.getByRole('button', { name: 'Get job alerts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job alerts for this search' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('checkbox', { name: 'I agree to get job alert emails as described in the privacy notice' }).check();
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible();

  // 2. The confirmation email's link opens a page that asks (GET changes nothing); its button confirms.
  const confirmation = await awaitEmail(page, email, 'guest_alert_confirm', 15_000);
  const confirmLink = /https?:\/\/\S*\/careers\/alerts\/confirm\?\S+/.exec(confirmation.text)?.[0] ?? '';
  expect(confirmLink).not.toBe('');
  await page.goto(onServer(confirmLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Job alerts' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm job alerts' }).click();
  await expect(page.getByText('Your job alerts are on.')).toBeVisible();

  // 3. A matching job is posted; the sweep emails the guest an alert with an unsubscribe link.
  const posted = await page.request.post(url('/api/admin/v1/positions'), {
    headers: { authorization: `Bearer ${apiKey}` },
    data: {
      externalRef: `guest-alert-${word}`,
      title: `Lighthouse Engineer ${word}`,
      department: 'Engineering',
      employmentType: 'FULL_TIME',
      seniority: 'mid',
      description: 'Keep the lights on the coast turning.',
      skills: ['Optics'],
      isRemote: false,
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: null,
      postedAt: new Date().toISOString(),
      validThrough: null,
      locations: [{ city: 'Boston', region: 'Massachusetts', country: 'United States', lat: 42.3601, lng: -71.0589 }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const alert = await awaitEmail(page, email, 'guest_alert', 150_000);
  expect(alert.text).toContain('query=engineer');
  expect(alert.listUnsubscribe).toMatch(/\/api\/pcsx\/email\/unsubscribe\?token=/);

  // 4. The unsubscribe link: the guest's words (a job alert, nothing about settings or signing in), then done.
  await page.goto(onServer(alert.listUnsubscribe ?? ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Job alert' })).toBeVisible();
  await expect(page.getByText('Stop this job alert? You will no longer receive emails about new jobs matching it.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/settings|sign in/i);
  expect(await seriousViolations(page)).toEqual([]);
  const unsubscribe = page.getByRole('button', { name: 'Unsubscribe' });
  await unsubscribe.focus();
  await expect(unsubscribe).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('This job alert is off. You will receive no more emails about it.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/settings|sign in/i);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
