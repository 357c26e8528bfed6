import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';

// issue 8 §6: an unknown /careers/... path showed the 404 screen with HTTP 200, so search engines indexed it.
forEachDatabase('HTML shell: paths without a screen', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  it('answers 404 with the SPA shell (it draws the 404 screen) and noindex', async () => {
    for (const url of ['/careers/a/b/c', '/careers/dashboard/extra', '/careers/applications/x/y', '/careers/offers/extra', '/careers/offer-letter', '/careers/job/3/extra?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body, url).toContain('<script id="boot-data" type="application/json">');
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('answers 200 for the screens and for searches by path', async () => {
    for (const url of ['/careers', '/careers/', '/careers/search?query=x', '/careers/engineer', '/careers/engineer/London', '/careers/login', '/careers/offers', '/careers/offer/o-1', '/careers/job/3', '/careers/dashboard', '/careers/applications', '/logout']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

