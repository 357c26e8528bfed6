import type { Page, TestInfo } from '@playwright/test';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Full-page screenshots at phone and desktop widths, attached to the test report and kept in test-results. */
export async function captureWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [label, viewport] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${label}`, { path, contentType: 'image/png' });
  }
}
