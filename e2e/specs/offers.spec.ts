import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import {
  confettiLayers,
  csrfToken,
  downloadedBytes,
  expectLetterPageDrawn,
  offerOnServer,
  pageCount,
  signedScanPdf,
  watchConfetti,
} from '../support/offers';
import { captureWidths } from '../support/screens';
import { captureSettledWidths } from '../support/settled-screens';
import { ADA, GRACE, signInThroughApi } from '../support/session';
import { isolate } from '../support/bidi';

// Issue 4 "Tests": the offers screens of spec §2 against the real server and the demo seed
// (apps/server/src/startup/seed/demo-offers.ts). Each flow acts on its own offer; signing and declining are
// final, so the file runs in order on one fresh database (e2e/run.mjs).
test.describe.configure({ mode: 'serial' });
// No confetti in the way of screenshots; the confetti test turns motion back on for itself.
test.use({ reducedMotion: 'reduce', acceptDownloads: true });

const letterPath = (offerId: string, documentId: string) => `/careers/offer/${offerId}/offer-document/${documentId}`;

/** The pdf.js viewer has drawn the first page of the letter ("Page 1 of N"). */
async function expectLetterShown(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByText(/^Page 1 of \d+$/).first()).toBeVisible();
}

/** Counts the accept calls the page sends (offer-level and document-level). */
function countAccepts(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/accept$/.test(new URL(request.url()).pathname)) counter.count += 1;
  });
  return counter;
}

