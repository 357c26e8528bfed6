import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations on the page as it is now, as "rule: help (targets)" lines, so a
 * failing expectation says what and where. `exclude` leaves out parts checked elsewhere (e.g. a frame
 * served by another page).
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
