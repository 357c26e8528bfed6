import { expect, test, type Browser, type Page } from '@playwright/test';
import { offerOnServer, signedScanPdf } from '../support/offers';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { DESKTOP, PHONE } from '../support/screens';
import { ADA, signInThroughApi } from '../support/session';
import { isolate } from '../support/bidi';

// issue 8 §6 "What a candidate walking the site hit", the offer flows that use up a demo offer (rejecting,
// signing): each width gets its own server on a fresh demo database, so the shared server's specs keep theirs.
test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const letterPath = (offerId: string, documentId: string) => `/careers/offer/${offerId}/offer-document/${documentId}`;

for (const [width, viewport] of [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const) {
  test.describe(`offers at ${width} px`, () => {
    let server: OwnServer;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      server = await startOwnServer();
    });
    test.afterAll(async () => {
      await server.stop();
    });

    async function signedInPage(browser: Browser): Promise<Page> {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport });
      const page = await context.newPage();
      await signInThroughApi(page, ADA);
      return page;
    }

    test('the e-sign frame fits its content, Decline comes after it, and Reject asks first, then declines the offer', async ({ browser }) => {
      const page = await signedInPage(browser);
      await page.goto(letterPath('offer-ada-esign', 'doc-ada-esign-letter'));
      const frameElement = page.getByTitle(`Electronic signature for ${isolate('Offer letter')}`);
      const frame = frameElement.contentFrame();
      await expect(frame.getByRole('button', { name: 'Sign' })).toBeEnabled();

      // One scroll, the page's: the frame is as tall as the signing page, which does not scroll inside it.
      await expect
        .poll(() => frameElement.evaluate((element: HTMLIFrameElement) => {
          const inner = element.contentDocument?.documentElement;
          return inner ? inner.scrollHeight - inner.clientHeight : 999;
        }))
        .toBeLessThanOrEqual(1);
      const frameBox = await frameElement.boundingBox();
      expect(frameBox?.height ?? 0).toBeGreaterThan(640);

      // The signing panel first, Decline after it (on a phone the red Decline sat above it).
      const decline = page.getByRole('button', { name: 'Decline offer' });
      expect((await decline.boundingBox())!.y).toBeGreaterThan(frameBox!.y + frameBox!.height - 1);

      // Reject asks first; keeping the offer changes nothing.
      const reject = frame.getByRole('button', { name: 'Reject', exact: true });
      await reject.click();
      await expect(reject).toHaveAttribute('aria-expanded', 'true');
      await expect(frame.getByText('Rejecting the letter declines this job offer.', { exact: false })).toBeVisible();
      await expect(frame.getByRole('button', { name: 'Keep the offer' })).toBeFocused();
      await frame.getByRole('button', { name: 'Keep the offer' }).click();
      await expect(reject).toBeFocused();
      expect((await offerOnServer(page, 'offer-ada-esign')).status).toBe('Extended');

      // Confirmed: the letter is rejected, the offer declined, and the page shows it as such.
      await reject.click();
      await frame.getByRole('button', { name: 'Reject and decline the offer' }).click();
      await expect(page.getByText('Offer letter has been rejected')).toBeVisible();
      await expect(page).toHaveURL(/\/careers\/offer\/offer-ada-esign$/);
      await expect(page.getByRole('main').getByText('Declined', { exact: true }).first()).toBeVisible();
      expect((await offerOnServer(page, 'offer-ada-esign')).status).toBe('Declined');
      await page.context().close();
    });

    test('upload: no file says what is missing; after the upload the accepted offer shows clear of the navbar and the toast', async ({ browser }) => {
      const page = await signedInPage(browser);
      await page.goto(letterPath('offer-ada-upload', 'doc-ada-upload-letter'));
      const upload = page.getByRole('form', { name: 'Upload signed document' });
      const submit = upload.getByRole('button', { name: 'Submit signed offer' });
      await submit.click();
      await expect(upload.getByRole('alert')).toHaveText('Choose the signed offer letter (a PDF) to upload');
      await expect(upload.getByRole('button', { name: 'Choose a PDF' })).toBeFocused();
      expect((await offerOnServer(page, 'offer-ada-upload')).status).toBe('Extended');

      await upload.getByLabel('Signed offer letter (PDF)').setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: await signedScanPdf(ADA.name) });
      await expect(upload.getByRole('alert')).toHaveCount(0);
      await submit.click();

      // spec §4's words in the toast; the panel says the offer was accepted.
      const toast = page.getByText('Successfully submitted form for verification');
      await expect(toast).toBeVisible();
      const panel = page.getByRole('region', { name: 'Offer accepted' });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Offer accepted' })).toBeFocused();
      expect((await offerOnServer(page, 'offer-ada-upload')).status).toBe('Accepted');

      // In view, below the sticky navbar, and not under the toast.
      const navbarBottom = await page.locator('.navbar').first().evaluate((element) => element.getBoundingClientRect().bottom);
      const box = await panel.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
      });
      expect(box.top).toBeGreaterThanOrEqual(navbarBottom);
      expect(box.top).toBeLessThan(viewport.height);
      const toastBox = await toast.evaluate((element) => {
        const rect = (element.closest('.ui-toast') ?? element).getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom };
      });
      const headingBox = await panel.getByRole('heading', { name: 'Offer accepted' }).boundingBox();
      // The panel's heading and first lines are not covered: the toast sits below them.
      expect(toastBox.top).toBeGreaterThan(headingBox!.y + headingBox!.height);
      await page.context().close();
    });
  });
}
