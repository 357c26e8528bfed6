import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations on the page as it is now, as "rule: help (targets)" lines, so a
 * failing expectation says what and where. `exclude` leaves out parts checked elsewhere (e.g. a frame
 * served by another page). `alsoRules`: rules of lesser impact that must not fail either (issue 13: heading order,
 * duplicate landmarks).
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = [], alsoRules: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || alsoRules.includes(violation.id))
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
