import { expect, type Download, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The fields of GET /api/offer/offers/{id} the specs read (packages/contracts/src/offers.ts has the rest). */
export interface OfferOnServer {
  id: string;
  status: string;
  offer_documents: { id: string; status: string; signed: boolean; b64_string?: string | null }[];
}

/** The offer as the server has it for the signed-in candidate; throws on anything but 200. */
export async function offerOnServer(page: Page, offerId: string): Promise<OfferOnServer> {
  const response = await page.request.get(`/api/offer/offers/${offerId}`);
  if (response.status() !== 200) throw new Error(`GET offer ${offerId}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { offer: OfferOnServer }).offer;
}

/** A fresh CSRF token for a state-changing call through page.request (the SPA reads it the same way). */
export async function csrfToken(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  const token = me.headers()['x-csrf-token'];
  if (!token) throw new Error('GET /api/auth/me sent no x-csrf-token');
  return token;
}

/** A small real PDF, as a candidate's "print, sign and scan" would produce. */
export async function signedScanPdf(signer: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Offer letter — signed copy', { x: 72, y: 700, size: 18, font });
  page.drawText(`Signed by ${signer}`, { x: 72, y: 660, size: 12, font });
  return Buffer.from(await pdf.save());
}

export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

export async function downloadedBytes(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/**
 * Counts the confetti layers the page adds (a full-window aria-hidden canvas appended to <body>, see
 * use-confetti-once.ts). Installed before any script runs, so even a burst that is over quickly is counted.
 */
export async function watchConfetti(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { confettiLayers: number };
    counted.confettiLayers = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLCanvasElement && record.target === document.body && node.getAttribute('aria-hidden') === 'true') {
            counted.confettiLayers += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export function confettiLayers(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { confettiLayers?: number }).confettiLayers ?? 0);
}

/**
 * The letter's current page is drawn by pdf.js at the width the viewer fits it to now (pdf-viewer.tsx: the
 * frame's content width, at most 880 px, at 100 %), with ink on it — not the skeleton, not the drawing
 * made for the previous window width.
 */
export async function expectLetterPageDrawn(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const frame = document.querySelector<HTMLElement>('main .pdf-viewer__frame');
          const canvas = frame?.querySelector('canvas');
          if (!frame || !canvas || frame.querySelector('.pdf-page-skeleton')) return 'loading';
          const style = getComputedStyle(frame);
          const content = frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          // Fit to width, never past the page's own size (US Letter: 816 CSS px at 100%, issue 8 §6).
          const expected = Math.max(200, Math.min(Math.floor(content), 816));
          const drawn = canvas.getBoundingClientRect().width;
          if (Math.abs(drawn - expected) > 1) return `drawn at ${drawn} px, fits ${expected} px`;
          const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
          if (!pixels) return 'no pixels';
          for (let index = 0; index < pixels.length; index += 4 * 97) {
            if ((pixels[index] ?? 255) < 160) return 'drawn';
          }
          return 'blank';
        }),
      { message: 'the offer letter page is drawn for this width' },
    )
    .toBe('drawn');
}
