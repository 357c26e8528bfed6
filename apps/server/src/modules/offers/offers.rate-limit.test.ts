import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { signedIn } from './offers.test-support';

// T06 for the offer routes that stamp, store or draw PDFs: refused past the limit before any PDF work.
forEachDatabase('offer PDF work is rate limited per client address', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { rateLimits: { offerWritesPerMinute: 2 } }));
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After and the spec message, and the offer stays unsigned', async () => {
    const ada = await signedIn(app, ADA, '10.0.0.7');
    const accept = () =>
      ada.request({
        method: 'POST',
        url: '/api/offer/offers/offer-ada-extended/doc-ada-extended-letter/accept',
        payload: { agreed: true, signature: 'Not Her Name' },
      });
    // Refused signatures (wrong name) still count: the limit is on the work a request may cause.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const status = (await accept()).statusCode;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).not.toBe(429);
    }
    const refused = await accept();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited', message: 'Please try again in a few minutes' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const offer = await ada.request({ method: 'GET', url: '/api/offer/offers/offer-ada-extended' });
    expect(offer.json().offer.offer_documents[0].signed).toBe(false);
  });
});
