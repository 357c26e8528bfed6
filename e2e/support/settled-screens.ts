import type { Page, TestInfo } from '@playwright/test';
import { DESKTOP, PHONE } from './screens';

export interface SettledCaptureOptions {
  /** Resolves once the page has settled at the new width (e.g. a PDF page redrawn for it). */
  ready?: (page: Page) => Promise<void>;
  /** false: the viewport only — for a modal, which a full-page capture would cut at the old scroll offset. */
  fullPage?: boolean;
}

/**
 * captureWidths (screens.ts) for pages that redraw after a resize or sit over a scrolled page: the same
 * names and attachments, but each width waits for `ready` and is taken from the top of the page, so a sticky
 * navbar is not painted halfway down a full-page capture.
 */
export async function captureSettledWidths(page: Page, testInfo: TestInfo, name: string, options: SettledCaptureOptions = {}): Promise<void> {
  const { ready, fullPage = true } = options;
  for (const [label, viewport] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    if (ready) await ready(page);
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage });
    await testInfo.attach(`${name}-${label}`, { path, contentType: 'image/png' });
  }
}
