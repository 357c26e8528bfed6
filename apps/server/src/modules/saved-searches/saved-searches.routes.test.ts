import { SAVED_SEARCHES_MAX, SavedSearchResponseSchema, SavedSearchesResponseSchema, SearchResponseSchema, type SavedSearch } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, signedInClients, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, expectJsonError } from '../search/search.fixtures';

const PATH = '/api/pcsx/saved_searches';

forEachDatabase('saved searches (issue 12; spec §6 savedSearchMetadata)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;

  const rowsOf = async (email: string) => {
    const { db } = context().database;
    const candidate = await db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return db.selectFrom('savedSearches').selectAll().where('candidateId', '=', candidate.id).orderBy('createdAt').execute();
  };
  const save = async (client: TestClient, search: string, extra: Record<string, unknown> = {}) => {
    const response = await client.request({ method: 'POST', url: PATH, payload: { domain: ACME, search, ...extra } });
    return response;
  };
  const saved = async (client: TestClient, search: string, extra: Record<string, unknown> = {}): Promise<SavedSearch> => {
    const response = await save(client, search, extra);
    expect([200, 201], response.body).toContain(response.statusCode);
    return SavedSearchResponseSchema.parse(response.json()).data;
  };
  const list = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: PATH });
    expect(response.statusCode, response.body).toBe(200);
    return SavedSearchesResponseSchema.parse(response.json());
  };
  const searchMetadata = async (client: TestClient, query: string) => {
    const response = await client.request({ method: 'GET', url: `/api/pcsx/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json()).savedSearchMetadata;
  };

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    [ada, grace, hank] = (await signedInClients(app, ADA, GRACE, HANK)) as [TestClient, TestClient, TestClient];
  });
  afterAll(() => app.close());

  it('saves the current search with alerts on; the search then says it is saved, whatever the order of its params', async () => {
    expect(await searchMetadata(ada, 'query=robot&location=Boston&filter_department=Engineering')).toEqual({ isEnabled: true, isSaved: false });
    const created = await save(ada, 'location=Boston&filter_department=Engineering&query=robot');
    expect(created.statusCode, created.body).toBe(201);
    const body = SavedSearchResponseSchema.parse(created.json()).data;
    expect(body).toMatchObject({ name: 'robot · Boston', query: 'robot', location: 'Boston', filterCount: 1, alertsEnabled: true, lastAlertOn: null });
    expect(body.url).toBe('/careers?query=robot&filter_department=Engineering&location=Boston');
    expect(await searchMetadata(ada, 'query=robot&location=Boston&filter_department=Engineering&start=10&sort_by=newest')).toEqual({
      isEnabled: true,
      isSaved: true,
      savedSearchId: body.id,
    });
    // The same search again answers the one saved (200), never a second row.
    const again = await save(ada, 'query=robot&filter_department=Engineering&location=Boston', { name: 'Robots' });
    expect(again.statusCode).toBe(200);
    expect(SavedSearchResponseSchema.parse(again.json()).data.id).toBe(body.id);
    // Not Grace's: the same search is not saved for her.
    expect(await searchMetadata(grace, 'query=robot&location=Boston&filter_department=Engineering')).toEqual({ isEnabled: true, isSaved: false });
  });

  it('keeps a map area and its bounds; the link opens the map for it', async () => {
    const area = await saved(ada, 'query=engineer&location=Map%20Area&bounds=40,-75,45,-70', { name: 'Near Boston', alertsEnabled: false });
    expect(area.search).toBe('query=engineer&location=Map+Area&bounds=40%2C-75%2C45%2C-70');
    expect(area.url).toBe('/careers?query=engineer&tab=map');
    expect(area.alertsEnabled).toBe(false);
  });

  it('lists, renames, switches alerts and deletes — only the candidate’s own', async () => {
    const before = await list(ada);
    expect(before.max).toBe(SAVED_SEARCHES_MAX);
    // Not the seeded "Robotics in Boston": the one saved above.
    const target = before.data.find((search) => search.query === 'robot') as SavedSearch;
    expect(before.data.some((search) => search.name === 'Robotics in Boston')).toBe(true);
    const renamed = await ada.request({ method: 'POST', url: `${PATH}/${target.id}`, payload: { name: '  Robot jobs  ', alertsEnabled: false } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(SavedSearchResponseSchema.parse(renamed.json()).data).toMatchObject({ id: target.id, name: 'Robot jobs', alertsEnabled: false });

    // T01: Grace can neither change nor delete Ada's, and sees none of them.
    const adaRows = await rowsOf(ADA.email);
    expectJsonError(await grace.request({ method: 'POST', url: `${PATH}/${target.id}`, payload: { name: 'Mine now' } }), 404);
    expectJsonError(await grace.request({ method: 'DELETE', url: `${PATH}/${target.id}`, payload: {} }), 404);
    expect(await rowsOf(ADA.email)).toEqual(adaRows);
    expect((await list(grace)).data).toEqual([]);
    // A candidate of globex, where saved searches are off: 404 for everything, Ada's rows untouched.
    expectJsonError(await hank.request({ method: 'GET', url: `${PATH}?domain=globex.example` }), 404);
    expectJsonError(await hank.request({ method: 'DELETE', url: `${PATH}/${target.id}?domain=globex.example`, payload: {} }), 404);
    expectJsonError(await hank.request({ method: 'POST', url: `${PATH}?domain=globex.example`, payload: { search: 'query=x' } }), 404);
    expect(await rowsOf(ADA.email)).toEqual(adaRows);

    const deleted = await ada.request({ method: 'DELETE', url: `${PATH}/${target.id}`, payload: { domain: ACME } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list(ada)).data.map((search) => search.id)).not.toContain(target.id);
    expectJsonError(await ada.request({ method: 'DELETE', url: `${PATH}/${target.id}`, payload: {} }), 404);
    expect(await searchMetadata(ada, 'query=robot&location=Boston&filter_department=Engineering')).toEqual({ isEnabled: true, isSaved: false });
  });

  it('refuses bad input with field messages, and signed-out or CSRF-less calls', async () => {
    expectJsonError(await save(ada, 'query=a', { name: 'bad\u0000name' }), 400);
    expectJsonError(await save(ada, 'query=a\u0001b'), 400);
    expectJsonError(await save(ada, 'query=a', { name: '   ' }), 400);
    expectJsonError(await save(ada, 'query=a', { name: 'x'.repeat(101) }), 400);
    expectJsonError(await save(ada, 'latlong=north'), 400);
    expectJsonError(await save(ada, 'location=Map%20Area'), 400);
    expectJsonError(await save(ada, 'query=a', { alertsEnabled: 'yes' }), 400);
    expectJsonError(await ada.request({ method: 'POST', url: PATH, payload: { search: 42 } }), 400);
    const [first] = (await list(ada)).data;
    expectJsonError(await ada.request({ method: 'POST', url: `${PATH}/${first?.id ?? 'x'}`, payload: {} }), 400);

    const stranger = new TestClient(app);
    await stranger.start();
    expectJsonError(await stranger.request({ method: 'GET', url: PATH }), 401);
    expectJsonError(await stranger.request({ method: 'POST', url: PATH, payload: { search: 'query=a' } }), 401);
    expectJsonError(await ada.request({ method: 'POST', url: PATH, payload: { search: 'query=csrf' }, withCsrf: false }), 403);
    expect((await rowsOf(ADA.email)).some((row) => row.search === 'query=csrf')).toBe(false);
  });

  it(`caps a candidate at ${SAVED_SEARCHES_MAX} saved searches (409), and saving one already saved still answers`, async () => {
    const have = (await list(grace)).data.length;
    for (let index = have; index < SAVED_SEARCHES_MAX; index += 1) await saved(grace, `query=cap${index}`);
    const over = await save(grace, 'query=one-too-many');
    expectJsonError(over, 409);
    expect((await list(grace)).data).toHaveLength(SAVED_SEARCHES_MAX);
    expect((await save(grace, 'query=cap3')).statusCode).toBe(200);
  });
});
