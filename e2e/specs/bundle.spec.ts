import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { firstRouteFiles, staticClosure } from '../../apps/web/scripts/first-route.mjs';

const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

// P5, on the build e2e/run.mjs has just made: what a first visit downloads stays in budget, and the
// libraries only later screens need stay out of it.
test.describe('the first route of the build', () => {
  const { js, css } = firstRouteFiles(dist);

  test('is at most 150 KB of JS and 30 KB of CSS, gzip', () => {
    expect(js.reduce((sum, file) => sum + gzipKb(file), 0)).toBeLessThanOrEqual(150);
    expect(css.reduce((sum, file) => sum + gzipKb(file), 0)).toBeLessThanOrEqual(30);
  });

  test('carries neither zod (boot data is checked on a worker) nor the map, PDF or sanitizer code', () => {
    const sources = js.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    expect(js.filter((file) => /\/(zod|map-view|pdf-viewer|sanitize)-/.test(file))).toEqual([]);
    expect(sources).not.toMatch(/from"\.\/zod-[\w-]+\.js"/);
  });

  for (const [name, screens] of [
    ["a job page's screens (its route and the search's job pane)", ['src/app/routes/job-route.tsx', 'src/app/routes/position-pane.tsx']],
    ['the offers list and an offer', ['src/app/routes/offers-route.tsx', 'src/app/routes/offer-detail-route.tsx']],
    ['the dashboard', ['src/app/routes/dashboard-route.tsx']],
    ['the profile', ['src/app/routes/profile-route.tsx']],
    // The form engine judges answers with plain checks (forms/value-checks.ts); definitions are read on a worker.
    ['the apply page', ['src/app/routes/apply-route.tsx']],
    ['the forms center and a form', ['src/app/routes/forms-center-route.tsx']],
    ['the sign-in page and the sign-in modal', ['src/app/routes/login-route.tsx', 'src/features/auth/components/auth-modal.tsx']],
    ['the account settings', ['src/app/routes/settings-route.tsx']],
  ] as const) {
    test(`${name}: no zod is loaded before hydrating (P6)`, () => {
      // Their first answers are inlined by the server; the response schemas load with the first answer fetched.
      const { js } = staticClosure(dist, screens);
      expect(js.length).toBeGreaterThan(3);
      const sources = js.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
      expect(js.filter((file) => /\/zod-/.test(file))).toEqual([]);
      expect(sources).not.toMatch(/from"\.\/zod-[\w-]+\.js"/);
    });
  }

  test('leaves no lazy chunk over 50 KB gzip, the PDF viewer apart (P5)', () => {
    const lazy = readdirSync(join(dist, 'assets'))
      .map((file) => `assets/${file}`)
      .filter((file) => file.endsWith('.js') && !js.includes(file) && !/\/pdf-viewer-/.test(file));
    expect(lazy.length).toBeGreaterThan(10);
    const over = lazy.filter((file) => gzipKb(file) > 50).map((file) => `${file}: ${gzipKb(file).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  test("builds the form definition's schemas only on workers and in their fallback chunk, never in a form page's chunks (P6)", () => {
    // A message of FormDefinitionSchema's own refinements: where it is, the ~200 definition schemas are built.
    const holders = readdirSync(join(dist, 'assets'))
      .filter((file) => file.endsWith('.js') && readFileSync(join(dist, 'assets', file), 'utf8').includes('This item type needs a name'))
      .map((file) => file.replace(/-[\w-]{8}\.js$/, ''));
    expect(holders.sort()).toEqual(['boot-validation.worker', 'definition-check.worker', 'parse-definition']);
  });
});
