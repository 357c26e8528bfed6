import { gunzipSync } from 'node:zlib';
import { haversineMiles } from '../../search-engine/geo';
import { descriptionSummary, parseMarkerValue, SEARCH_QUERY_MAX_LENGTH, SEARCH_SUMMARY_MAX_LENGTH, SearchResponseSchema, type SearchResponse } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, manualClock, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, archivePosition, expectJsonError, search, searchUrl, storedPositions } from './search.fixtures';
import { SEARCH_REFRESH_MS } from './search.service';

const POSITIONS = 400;

forEachDatabase('GET /api/pcsx/search', (context) => {
  let app: FastifyInstance;
  const clock = manualClock(new Date());
  let stored: Awaited<ReturnType<typeof storedPositions>>;
  let open: typeof stored;

  beforeAll(async () => {
    await seedForTests(context(), POSITIONS);
    ({ app } = await createTestApp(context(), { clock }));
    stored = await storedPositions(context().database, ACME);
    open = stored.filter((position) => position.archivedAt === null);
  });
  afterAll(() => app.close());

  const optionsOf = (response: SearchResponse, filterName: string) =>
    Object.fromEntries((response.filterDef.allFilters.find((entry) => entry.filterName === filterName)?.options ?? []).map((option) => [option.value, option.count]));

  describe('browsing', () => {
    it('lists every open position of the tenant, newest first, ten at a time', async () => {
      const response = await search(app, {});
      expect(response.count).toBe(open.length);
      expect(response.positions).toHaveLength(10);
      const newest = [...open].sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt) || b.id - a.id).slice(0, 10);
      expect(response.positions.map((position) => position.id)).toEqual(newest.map((position) => position.id));
      expect(response.sortBy).toBe('relevance');
      expect(response.resultsMetaData).toMatchObject({ start: 0, num: 10, hasMore: true, locationKind: 'none', corrections: [], ignoredFilters: [] });
      expect(response.savedSearchMetadata).toEqual({ isEnabled: false, isSaved: false });
      expect(response.debugData).toBeUndefined();
    });

    it('carries a one-line summary of each description instead of the description (the card shows none)', async () => {
      const response = await search(app, {});
      for (const position of response.positions) {
        const description = stored.find((candidate) => candidate.id === position.id)?.description ?? '';
        expect(position).not.toHaveProperty('description');
        expect(position.summary).toBe(descriptionSummary(description, SEARCH_SUMMARY_MAX_LENGTH));
        expect(position.summary.length).toBeLessThanOrEqual(SEARCH_SUMMARY_MAX_LENGTH);
        expect(position.summary).not.toContain('\n');
        // The job page still reads the whole description.
        const details = await app.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${position.id}` });
        expect((details.json() as { data: { description: string } }).data.description).toBe(description);
      }
      // Descriptions are longer than a summary: the answer got smaller.
      expect(response.positions.some((position) => position.summary.endsWith('…'))).toBe(true);
    });

    it('describes every configured filter with display names, labels and counts over the results', async () => {
      const response = await search(app, {});
      expect(response.filterDef.allFilters.map((entry) => [entry.filterName, entry.displayName])).toEqual([
        ['department', 'Team'],
        ['employment_type', 'Job type'],
        ['seniority', 'Experience level'],
        ['remote', 'Workplace'],
        ['location', 'City'],
        ['latlong_non_remote', 'latlong_non_remote'],
        ['latlong_remote', 'latlong_remote'],
      ]);
      const departments = optionsOf(response, 'department');
      for (const [department, count] of Object.entries(departments)) {
        expect(count).toBe(open.filter((position) => position.department === department).length);
      }
      const types = response.filterDef.allFilters.find((entry) => entry.filterName === 'employment_type')?.options ?? [];
      expect(types.find((option) => option.value === 'FULL_TIME')?.label).toBe('Full time');
      expect(optionsOf(response, 'remote')).toEqual({
        true: open.filter((position) => position.isRemote === 1).length,
        false: open.filter((position) => position.isRemote === 0).length,
      });
    });

    it('returns map markers whose counts add up to the positions at each place', async () => {
      const response = await search(app, {});
      const markers = response.filterDef.allFilters.find((entry) => entry.filterName === 'latlong_non_remote')?.options ?? [];
      expect(markers.length).toBeGreaterThan(10);
      for (const marker of markers.slice(0, 5)) {
        const parsed = parseMarkerValue(marker.value);
        expect(parsed).not.toBeNull();
        expect(marker.label).toBe(String(marker.count));
        const here = open.filter(
          (position) =>
            position.isRemote === 0 && position.places.some((place) => place.lat === parsed?.latlong.lat && place.lng === parsed.latlong.lng),
        );
        expect(marker.count).toBe(here.length);
      }
    });

    it('pages without gaps or repeats and reports hasMore', async () => {
      const filters = { filter_department: 'Engineering' };
      const first = await search(app, filters);
      const seen: number[] = [];
      for (let start = 0; start < first.count; start += 10) {
        const page = await search(app, { ...filters, start: String(start) });
        expect(page.count).toBe(first.count);
        expect(page.resultsMetaData.hasMore).toBe(start + 10 < first.count);
        seen.push(...page.positions.map((position) => position.id));
      }
      expect(new Set(seen).size).toBe(first.count);
      expect(seen).toHaveLength(first.count);
      const beyond = await search(app, { ...filters, start: String(first.count + 10) });
      expect(beyond).toMatchObject({ count: first.count, positions: [] });
    });

    it('never shows another tenant’s positions', async () => {
      const globex = await storedPositions(context().database, GLOBEX);
      const response = await search(app, { domain: GLOBEX });
      expect(response.count).toBe(globex.filter((position) => position.archivedAt === null).length);
      const acmeIds = new Set(stored.map((position) => position.id));
      expect(response.positions.every((position) => !acmeIds.has(position.id))).toBe(true);
    });
  });

  describe('free text', () => {
    it('matches word prefixes, ranks title matches first and honours newest', async () => {
      const response = await search(app, { query: 'engin' });
      expect(response.count).toBeGreaterThan(0);
      // Prefixes reach the title, skills and department only (a description must hold the whole word).
      for (const position of response.positions) {
        expect(`${position.name} ${position.department} ${position.skills.join(' ')}`.toLowerCase()).toContain('engin');
        expect(position).not.toHaveProperty('description');
        expect(position.summary.length).toBeGreaterThan(0);
      }
      // Title weighs most: the top result has the word in its title.
      expect(response.positions[0]?.name.toLowerCase()).toContain('engineer');
      const newest = await search(app, { query: 'engin', sort_by: 'newest' });
      expect(newest.count).toBe(response.count);
      const dates = newest.positions.map((position) => Date.parse(position.posted_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('tolerates one wrong letter in a long word and says so', async () => {
      const exact = await search(app, { query: 'engineer' });
      const typo = await search(app, { query: 'enginer' });
      expect(typo.count).toBeGreaterThan(0);
      expect(typo.count).toBeLessThanOrEqual(exact.count);
      expect(typo.resultsMetaData.corrections).toEqual([{ term: 'enginer', variants: expect.arrayContaining(['engineer']) }]);
      expect(exact.resultsMetaData.corrections).toEqual([]);
    });

    it('finds nothing for words nowhere in the positions', async () => {
      expect((await search(app, { query: 'xylophonist' })).count).toBe(0);
    });

    it('never finds archived positions, even by their own title', async () => {
      const archived = stored.find((position) => position.archivedAt !== null);
      expect(archived).toBeDefined();
      const response = await search(app, { query: archived?.title ?? '' });
      expect(response.positions.some((position) => position.id === archived?.id)).toBe(false);
    });
  });

  describe('location', () => {
    it('matches a typed city, with its region, or a country', async () => {
      for (const location of ['Boston', 'boston, ma', 'Boston, MA, United States']) {
        const response = await search(app, { location });
        expect(response.count).toBe(open.filter((position) => position.places.some((place) => place.city === 'Boston')).length);
        expect(response.positions[0]?.locations[0]?.city).toBe('Boston');
      }
      const germany = await search(app, { location: 'germany' });
      expect(germany.count).toBe(open.filter((position) => position.places.some((place) => place.country === 'Germany')).length);
    });

    it('keeps remote roles for "remote"', async () => {
      const response = await search(app, { location: 'remote' });
      expect(response.count).toBe(open.filter((position) => position.isRemote === 1).length);
      expect(response.positions.every((position) => position.is_remote)).toBe(true);
    });

    it('applies a radius around a typed city, nearest first', async () => {
      const boston = { lat: 42.3601, lng: -71.0589 };
      const response = await search(app, { location: 'Boston', filter_distance: '250' });
      const within = open.filter((position) => position.places.some((place) => haversineMiles(boston, place) <= 250));
      expect(response.count).toBe(within.length);
      expect(response.count).toBeGreaterThan((await search(app, { location: 'Boston' })).count);
      expect(response.appliedFilters).toEqual({ distance: ['250'] });
    });

    it('applies a radius in kilometres (issue 13): 400km is 248.5 miles, and the filter keeps its unit', async () => {
      const boston = { lat: 42.3601, lng: -71.0589 };
      const response = await search(app, { location: 'Boston', filter_distance: '400km' });
      const within = open.filter((position) => position.places.some((place) => haversineMiles(boston, place) <= 400 / 1.609344));
      expect(response.count).toBe(within.length);
      expect(response.count).toBeLessThan((await search(app, { location: 'Boston', filter_distance: '400' })).count);
      expect(response.appliedFilters).toEqual({ distance: ['400km'] });
    });

    it('searches around current location, at a Map Location and inside a Map Area', async () => {
      const near = await search(app, { location: 'current location', latlong: '40.7128,-74.006', filter_distance: '10' });
      expect(near.count).toBe(open.filter((position) => position.places.some((place) => place.city === 'New York')).length);
      const marker = (await search(app, {})).filterDef.allFilters.find((entry) => entry.filterName === 'latlong_non_remote')?.options[0];
      const point = parseMarkerValue(marker?.value ?? '');
      const at = await search(app, { location: 'Map Location', latlong: `${point?.latlong.lat},${point?.latlong.lng}`, filter_distance: '0' });
      expect(at.count).toBeGreaterThanOrEqual(marker?.count ?? 0);
      const area = await search(app, { location: 'Map Area', bounds: '49,-11,61,2' });
      expect(area.count).toBe(
        open.filter((position) => position.places.some((place) => place.lat >= 49 && place.lat <= 61 && place.lng >= -11 && place.lng <= 2)).length,
      );
      expect(area.resultsMetaData.locationKind).toBe('map_area');
    });
  });

  describe('filters', () => {
    it('ANDs filters, ORs values, and counts each facet without its own filter', async () => {
      const response = await search(app, { filter_department: 'Engineering,Sales', filter_employment_type: 'FULL_TIME' });
      const expected = open.filter((position) => ['Engineering', 'Sales'].includes(position.department) && position.employmentType === 'FULL_TIME');
      expect(response.count).toBe(expected.length);
      expect(response.positions.every((position) => ['Engineering', 'Sales'].includes(position.department) && position.employment_type === 'FULL_TIME')).toBe(true);
      // Departments counted over FULL_TIME positions only (the department filter itself left out).
      const departments = optionsOf(response, 'department');
      expect(departments.Design).toBe(open.filter((position) => position.department === 'Design' && position.employmentType === 'FULL_TIME').length);
      const types = optionsOf(response, 'employment_type');
      expect(types.CONTRACT).toBe(open.filter((position) => ['Engineering', 'Sales'].includes(position.department) && position.employmentType === 'CONTRACT').length);
      expect(response.appliedFilters).toEqual({ department: ['Engineering', 'Sales'], employment_type: ['FULL_TIME'] });
    });

    it('maps display-name aliases and option labels back (spec §2)', async () => {
      const aliased = await search(app, { filter_job_type: 'Full time', filter_team: 'Engineering', filter_workplace: 'Remote' });
      expect(aliased.appliedFilters).toEqual({ employment_type: ['FULL_TIME'], department: ['Engineering'], remote: ['true'] });
      const direct = await search(app, { filter_employment_type: 'FULL_TIME', filter_department: 'Engineering', filter_remote: 'true' });
      expect(aliased.count).toBe(direct.count);
    });

    it('ignores filters the tenant has not configured and names them', async () => {
      const response = await search(app, { filter_colour: 'red', 'filter_bad-name': 'x', filter_department: 'Engineering' });
      expect(response.appliedFilters).toEqual({ department: ['Engineering'] });
      expect(response.resultsMetaData.ignoredFilters).toEqual(['filter_bad-name', 'filter_colour']);
      // Globex does not configure seniority.
      const globex = await search(app, { domain: GLOBEX, filter_seniority: 'senior' });
      expect(globex.resultsMetaData.ignoredFilters).toEqual(['filter_seniority']);
    });

    it('lists a selected value nothing has, with count 0, so it can be cleared', async () => {
      const response = await search(app, { filter_department: 'Astronauts' });
      expect(response.count).toBe(0);
      expect(response.filterDef.allFilters.find((entry) => entry.filterName === 'department')?.options).toContainEqual({
        label: 'Astronauts',
        value: 'Astronauts',
        count: 0,
      });
    });
  });

  describe('for a signed-in candidate', () => {
    it('marks saved and cart positions and offers saved searches', async () => {
      const client = new TestClient(app);
      await client.login(ADA);
      const saved = (await client.request({ method: 'GET', url: '/api/pcsx/positions/saved' })).json() as { positions: { id: number; archived_at: string | null }[] };
      const target = saved.positions.find((position) => position.archived_at === null);
      expect(target).toBeDefined();
      const stored = open.find((position) => position.id === target?.id);
      const response = await client.request({ method: 'GET', url: searchUrl({ query: stored?.title ?? '', location: stored?.places[0]?.city ?? '' }) });
      const body = response.json() as SearchResponse;
      const found = body.positions.find((position) => position.id === target?.id);
      expect(found?.positionUserActions).toEqual({ isSaved: true, isInCart: false });
      expect(body.savedSearchMetadata).toEqual({ isEnabled: true, isSaved: false });
      // The same search signed out (served from the answer cache) carries no flags.
      const anonymous = await search(app, { query: stored?.title ?? '', location: stored?.places[0]?.city ?? '' });
      expect(anonymous.positions.find((position) => position.id === target?.id)?.positionUserActions).toEqual({ isSaved: false, isInCart: false });
      expect(anonymous.savedSearchMetadata.isEnabled).toBe(false);
    });
  });

  describe('compression', () => {
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

    it('gzips an answer for a client that takes gzip; the same JSON as sent plain, cached or not', async () => {
      const url = searchUrl({ query: 'engineer', filter_employment_type: 'FULL_TIME' });
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      // Twice: the first compressed send gzips the cached answer, the second serves that copy.
      for (let round = 0; round < 2; round += 1) {
        const zipped = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(zipped.statusCode).toBe(200);
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(zipped.headers.vary).toBe('Accept-Encoding');
        expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
        expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
    });

    it('gzips a signed-in candidate\'s answer too, with their flags', async () => {
      const client = new TestClient(app);
      await client.login(ADA);
      const url = searchUrl({ query: 'engineer' });
      const plain = await client.request({ method: 'GET', url });
      const zipped = await client.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
      expect((plain.json() as SearchResponse).savedSearchMetadata.isEnabled).toBe(true);
    });

    it('sends plain JSON when gzip is refused (q=0) or not offered', async () => {
      const url = searchUrl({ query: 'robotics' });
      for (const header of ['gzip;q=0', 'br', 'identity', 'gzip;q=0, *']) {
        const response = await get(url, { 'accept-encoding': header });
        expect(response.headers['content-encoding'], header).toBeUndefined();
        expect(SearchResponseSchema.parse(response.json()).count, header).toBeGreaterThan(0);
      }
    });

    it('sends errors plain, as JSON', async () => {
      const response = await get(searchUrl({ start: '-1' }), { 'accept-encoding': 'gzip' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('when positions change', () => {
    it('drops an archived position from results and counts within the refresh interval', async () => {
      const before = await search(app, { filter_department: 'Design' });
      const victim = before.positions[0];
      expect(victim).toBeDefined();
      await archivePosition(context().database, ACME, victim?.id ?? 0);
      clock.advance(SEARCH_REFRESH_MS);
      const after = await search(app, { filter_department: 'Design' });
      expect(after.count).toBe(before.count - 1);
      expect(after.positions.some((position) => position.id === victim?.id)).toBe(false);
    });
  });

  describe('debug data (T23)', () => {
    it('is given only when asked for', async () => {
      const response = await search(app, { query: 'robot', debug: '1' });
      expect(response.debugData).toMatchObject({ dialect: context().dialect, engineQuery: expect.any(String) });
      expect((await search(app, { query: 'robot' })).debugData).toBeUndefined();
    });

    it('is inert in production', async () => {
      const production = await createTestApp(context(), { config: { nodeEnv: 'production' } });
      try {
        expect((await search(production.app, { query: 'robot', debug: '1' })).debugData).toBeUndefined();
      } finally {
        await production.app.close();
      }
    });
  });

  describe('bad input: a clear 4xx or an empty result, never a 500', () => {
    it.each([
      ['start=-1', 'start'],
      ['start=1.5', 'start'],
      ['start=99999999', 'start'],
      ['start=1e3', 'start'],
      ['sort_by=price', 'sort_by'],
      [`query=${'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, 'query'],
      ['latlong=91,0&location=current+location', 'latlong'],
      ['latlong=abc&location=Map+Location', 'latlong'],
      ['location=current+location', 'latlong'],
      ['location=Map+Area&bounds=10,0,5,0', 'bounds'],
      ['filter_distance=-5&location=Boston', 'filter_distance'],
      ['filter_distance=5mi&location=Boston', 'filter_distance'],
      ['filter_distance=20037km&location=Boston', 'filter_distance'],
      ['query=a&query=b', 'query'],
      ['query=%00nurse', '_'],
    ])('%s → 400 naming %s', async (params, field) => {
      const error = expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/search?${params}` }), 400);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    });

    it('answers 10 KB query strings with a 400, not a crash', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/pcsx/search?query=${'a'.repeat(10_240)}` });
      expectJsonError(response, 400);
      const manyFilters = Array.from({ length: 400 }, (_, index) => `filter_f${index}=v`).join('&');
      expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/search?${manyFilters}` }), 400);
    });

    it.each(['"nurse', 'engineer*', 'NEAR(robot arm)', '-engineer', 'title:robot', '^robot', '(((', "'; drop table positions; --", 'AND OR NOT'])(
      'treats %j as words, never as engine syntax',
      async (query) => {
        const response = await search(app, { query });
        expect(response.count).toBeGreaterThanOrEqual(0);
      },
    );

    it('ignores unknown params and unknown special locations', async () => {
      const response = await search(app, { utm_source: 'mail', pid: '12', location: 'Atlantis' });
      expect(response.count).toBe(0);
    });
  });
});

forEachDatabase('search rate limit (T06)', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { rateLimits: { searchPerMinute: 3 } }));
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After and the spec message past the limit, per client address', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/pcsx/search', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'GET', url: '/api/pcsx/search', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '1.2.3.4' } });
    const error = expectJsonError(refused, 429);
    expect(error.message).toBe('Please try again in a few minutes');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/pcsx/search', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
  });
});