test.describe('offers', () => {
  test('Ada sees her offers with their statuses and what needs her action', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    // The way in: the account menu's Offers item.
    await page.goto('/careers');
    await page.getByRole('button', { name: /Account menu for Ada Lovelace/ }).click();
    await page.getByRole('menuitem', { name: /^Offers/ }).click();
    await expect(page).toHaveURL(/\/careers\/offers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(7);

    const expected: [position: string, status: string, actionRequired: boolean][] = [
      ['Senior Robotics Engineer', 'Extended', true],
      ['Motion Planning Engineer', 'Extended', true],
      ['Controls Engineer', 'Extended', true],
      // Stored as Extended; past its expiry it is Expired, whatever is stored (spec §4).
      ['Field Robotics Technician', 'Expired', false],
      ['Robotics Software Engineer', 'Accepted', false],
      ['Computer Vision Engineer', 'Declined', false],
      ['Firmware Engineer', 'Canceled', false],
    ];
    for (const [position, status, actionRequired] of expected) {
      const card = page.getByRole('article', { name: position });
      await expect(card.getByText(status, { exact: true })).toBeVisible();
      await expect(card.getByText('Action required')).toHaveCount(actionRequired ? 1 : 0);
      await expect(card.getByRole('link', { name: `View job offer for ${isolate(position)}` })).toHaveText('View job offer');
      // spec §9: an open offer counts down to its expiry; a closed one says when it last changed.
      await expect(card.getByText(actionRequired ? /^Expires in \d+ days?$/ : /^Last updated \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    }
    await captureWidths(page, testInfo, 'offers-list');
  });

  test('the offer detail: header, back button, document cards, confetti on the first visit only', async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await watchConfetti(page);
    await signInThroughApi(page, ADA);
    await page.goto('/careers/offers');
    await page.getByRole('link', { name: `View job offer for ${isolate('Senior Robotics Engineer')}` }).click();
    await expect(page).toHaveURL(/\/careers\/offer\/offer-ada-extended$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeVisible();
    await expect(page.getByText(/^Congratulations!/)).toBeVisible();
    // spec §2: "Confetti plays once, tracked by a stored flag hasVisitedOffer" — 200 pieces on a full-window layer.
    await expect.poll(() => confettiLayers(page)).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hasVisitedOffer'))).toMatch(/^\["[0-9a-z]+"\]$/);

    const letter = page.getByRole('article', { name: 'Offer letter' });
    await expect(letter.getByRole('link', { name: `Start ${isolate('Offer letter')}` })).toBeEnabled();
    const benefits = page.getByRole('article', { name: 'Benefits enrolment' });
    await expect(benefits.getByRole('button', { name: `Start ${isolate('Benefits enrolment')}` })).toBeDisabled();
    await expect(benefits.getByText('Document being processed')).toBeVisible();

    // The second visit: no confetti, and its code is not even fetched.
    const confettiRequests: string[] = [];
    page.on('request', (request) => {
      if (/confetti/.test(request.url())) confettiRequests.push(request.url());
    });
    await page.goto('/careers/offer/offer-ada-extended');
    await expect(page.getByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await confettiLayers(page)).toBe(0);
    expect(confettiRequests).toEqual([]);
    await captureWidths(page, testInfo, 'offer-detail');

    await page.getByRole('main').getByRole('link', { name: 'Offers', exact: true }).click();
    await expect(page).toHaveURL(/\/careers\/offers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();

    // spec §2: "Unknown or missing offer ids redirect to the offers list."
    await page.goto('/careers/offer/nope');
    await expect(page).toHaveURL(/\/careers\/offers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  });

  test('the offers list, an offer and its letter have no serious accessibility violations', async ({ page }) => {
    await signInThroughApi(page, ADA);
    await page.goto('/careers/offers');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/careers/offer/offer-ada-extended');
    await expect(page.getByRole('article', { name: 'Offer letter' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(letterPath('offer-ada-extended', 'doc-ada-extended-letter'));
    await expectLetterShown(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('(a) Ada signs her letter inline and downloads the signed copy and its certificate', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    const before = await offerOnServer(page, 'offer-ada-extended');
    const original = Buffer.from(before.offer_documents[0]?.b64_string ?? '', 'base64');
    expect(original.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const accepts = countAccepts(page);

    await page.goto(letterPath('offer-ada-extended', 'doc-ada-extended-letter'));
    await expect(page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();
    await expectLetterShown(page);
    await captureSettledWidths(page, testInfo, 'offer-letter-inline', { ready: expectLetterPageDrawn });

    const form = page.getByRole('form', { name: 'Sign your offer letter' });
    const agree = form.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' });
    const signature = form.getByRole('textbox', { name: 'Enter your name as the electronic signature' });
    const submit = form.getByRole('button', { name: 'Submit' });

    // spec §5: the typed name must equal the profile's full name exactly.
    await agree.check();
    await signature.fill('Ada');
    await submit.click();
    await expect(form.getByText('Please enter your full name')).toBeVisible();
    await expect(signature).toHaveAttribute('aria-invalid', 'true');

    await signature.fill('Ada Lovelace');
    await expect(form.getByText('Please enter your full name')).toHaveCount(0);
    await agree.uncheck();
    await submit.click();
    await expect(form.getByText('This field is required')).toBeVisible();
    await expect(agree).toHaveAttribute('aria-invalid', 'true');
    expect(accepts.count).toBe(0);

    await agree.check();
    await submit.click();
    await expect(page.getByText('Successfully submitted form for verification')).toBeVisible();
    const signed = page.getByRole('region', { name: 'Signed' });
    await expect(signed).toBeVisible();
    expect(accepts.count).toBe(1);

    // The signed copy: the letter with the signature stamped on it and a signing certificate page appended.
    const [signedDownload] = await Promise.all([
      page.waitForEvent('download'),
      signed.getByRole('link', { name: 'Download signed document' }).click(),
    ]);
    expect(signedDownload.suggestedFilename()).toBe('offer-letter-offer-ada-extended.pdf');
    const signedBytes = await downloadedBytes(signedDownload);
    expect(signedBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(signedBytes.length).toBeGreaterThan(original.length);
    expect(await pageCount(signedBytes)).toBe((await pageCount(original)) + 1);

    const [certificateDownload] = await Promise.all([
      page.waitForEvent('download'),
      signed.getByRole('link', { name: 'Download signing certificate' }).click(),
    ]);
    expect(certificateDownload.suggestedFilename()).toBe('offer-letter-offer-ada-extended-signing-certificate.pdf');
    expect((await downloadedBytes(certificateDownload)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const after = await offerOnServer(page, 'offer-ada-extended');
    expect(after.offer_documents.find((doc) => doc.id === 'doc-ada-extended-letter')?.signed).toBe(true);
    await captureSettledWidths(page, testInfo, 'offer-letter-signed', { ready: expectLetterPageDrawn });
  });

  test('(b) Ada uploads her signed offer letter: nothing is sent until one real PDF is chosen', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    const accepts = countAccepts(page);
    await page.goto('/careers/offer-letter/offer-ada-upload');
    const steps = page.getByRole('list', { name: 'Steps to accept the offer' });
    await expect(steps.getByRole('heading', { name: 'Review job offer' })).toBeVisible();
    await expect(steps.getByRole('heading', { name: 'Print & sign or sign digitally' })).toBeVisible();
    await expect(steps.getByRole('heading', { name: 'Upload signed document' })).toBeVisible();
    const upload = page.getByRole('form', { name: 'Upload signed document' });
    const input = upload.getByLabel('Signed offer letter (PDF)');
    const submit = upload.getByRole('button', { name: 'Submit signed offer' });

    // spec §5 "Upload" ignored a submit without a file silently; issue 8 §6: say what is missing.
    await submit.click();
    await expect(upload.getByRole('alert')).toHaveText('Choose the signed offer letter (a PDF) to upload');

    // Not a PDF by name, and not a PDF by its bytes although named .pdf: refused in place.
    await input.setInputFiles({ name: 'offer-letter.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK\u0003\u0004 word') });
    await expect(upload.getByRole('alert')).toHaveText('Upload a PDF file');
    await input.setInputFiles({ name: 'offer-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await expect(upload.getByRole('alert')).toHaveText('Upload a PDF file');
    await submit.click();

    // The input takes one file; two dropped at once are refused (spec §9 "1 file").
    const scan = await signedScanPdf(ADA.name);
    const twoFiles = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'page-1.pdf', { type: 'application/pdf' }));
      transfer.items.add(new File([bytes], 'page-2.pdf', { type: 'application/pdf' }));
      return transfer;
    }, scan.toString('base64'));
    await page.getByTestId('signed-upload-zone').dispatchEvent('drop', { dataTransfer: twoFiles });
    await expect(upload.getByRole('alert')).toHaveText('You should upload at most 1 file');
    await submit.click();

    await input.setInputFiles({ name: 'signed-offer-letter.pdf', mimeType: 'application/pdf', buffer: scan });
    await expect(upload.getByText('signed-offer-letter.pdf')).toBeVisible();
    await expect(upload.getByRole('alert')).toHaveCount(0);
    expect(accepts.count).toBe(0);
    await captureSettledWidths(page, testInfo, 'offer-letter-upload');

    await submit.click();
    await expect(page.getByText('Successfully submitted form for verification')).toBeVisible();
    // issue 8 §6: the panel says the offer was accepted.
    await expect(page.getByRole('region', { name: 'Offer accepted' })).toBeVisible();
    expect(accepts.count).toBe(1);

    const after = await offerOnServer(page, 'offer-ada-upload');
    expect(after.status).toBe('Accepted');
    expect(after.offer_documents[0]?.signed).toBe(true);
  });

  test('(c) Ada starts to reject in the e-signature frame, keeps the offer, and signs', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    await page.goto(letterPath('offer-ada-esign', 'doc-ada-esign-letter'));
    const frameElement = page.getByTitle(`Electronic signature for ${isolate('Offer letter')}`);
    const frame = frameElement.contentFrame();
    await expect(frame.getByRole('heading', { name: 'Sign your offer letter' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Sign' })).toBeEnabled();
    // The hosted page scrolls inside its frame: show its signing controls in the capture.
    await frame.getByRole('button', { name: 'Reject', exact: true }).scrollIntoViewIfNeeded();
    await captureSettledWidths(page, testInfo, 'offer-letter-esign');
    const firstFrameUrl = await frameElement.getAttribute('src');

    // Reject asks first (issue 8 §6; a confirmed rejection declines the offer: walk-offers.spec.ts);
    // keeping the offer changes nothing and sends nothing.
    await frame.getByRole('button', { name: 'Reject', exact: true }).click();
    await frame.getByRole('button', { name: 'Keep the offer' }).click();
    const kept = await offerOnServer(page, 'offer-ada-esign');
    expect(kept.status).toBe('Extended');
    expect(kept.offer_documents[0]?.signed).toBe(false);
    expect(await frameElement.getAttribute('src')).toBe(firstFrameUrl);

    // Adopt the typed signature and sign.
    await frame.getByRole('button', { name: 'Sign' }).click();
    // Both the consent and the typed name are required before anything is sent.
    await expect(frame.getByText('This field is required')).toHaveCount(2);
    await frame.getByRole('checkbox').check();
    await frame.getByRole('textbox', { name: 'Type your full name' }).fill(ADA.name);
    await frame.getByRole('button', { name: 'Sign' }).click();

    await expect(page.getByText('Successfully signed the offer letter')).toBeVisible();
    await expect(page).toHaveURL(/\/careers\/offer\/offer-ada-esign$/);
    const signed = await offerOnServer(page, 'offer-ada-esign');
    expect(signed.offer_documents[0]?.signed).toBe(true);
  });

  test('(d) Grace declines her offer after a confirmation that she can cancel', async ({ page }, testInfo) => {
    await signInThroughApi(page, GRACE);
    await page.goto(letterPath('offer-grace-extended', 'doc-grace-extended-letter'));
    await expect(page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();

    await page.getByRole('button', { name: 'Decline offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this offer?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('You are about to decline the offer for Site Reliability Engineer. This cannot be undone.')).toBeVisible();
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await captureSettledWidths(page, testInfo, 'offer-decline-modal', { fullPage: false });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await offerOnServer(page, 'offer-grace-extended')).status).toBe('Extended');

    await page.getByRole('button', { name: 'Decline offer' }).click();
    await dialog.getByRole('radio', { name: 'Location' }).check();
    await dialog.getByLabel("Anything else you'd like to share (optional)").fill('I would rather stay near Arlington.');
    await dialog.getByRole('button', { name: 'Decline offer' }).click();

    await expect(page.getByText('Successfully rejected the offer')).toBeVisible();
    await expect(page).toHaveURL(/\/careers\/offers$/);
    const card = page.getByRole('article', { name: 'Site Reliability Engineer' });
    await expect(card.getByText('Declined', { exact: true })).toBeVisible();
    await expect(card.getByText('Action required')).toHaveCount(0);
    expect((await offerOnServer(page, 'offer-grace-extended')).status).toBe('Declined');
  });

  test('an expired offer is read-only: its letter is shown for the record with no way to sign', async ({ page }, testInfo) => {
    await signInThroughApi(page, ADA);
    await page.goto('/careers/offers');
    const card = page.getByRole('article', { name: 'Field Robotics Technician' });
    await expect(card.getByText('Expired', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: `View job offer for ${isolate('Field Robotics Technician')}` }).click();
    await expect(page.getByText('This offer has expired and can no longer be signed.')).toBeVisible();

    await page.goto(letterPath('offer-ada-expired', 'doc-ada-expired-letter'));
    await expect(page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();
    await expect(page.getByText('The letter is shown for your records.')).toBeVisible();
    await expectLetterShown(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('checkbox')).toHaveCount(0);
    await expect(main.getByRole('button', { name: /^(Submit|Submit signed offer|Decline offer|Decline|Sign)$/ })).toHaveCount(0);
    await expect(main.getByRole('link', { name: /upload the letter instead/ })).toHaveCount(0);
    await captureSettledWidths(page, testInfo, 'offer-expired', { ready: expectLetterPageDrawn });

    // The server holds the line too: a signature sent anyway is refused and nothing changes.
    const response = await page.request.post('/api/offer/offers/offer-ada-expired/doc-ada-expired-letter/accept', {
      headers: { 'x-csrf-token': await csrfToken(page) },
      multipart: { agreed: 'true', signature: ADA.name },
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    const after = await offerOnServer(page, 'offer-ada-expired');
    expect(after.offer_documents[0]?.signed).toBe(false);
  });

  test('the letter viewer goes to the next page and zooms in, then back to fit the width', async ({ page }) => {
    await signInThroughApi(page, ADA);
    // The expired letter: read-only, so this test changes nothing the others rely on.
    await page.goto(letterPath('offer-ada-expired', 'doc-ada-expired-letter'));
    await expectLetterShown(page);
    await expectLetterPageDrawn(page);
    const viewer = page.getByRole('main').locator('.pdf-viewer');
    const status = viewer.locator('.pdf-viewer__status').first();
    const zoom = viewer.locator('.pdf-viewer__zoom');
    const previous = viewer.getByRole('button', { name: 'Previous page' });
    const next = viewer.getByRole('button', { name: 'Next page' });
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    const fit = viewer.getByRole('button', { name: 'Fit to width' });

    const pages = Number(/^Page 1 of (\d+)$/.exec((await status.textContent()) ?? '')?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    await expect(zoom).toHaveText('100%');
    await expect(previous).toBeDisabled();
    await expect(fit).toBeDisabled();
    /** The drawn page: its canvas's size on screen and in pixels, and the text of its text layer. */
    const drawn = () =>
      viewer.locator('.pdf-viewer__page').evaluate((element) => {
        const canvas = element.querySelector('canvas');
        const box = canvas?.getBoundingClientRect();
        return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0), pixels: canvas?.width ?? 0, text: element.querySelector('.textLayer')?.textContent ?? '' };
      });
    await expect.poll(async () => (await drawn()).text.length).toBeGreaterThan(20);
    const first = await drawn();
    expect(first.width).toBeGreaterThan(150);

    // Next page: the indicator says page 2, and another page of the letter is drawn at the same size.
    await next.click();
    await expect(status).toHaveText(`Page 2 of ${pages}`);
    await expect(previous).toBeEnabled();
    if (pages === 2) await expect(next).toBeDisabled();
    await expect.poll(async () => (await drawn()).text).not.toBe(first.text);
    await expectLetterPageDrawn(page);
    const second = await drawn();
    expect(second.width).toBe(first.width);

    // Zoom in twice: 125 %, then 150 %, and the page is drawn that much larger (on screen and in pixels).
    await zoomIn.click();
    await expect(zoom).toHaveText('125%');
    await expect.poll(async () => (await drawn()).width).toBeGreaterThanOrEqual(Math.round(second.width * 1.25) - 2);
    await zoomIn.click();
    await expect(zoom).toHaveText('150%');
    await expect.poll(async () => (await drawn()).width).toBeGreaterThanOrEqual(Math.round(second.width * 1.5) - 2);
    const zoomed = await drawn();
    expect(zoomed.width).toBeLessThanOrEqual(Math.round(second.width * 1.5) + 2);
    expect(zoomed.height).toBeGreaterThan(second.height * 1.4);
    expect(zoomed.pixels).toBeGreaterThan(second.pixels * 1.4);
    // Still page 2 of the same letter.
    await expect(status).toHaveText(`Page 2 of ${pages}`);
    expect(zoomed.text).toBe(second.text);

    console.info(`letter viewer: page 2 of ${pages}; 100% → 150%: ${second.width}×${second.height} → ${zoomed.width}×${zoomed.height} px on screen, canvas ${second.pixels} → ${zoomed.pixels} px wide`);

    // Fit to width: back to 100 % and the first size.
    await expect(fit).toBeEnabled();
    await fit.click();
    await expect(zoom).toHaveText('100%');
    await expect.poll(async () => (await drawn()).width).toBe(second.width);
    await expectLetterPageDrawn(page);
  });

  test("Grace cannot open Ada's offer: back to her own list, and the API answers 404", async ({ page }) => {
    await signInThroughApi(page, GRACE);
    for (const path of ['/careers/offer/offer-ada-extended', letterPath('offer-ada-extended', 'doc-ada-extended-letter')]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/careers\/offers$/);
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: 'Site Reliability Engineer' })).toBeVisible();
      await expect(page.getByText('Senior Robotics Engineer')).toHaveCount(0);
    }
    for (const path of [
      '/api/offer/offers/offer-ada-extended',
      '/api/offer/offers/offer-ada-extended/doc-ada-extended-letter/download',
      '/api/offer/offers/offer-ada-extended/doc-ada-extended-letter/receipt',
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain('Senior Robotics Engineer');
    }
  });
});
