import { DraftApplicationsResponseSchema, isOpenDraft, NudgesResponseSchema, type Nudge } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, manualClock, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, tenantIdOf } from '../search/search.fixtures';
import { candidateIdOf } from '../applications/applications.test-support';

const NUDGES = '/api/pcsx/dashboard/nudges';

forEachDatabase('dashboard nudges (issue 11)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;

  const nudgesOf = async (client: TestClient): Promise<Nudge[]> => {
    const response = await client.request({ method: 'GET', url: NUDGES });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return NudgesResponseSchema.parse(response.json()).nudges;
  };
  const idsOf = (nudges: Nudge[]) => nudges.map((nudge) => nudge.id);

  beforeAll(async () => {
    await seedForTests(context(), 60);
    // The seeded offers expire weeks after the seed's reference date: a clock there keeps Ada's Extended offer open.
    ({ app } = await createTestApp(context(), { clock: manualClock() }));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
    hank = new TestClient(app);
    await hank.login(HANK);
  });
  afterAll(() => app.close());

  it('answers 401 signed out', async () => {
    const visitor = new TestClient(app, '127.0.0.9');
    await visitor.start();
    const response = await visitor.request({ method: 'GET', url: NUDGES });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it("computes Ada's next steps from her data, most urgent first, with links and stable ids", async () => {
    const nudges = await nudgesOf(ada);
    const kinds = nudges.map((nudge) => nudge.kind);
    // The offer waiting for her signature, the forms asked of her, her open draft, her missing resume.
    expect(kinds).toContain('offer_action');
    expect(kinds).toContain('form_action');
    expect(kinds).toContain('draft_open');
    expect(kinds).toContain('upload_resume');
    expect(kinds.indexOf('offer_action')).toBeLessThan(kinds.indexOf('draft_open'));
    expect(kinds.indexOf('draft_open')).toBeLessThan(kinds.indexOf('upload_resume'));
    const offer = nudges.find((nudge) => nudge.id === 'offer:offer-ada-extended');
    expect(offer).toMatchObject({ kind: 'offer_action', link: '/careers/offer/offer-ada-extended' });
    // Expired, accepted and declined offers ask nothing.
    expect(idsOf(nudges)).not.toContain('offer:offer-ada-expired');
    expect(idsOf(nudges)).not.toContain('offer:offer-ada-accepted');
    // The draft's nudge continues the application; only open drafts are nudged about.
    const drafts = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: '/api/pcsx/draft_applications' })).json()).draft_applications;
    const open = drafts.filter(isOpenDraft).map((draft) => `draft:${draft.position_id}`);
    const closed = drafts.filter((draft) => !isOpenDraft(draft)).map((draft) => `draft:${draft.position_id}`);
    expect(open.length).toBeGreaterThan(0);
    for (const id of open) expect(idsOf(nudges)).toContain(id);
    for (const id of closed) expect(idsOf(nudges)).not.toContain(id);
    const draft = nudges.find((nudge) => nudge.kind === 'draft_open');
    expect(draft?.link).toMatch(/^\/careers\/apply\?pid=\d+$/);
    expect(idsOf(await nudgesOf(ada))).toEqual(idsOf(nudges));
  });

  it('finds jobs that match strongly from the profile against the index, and drops them once applied to', async () => {
    const database = context().database;
    const graceId = await candidateIdOf(database, GRACE.email);
    const tenantId = await tenantIdOf(database, ACME);
    const open = await database.db
      .selectFrom('positions')
      .select(['id', 'title', 'skills'])
      .where('tenantId', '=', tenantId)
      .where('archivedAt', 'is', null)
      .orderBy('id')
      .execute();
    const target = open.find((position) => (JSON.parse(position.skills) as string[]).length >= 2);
    if (!target) throw new Error('no seeded position with skills');
    const skills = JSON.parse(target.skills) as string[];
    await database.db
      .updateTable('candidateProfiles')
      .set({ skills: JSON.stringify(skills), title: target.title })
      .where('candidateId', '=', graceId)
      .execute();

    const before = await nudgesOf(grace);
    const strong = before.find((nudge) => nudge.kind === 'strong_matches');
    if (strong?.kind !== 'strong_matches') throw new Error('no strong matches nudge');
    expect(strong.positions.length).toBeGreaterThan(0);
    expect(strong.positions.length).toBeLessThanOrEqual(3);
    expect(strong.positions.map((position) => position.id)).toContain(target.id);
    for (const position of strong.positions) expect(position.score).toBeGreaterThanOrEqual(0.7);
    expect(strong.positions.find((position) => position.id === target.id)?.link).toBe(`/careers/job/${target.id}`);

    await database.db
      .insertInto('applications')
      .values({
        id: 'app-grace-strong-match', tenantId, candidateId: graceId, email: GRACE.email, positionId: target.id, positionName: target.title,
        stage: 'submitted', answers: '{}', formDefinitionId: null, submittedAt: '2025-02-28T00:00:00.000Z', updatedAt: '2025-02-28T00:00:00.000Z', withdrawnAt: null,
      })
      .execute();
    const after = (await nudgesOf(grace)).find((nudge) => nudge.kind === 'strong_matches');
    const afterIds = after?.kind === 'strong_matches' ? after.positions.map((position) => position.id) : [];
    expect(afterIds).not.toContain(target.id);
  });

  describe('T01: nobody sees another candidate’s next steps', () => {
    it("Grace's and Hank's nudges hold nothing of Ada's", async () => {
      const adaIds = idsOf(await nudgesOf(ada)).filter((id) => id.includes(':'));
      expect(adaIds.length).toBeGreaterThan(2);
      for (const [client, url] of [[grace, NUDGES], [hank, `${NUDGES}?domain=${GLOBEX}`]] as const) {
        const response = await client.request({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        for (const id of adaIds) expect(response.body).not.toContain(`"${id}"`);
        expect(response.body).not.toContain('offer-ada');
      }
    });

    it('a domain in the query never reaches another tenant: Hank asking for acme is signed out there', async () => {
      const response = await hank.request({ method: 'GET', url: `${NUDGES}?domain=${ACME}` });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('offer-ada');
    });
  });
});
