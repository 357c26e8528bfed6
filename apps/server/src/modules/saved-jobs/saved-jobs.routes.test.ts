import { SavedPositionsResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, expectJsonError, positionIdsForCandidateSuites, tenantIdOf } from '../search/search.fixtures';

const SAVED = '/api/pcsx/positions/saved';

forEachDatabase('saved positions (spec §4, §7)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let openIds: number[];
  let archivedId: number;
  let globexId: number;

  const savedRows = async (email: string) => {
    const candidate = await context().database.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const rows = await context().database.db.selectFrom('savedPositions').select('positionId').where('candidateId', '=', candidate.id).execute();
    return rows.map((row) => row.positionId).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    await seedForTests(context(), 80);
    ({ app } = await createTestApp(context()));
    ({ openIds, archivedId, globexId } = await positionIdsForCandidateSuites(context().database));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
  });
  afterAll(() => app.close());

  it('lists Ada’s seeded saved jobs, newest save first, a closed one flagged', async () => {
    const response = await ada.request({ method: 'GET', url: SAVED });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = SavedPositionsResponseSchema.parse(response.json());
    expect(body.count).toBe(6);
    expect(body.positions.every((position) => position.positionUserActions.isSaved)).toBe(true);
    expect(body.positions.filter((position) => position.archived_at !== null)).toHaveLength(1);
    expect(body.positions.map((position) => position.id).sort((a, b) => a - b)).toEqual(await savedRows(ADA.email));
  });

  it('saves and unsaves, idempotently, and lists the newest save first', async () => {
    const already = await savedRows(ADA.email);
    const fresh = openIds.filter((id) => !already.includes(id)).at(-1) ?? 0;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await ada.request({ method: 'POST', url: SAVED, payload: { position_id: String(fresh), action: 'save' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ position_id: fresh, isSaved: true });
    }
    const list = SavedPositionsResponseSchema.parse((await ada.request({ method: 'GET', url: SAVED })).json());
    expect(list.positions[0]?.id).toBe(fresh);
    const unsave = await ada.request({ method: 'POST', url: SAVED, payload: { position_id: fresh, action: 'unsave' } });
    expect(unsave.json()).toEqual({ position_id: fresh, isSaved: false });
    expect(await savedRows(ADA.email)).not.toContain(fresh);
    // Unsaving what is not saved is fine too.
    expect((await ada.request({ method: 'POST', url: SAVED, payload: { position_id: fresh, action: 'unsave' } })).statusCode).toBe(200);
  });

  it('refuses to newly save a closed position, but lets it be unsaved', async () => {
    const error = expectJsonError(await grace.request({ method: 'POST', url: SAVED, payload: { position_id: archivedId, action: 'save' } }), 409);
    expect(error.message).toBe('This position is no longer open, so it cannot be saved.');
    expect((await grace.request({ method: 'POST', url: SAVED, payload: { position_id: archivedId, action: 'unsave' } })).statusCode).toBe(200);
  });

  it('needs a signed-in candidate and a CSRF token', async () => {
    const visitor = new TestClient(app);
    await visitor.start();
    const response = await visitor.request({ method: 'GET', url: SAVED });
    expectJsonError(response, 401);
    expect(response.headers['x-login']).toBe('1');
    expectJsonError(await visitor.request({ method: 'POST', url: SAVED, payload: { position_id: openIds[0], action: 'save' } }), 401);
    const before = await savedRows(ADA.email);
    const forged = await ada.request({ method: 'POST', url: SAVED, payload: { position_id: openIds[1], action: 'save' }, withCsrf: false });
    expectJsonError(forged, 403);
    expect(await savedRows(ADA.email)).toEqual(before);
  });

  it.each([
    [{}, 'position_id'],
    [{ position_id: 'abc', action: 'save' }, 'position_id'],
    [{ position_id: -4, action: 'save' }, 'position_id'],
    [{ position_id: 1, action: 'like' }, 'action'],
    [{ position_id: [1, 2], action: 'save' }, 'position_id'],
  ])('refuses the body %j (400 naming %s)', async (payload, field) => {
    const error = expectJsonError(await ada.request({ method: 'POST', url: SAVED, payload }), 400);
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  describe('T01: one candidate never reads or changes another’s saved jobs', () => {
    it('keeps Ada’s and Grace’s lists apart whatever ids they send', async () => {
      const adaBefore = await savedRows(ADA.email);
      const graceBefore = await savedRows(GRACE.email);
      // Grace "unsaves" every one of Ada's saved positions: only her own rows could change, and she has none of these.
      for (const id of adaBefore) {
        expect((await grace.request({ method: 'POST', url: SAVED, payload: { position_id: id, action: 'unsave' } })).statusCode).toBe(200);
      }
      expect(await savedRows(ADA.email)).toEqual(adaBefore);
      const graceList = SavedPositionsResponseSchema.parse((await grace.request({ method: 'GET', url: SAVED })).json());
      expect(graceList.positions.map((position) => position.id).sort((a, b) => a - b)).toEqual(graceBefore.filter((id) => !adaBefore.includes(id)));
      expect(graceList.positions.some((position) => adaBefore.includes(position.id) && !graceBefore.includes(position.id))).toBe(false);
    });

    it('answers 404 for another tenant’s positions, also through a tampered domain', async () => {
      const before = await savedRows(ADA.email);
      expectJsonError(await ada.request({ method: 'POST', url: SAVED, payload: { position_id: globexId, action: 'save' } }), 404);
      // A session belongs to one tenant: naming another signs Ada out there, so her token is refused first.
      expectJsonError(await ada.request({ method: 'POST', url: SAVED, payload: { position_id: globexId, action: 'save', domain: GLOBEX } }), 403);
      expectJsonError(await ada.request({ method: 'POST', url: SAVED, payload: { position_id: 999_999, action: 'save' } }), 404);
      expect(await savedRows(ADA.email)).toEqual(before);
      const hank = new TestClient(app);
      await hank.login(HANK);
      const hankList = SavedPositionsResponseSchema.parse((await hank.request({ method: 'GET', url: `${SAVED}?domain=${GLOBEX}` })).json());
      const acmeTenant = await tenantIdOf(context().database, ACME);
      const acmeIds = new Set(
        (await context().database.db.selectFrom('positions').select('id').where('tenantId', '=', acmeTenant).execute()).map((row) => row.id),
      );
      expect(hankList.positions.every((position) => !acmeIds.has(position.id))).toBe(true);
    });
  });
});
