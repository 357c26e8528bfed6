import {
  MatchDetailsResponseSchema,
  OverridesResponseSchema,
  PositionDetailsResponseSchema,
  PositionInsightsSchema,
} from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, manualClock, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, archivePosition, expectJsonError, storedPositions } from '../search/search.fixtures';
import { POSITIONS_REFRESH_MS } from './positions-version';

const POSITIONS = 60;

forEachDatabase('position calls (spec §7)', (context) => {
  let app: FastifyInstance;
  let acme: Awaited<ReturnType<typeof storedPositions>>;
  let globexId: number;
  let open: (typeof acme)[number];
  let archived: (typeof acme)[number];
  let sales: (typeof acme)[number];

  beforeAll(async () => {
    await seedForTests(context(), POSITIONS);
    ({ app } = await createTestApp(context(), { clock: { now: () => new Date('2025-03-01T00:00:00Z') } }));
    acme = await storedPositions(context().database, ACME);
    globexId = (await storedPositions(context().database, GLOBEX))[0]?.id ?? 0;
    const multiCity = acme.find((position) => position.archivedAt === null && position.places.length > 1);
    open = multiCity ?? (acme.find((position) => position.archivedAt === null) as (typeof acme)[number]);
    archived = acme.find((position) => position.archivedAt !== null) as (typeof acme)[number];
    sales = acme.find((position) => position.department === 'Sales') as (typeof acme)[number];
    expect(archived).toBeDefined();
    expect(sales).toBeDefined();
  });
  afterAll(() => app.close());

  describe('GET /api/pcsx/position_details', () => {
    it('answers an open position with metadata.isFallback false', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${open.id}` });
      expect(response.statusCode).toBe(200);
      const body = PositionDetailsResponseSchema.parse(response.json());
      expect(body.metadata.isFallback).toBe(false);
      expect(body.data).toMatchObject({ id: open.id, name: open.title, department: open.department, archived_at: null });
      expect(body.data.locations.map((location) => location.city)).toEqual(open.places.map((place) => place.city));
      expect(body.data.positionUserActions).toEqual({ isSaved: false, isInCart: false });
    });

    it('lists the queried location first', async () => {
      const last = open.places[open.places.length - 1]?.city ?? '';
      const response = await app.inject({
        method: 'GET',
        url: `/api/pcsx/position_details?position_id=${open.id}&queried_location=${encodeURIComponent(last)}`,
      });
      expect(PositionDetailsResponseSchema.parse(response.json()).data.locations[0]?.city).toBe(last);
    });

    it('still answers an archived position, marked as a fallback', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${archived.id}` });
      const body = PositionDetailsResponseSchema.parse(response.json());
      expect(body.metadata.isFallback).toBe(true);
      expect(body.data.archived_at).not.toBeNull();
    });

    it('answers 404 for unknown and other tenants’ ids, 400 for malformed ones', async () => {
      expectJsonError(await app.inject({ method: 'GET', url: '/api/pcsx/position_details?position_id=999999' }), 404);
      expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${globexId}` }), 404);
      // Past PostgreSQL's 32-bit ids: unknown, not a database error.
      expectJsonError(await app.inject({ method: 'GET', url: '/api/pcsx/position_details?position_id=2147483648' }), 404);
      for (const bad of ['abc', '-1', '0', '1.5', '1e3', '9999999999999999', '']) {
        expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${bad}` }), 400);
      }
      expectJsonError(await app.inject({ method: 'GET', url: '/api/pcsx/position_details' }), 400);
      expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${open.id}&position_id=2` }), 400);
    });

    it('fills positionUserActions for the signed-in candidate only', async () => {
      const ada = new TestClient(app);
      await ada.login(ADA);
      await ada.request({ method: 'POST', url: '/api/pcsx/positions/saved', payload: { position_id: open.id, action: 'save' } });
      const mine = await ada.request({ method: 'GET', url: `/api/pcsx/position_details?position_id=${open.id}` });
      expect(PositionDetailsResponseSchema.parse(mine.json()).data.positionUserActions.isSaved).toBe(true);
      const grace = new TestClient(app);
      await grace.login(GRACE);
      const theirs = await grace.request({ method: 'GET', url: `/api/pcsx/position_details?position_id=${open.id}` });
      expect(PositionDetailsResponseSchema.parse(theirs.json()).data.positionUserActions.isSaved).toBe(false);
      await ada.request({ method: 'POST', url: '/api/pcsx/positions/saved', payload: { position_id: open.id, action: 'unsave' } });
    });
  });

  describe('GET /api/pcsx/match_details', () => {
    it('needs a signed-in candidate: 401 with x-login', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/pcsx/match_details?position_id=${open.id}` });
      expectJsonError(response, 401);
      expect(response.headers['x-login']).toBe('1');
    });

    it('compares Ada’s skills, title and location with the position', async () => {
      const ada = new TestClient(app);
      await ada.login(ADA);
      const engineering = acme.find((position) => position.department === 'Engineering' && position.archivedAt === null);
      const response = await ada.request({ method: 'GET', url: `/api/pcsx/match_details?position_id=${engineering?.id}` });
      expect(response.statusCode).toBe(200);
      const { data } = MatchDetailsResponseSchema.parse(response.json());
      expect(data).not.toBeNull();
      expect(data?.score).toBeGreaterThanOrEqual(0);
      expect(data?.isStrongMatch).toBe((data?.score ?? 0) >= 0.7);
      expect([...(data?.matchedSkills ?? []), ...(data?.missingSkills ?? [])].length).toBeGreaterThan(0);
      expect(data?.reasons.length).toBeGreaterThan(0);
    });

    it('answers 404 for another tenant’s position', async () => {
      const ada = new TestClient(app);
      await ada.login(ADA);
      expectJsonError(await ada.request({ method: 'GET', url: `/api/pcsx/match_details?position_id=${globexId}` }), 404);
    });
  });

  describe('GET /api/pcsx/position_insights', () => {
    it('derives insights from stored rows', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/pcsx/position_insights?position_id=${open.id}` });
      const { insights } = PositionInsightsSchema.parse(response.json());
      const teamSize = insights.find((insight) => insight.type === 'team_size');
      expect(teamSize).toEqual({
        type: 'team_size',
        department: open.department,
        positions: acme.filter((position) => position.department === open.department).length,
      });
      const daysOpen = insights.find((insight) => insight.type === 'days_open');
      expect(daysOpen).toEqual({
        type: 'days_open',
        days: Math.floor((Date.parse('2025-03-01T00:00:00Z') - Date.parse(open.postedAt)) / 86_400_000),
      });
    });

    it('answers 404 where the overrides turn insights off (demo: Sales)', async () => {
      const error = expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/position_insights?position_id=${sales.id}` }), 404);
      expect(error.message).toBe('Insights are not shown for this position.');
    });
  });

  describe('GET /api/pcsx/overrides', () => {
    it('answers the merged overrides of the position (demo: Sales hides insights), {} when none apply', async () => {
      const salesOverrides = await app.inject({ method: 'GET', url: `/api/pcsx/overrides?position_id=${sales.id}` });
      expect(OverridesResponseSchema.parse(salesOverrides.json())).toEqual({ data: { positionDetailsConfig: { showInsights: false } } });
      const other = acme.find((position) => position.department !== 'Sales') as (typeof acme)[number];
      const none = await app.inject({ method: 'GET', url: `/api/pcsx/overrides?position_id=${other.id}` });
      expect(none.json()).toEqual({ data: {} });
    });

    it('answers 404 for unknown and other tenants’ ids', async () => {
      expectJsonError(await app.inject({ method: 'GET', url: '/api/pcsx/overrides?position_id=424242' }), 404);
      expectJsonError(await app.inject({ method: 'GET', url: `/api/pcsx/overrides?position_id=${globexId}` }), 404);
    });
  });

  it('answers another tenant’s candidate about their own tenant only', async () => {
    const hank = new TestClient(app);
    await hank.login(HANK);
    expectJsonError(await hank.request({ method: 'GET', url: `/api/pcsx/match_details?position_id=${open.id}&domain=${GLOBEX}` }), 404);
    const own = await hank.request({ method: 'GET', url: `/api/pcsx/position_details?position_id=${globexId}&domain=${GLOBEX}` });
    expect(own.statusCode).toBe(200);
  });

  describe('a change of positions', () => {
    it('reaches the details of a position read before within the refresh interval (P2 cache)', async () => {
      const clock = manualClock(new Date('2025-03-01T00:00:00Z'));
      const { app: clocked } = await createTestApp(context(), { clock });
      try {
        const victim = acme.find((position) => position.archivedAt === null && ![open.id, sales.id].includes(position.id));
        expect(victim).toBeDefined();
        const details = async () =>
          PositionDetailsResponseSchema.parse((await clocked.inject({ method: 'GET', url: `/api/pcsx/position_details?position_id=${victim?.id}` })).json());
        expect((await details()).metadata.isFallback).toBe(false);
        await archivePosition(context().database, ACME, victim?.id ?? 0);
        clock.advance(POSITIONS_REFRESH_MS);
        const after = await details();
        expect(after.metadata.isFallback).toBe(true);
        expect(after.data.archived_at).not.toBeNull();
      } finally {
        await clocked.close();
      }
    });
  });
});
