import { PlaceSuggestionsResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';

// issue 8 §6: the location field suggested only Remote and current location; "Lond" was searched literally
// and "Mancheter" found nothing. The tenant's own places are suggested as the candidate types.
forEachDatabase('location suggestions (GET /api/pcsx/places)', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context(), 400);
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  const suggest = async (query: string, domain?: string) => {
    const url = `/api/pcsx/places?query=${encodeURIComponent(query)}${domain ? `&domain=${domain}` : ''}`;
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceSuggestionsResponseSchema.parse(response.json()).places;
  };

  it('completes the start of a city ("Lond" → London) and forgives a typo ("Mancheter" → Manchester)', async () => {
    expect((await suggest('Lond'))[0]).toMatchObject({ label: expect.stringMatching(/^London, /), location: expect.stringMatching(/^London, /) });
    expect((await suggest('Mancheter'))[0]?.label).toMatch(/^Manchester, /);
    expect((await suggest('mANCHESTER england'))[0]?.label).toMatch(/^Manchester, /);
    for (const place of await suggest('Lond')) expect(place.jobs).toBeGreaterThan(0);
  });

  it('suggests what a search for the suggestion finds: the same place, with jobs', async () => {
    const [london] = await suggest('London');
    const search = await app.inject({ method: 'GET', url: `/api/pcsx/search?location=${encodeURIComponent(london!.location)}` });
    const body = search.json() as { count: number; positions: { locations: { city: string }[] }[] };
    expect(body.count).toBeGreaterThan(0);
    expect(body.count).toBeLessThanOrEqual(london!.jobs);
    expect(body.positions.every((position) => position.locations.some((place) => place.city === 'London'))).toBe(true);
  });

  it('suggests nothing for text that is no place, and refuses one letter or none', async () => {
    expect(await suggest('zzqxv')).toEqual([]);
    for (const query of ['', 'L', ' ']) {
      const response = await app.inject({ method: 'GET', url: `/api/pcsx/places?query=${encodeURIComponent(query)}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});
