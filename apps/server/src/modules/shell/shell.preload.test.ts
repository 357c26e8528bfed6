import { bootQueryKeys, resultsCacheKey, type PreloadedQuery } from '@careers/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADA, createTestApp, GRACE, manualClock, seedForTests, TestClient } from '../../test/app';
import { bootDataOf, preloadedQueriesOf as preloaded } from '../../test/boot-data';
import { forEachDatabase } from '../../test/databases';
import { resolvePreloads, type ShellPreloadResolver } from './shell.preload';


/** A signed-in page also carries the candidate's cart (job-cart.preload.test.ts covers it). */
const withoutCart = (queries: PreloadedQuery[]) => queries.filter((query) => query.key[0] !== 'job-cart');

/** The search page's key for a plain query + location search (no filters, page 1, default sort). */
const searchKey = (query: string, location: string) =>
  [...bootQueryKeys.search(resultsCacheKey({ query, location, start: 0, filters: {}, sortOption: null, latlong: null, bounds: null }))];

forEachDatabase('HTML shell: preloaded first queries', (context) => {
  let app: FastifyInstance;
  const clock = manualClock();

  beforeAll(async () => {
    await seedForTests(context(), 40);
    ({ app } = await createTestApp(context(), { clock }));
  });
  afterAll(() => app.close());

  describe('search page', () => {
    it('carries the exact answer and key of the first search the page makes', async () => {
      const client = new TestClient(app);
      const page = await client.request({ method: 'GET', url: '/careers?query=engineer&location=London' });
      expect(page.statusCode).toBe(200);
      const api = await client.request({ method: 'GET', url: '/api/pcsx/search?query=engineer&location=London' });
      expect(preloaded(page.body)).toEqual([{ key: searchKey('engineer', 'London'), data: api.json() }]);
    });

    it('reads the address as the page does: path segments, hyphens as spaces, filters, sort and page', async () => {
      const client = new TestClient(app);
      const byPath = preloaded((await client.request({ method: 'GET', url: '/careers/software-engineer/New%20York' })).body);
      expect(byPath.map((query) => query.key)).toEqual([searchKey('software engineer', 'New York')]);

      const url = '/careers/search?query=engineer&filter_job_type=Full%20time&sort_by=newest&start=10';
      const [query] = preloaded((await client.request({ method: 'GET', url })).body);
      const filters = (JSON.parse(String(query?.key[1])) as unknown[])[3];
      expect(query?.key[0]).toBe('search');
      expect(JSON.parse(String(query?.key[1]))).toEqual(['engineer', '', 10, filters, 'newest', null, null]);
      expect(filters).toEqual([['employment_type', ['FULL_TIME']]]);
      const api = await client.request({
        method: 'GET',
        url: '/api/pcsx/search?query=engineer&location=&start=10&sort_by=newest&filter_employment_type=FULL_TIME',
      });
      expect(query?.data).toEqual(api.json());
    });

    it("answers for the signed-in candidate: their saved flags, never another's", async () => {
      const ada = new TestClient(app);
      await ada.login(ADA);
      const first = preloaded((await ada.request({ method: 'GET', url: '/careers' })).body)[0]?.data as {
        positions: { id: number; positionUserActions: { isSaved: boolean } }[];
      };
      const positionId = first.positions[0]?.id ?? 0;
      const saved = await ada.request({ method: 'POST', url: '/api/pcsx/positions/saved', payload: { position_id: positionId, action: 'save' } });
      expect(saved.statusCode).toBe(200);

      const mine = await ada.request({ method: 'GET', url: '/careers' });
      const api = await ada.request({ method: 'GET', url: '/api/pcsx/search?query=&location=' });
      const [query] = preloaded(mine.body);
      expect(query?.data).toEqual(api.json());
      expect((query?.data as typeof first).positions.find((position) => position.id === positionId)?.positionUserActions.isSaved).toBe(true);

      const grace = new TestClient(app);
      await grace.login(GRACE);
      const theirs = preloaded((await grace.request({ method: 'GET', url: '/careers' })).body)[0]?.data as typeof first;
      expect(theirs.positions.find((position) => position.id === positionId)?.positionUserActions.isSaved).toBe(false);
      const anonymous = preloaded((await app.inject({ method: 'GET', url: '/careers' })).body)[0]?.data as typeof first;
      expect(anonymous.positions.every((position) => !position.positionUserActions.isSaved)).toBe(true);
    });

    it('keeps a hostile query string inside the boot data script', async () => {
      // No hyphens: the page reads them as spaces (spec §2), and so does the preload.
      const hostile = '</script><script>alert(1)</script><!<"\u2028&';
      const response = await app.inject({ method: 'GET', url: `/careers?query=${encodeURIComponent(hostile)}` });
      expect(response.statusCode).toBe(200);
      // The built-in template has one script element: the boot data. Nothing in the query opens another.
      expect(response.body.match(/<script/g)).toHaveLength(1);
      expect(response.body.match(/<\/script>/g)).toHaveLength(1);
      const script = /<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
      expect(script).not.toMatch(/[<>\u2028]/);
      const [query] = preloaded(response.body);
      // The page reads the address the same way: runs of white space (U+2028 too) become one space.
      expect(JSON.parse(String(query?.key[1]))[0]).toBe(hostile.replace('\u2028', ' '));
    });

    it('preloads nothing where the page would not search at once or would search differently', async () => {
      for (const url of ['/careers?location=current%20location', '/careers?query=engineer&debug=1', '/careers/offers', '/careers/settings', '/careers/a/b/c', '/logout']) {
        const response = await app.inject({ method: 'GET', url });
        // A path with no screen answers 404, with the SPA that draws the 404 screen (issue 8 §6).
        expect(response.statusCode, url).toBe(url === '/careers/a/b/c' ? 404 : 200);
        expect(preloaded(response.body), url).toEqual([]);
      }
    });

    it('stops preloading for an address past the search rate limit, and the page still renders', async () => {
      const { app: limited } = await createTestApp(context(), { clock, rateLimits: { searchPerMinute: 2 } });
      try {
        const client = new TestClient(limited, '10.1.2.3');
        const counts: number[] = [];
        for (let index = 0; index < 3; index += 1) {
          const response = await client.request({ method: 'GET', url: `/careers?query=q${index}` });
          expect(response.statusCode).toBe(200);
          counts.push(preloaded(response.body).length);
        }
        expect(counts).toEqual([1, 1, 0]);
        expect(preloaded((await new TestClient(limited, '10.9.9.9').request({ method: 'GET', url: '/careers' })).body)).toHaveLength(1);
        clock.advance(60_000);
        expect(preloaded((await client.request({ method: 'GET', url: '/careers' })).body)).toHaveLength(1);
      } finally {
        await limited.close();
      }
    });
  });

  describe('job page', () => {
    it('carries the position_details answer under the key the page uses', async () => {
      const ada = new TestClient(app);
      await ada.login(ADA);
      const page = await ada.request({ method: 'GET', url: '/careers/job/3' });
      const api = await ada.request({ method: 'GET', url: '/api/pcsx/position_details?position_id=3' });
      expect(api.statusCode).toBe(200);
      expect(withoutCart(preloaded(page.body))).toEqual([{ key: ['position-details', '3', null], data: api.json() }]);
      const privateLink = await ada.request({ method: 'GET', url: '/careers/job/private?pid=3' });
      expect(withoutCart(preloaded(privateLink.body))).toEqual([{ key: ['position-details', '3', null], data: api.json() }]);
    });

    it('preloads nothing for an unknown or malformed id, and the page keeps its status', async () => {
      const unknown = await app.inject({ method: 'GET', url: '/careers/job/999999' });
      expect(unknown.statusCode).toBe(404);
      expect(preloaded(unknown.body)).toEqual([]);
      expect(preloaded((await app.inject({ method: 'GET', url: '/careers/job/abc' })).body)).toEqual([]);
    });
  });

  describe('offers page', () => {
    it("carries the signed-in candidate's own offers and nobody else's", async () => {
      const ada = new TestClient(app);
      await ada.login(ADA);
      const page = await ada.request({ method: 'GET', url: '/careers/offers' });
      expect(page.headers['cache-control']).toBe('no-store');
      const api = await ada.request({ method: 'GET', url: '/api/offer/offers' });
      expect(withoutCart(preloaded(page.body))).toEqual([{ key: ['offers', 'list'], data: api.json() }]);

      const grace = new TestClient(app);
      await grace.login(GRACE);
      const [theirs] = preloaded((await grace.request({ method: 'GET', url: '/careers/offers' })).body);
      const adaIds = (api.json() as { offers: { id: string }[] }).offers.map((offer) => offer.id);
      const graceIds = (theirs?.data as { offers: { id: string }[] }).offers.map((offer) => offer.id);
      expect(adaIds.length).toBeGreaterThan(0);
      expect(graceIds).toEqual(['offer-grace-extended']);
      expect(graceIds.some((id) => adaIds.includes(id))).toBe(false);
      expect(bootDataOf((await grace.request({ method: 'GET', url: '/careers/offers' })).body).userStore.user?.email).toBe(GRACE.email);
    });

    it('preloads nothing for a visitor who is not signed in', async () => {
      expect(preloaded((await app.inject({ method: 'GET', url: '/careers/offers' })).body)).toEqual([]);
    });
  });
});

describe('resolvePreloads', () => {
  const request = { log: { warn: vi.fn(), info: vi.fn() } } as unknown as FastifyRequest;
  const answer = (name: string): ShellPreloadResolver => async () => [{ key: [name], data: { name } }];

  it('keeps the answers that came and drops a failing or slow one, logging why', async () => {
    const failing: ShellPreloadResolver = async () => {
      throw new Error('database down');
    };
    const throwingAtOnce: ShellPreloadResolver = () => {
      throw new Error('bug');
    };
    const slow: ShellPreloadResolver = () => new Promise((resolve) => setTimeout(() => resolve([{ key: ['slow'], data: 1 }]), 200));
    const queries = await resolvePreloads(request, '/careers', [answer('a'), failing, throwingAtOnce, slow, answer('b')], 50);
    expect(queries).toEqual([
      { key: ['a'], data: { name: 'a' } },
      { key: ['b'], data: { name: 'b' } },
    ]);
    expect(request.log.warn).toHaveBeenCalledTimes(2);
    expect(request.log.info).toHaveBeenCalledTimes(1);
  });
});
