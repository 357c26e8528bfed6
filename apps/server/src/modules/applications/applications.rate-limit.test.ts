import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { GLOBEX, storedPositions } from '../search/search.fixtures';
import { applyingRowCounts, validAnswers } from './applications.test-support';

// T06 for submits (issue 9): logged-out apply is open to anyone, so submits are limited per client address.
forEachDatabase('applying is rate limited per client address', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { rateLimits: { applyPerMinute: 2 } }));
  });
  afterAll(() => app.close());

  it('answers 429 past the limit, writing nothing, while drafts and reads go on', async () => {
    const visitor = new TestClient(app, '10.0.0.9');
    await visitor.start(GLOBEX);
    const positions = await storedPositions(context().database, GLOBEX);
    const open = positions.filter((position) => position.archivedAt === null).map((position) => position.id);
    const submit = (positionId: number | undefined) =>
      visitor.request({ method: 'POST', url: `/api/pcsx/apply?domain=${GLOBEX}`, payload: { position_ids: [positionId], values: validAnswers({ email: uniqueEmail('spam') }) } });
    expect((await submit(open[0])).statusCode).toBe(201);
    expect((await submit(open[1])).statusCode).toBe(201);
    const before = await applyingRowCounts(context().database);
    const refused = await submit(open[2]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await applyingRowCounts(context().database)).toEqual(before);
    expect((await visitor.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${open[2]}&domain=${GLOBEX}` })).statusCode).toBe(200);
  });
});
