import {
  DashboardEventsResponseSchema,
  DashboardInterviewsResponseSchema,
  DashboardReferralsResponseSchema,
  DraftApplicationsResponseSchema,
  interviewCalendarPath,
  isOpenDraft,
  NudgesResponseSchema,
  type Nudge,
} from '@careers/contracts';
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
    // The offer waiting for her signature, the forms asked of her, her open draft; her resume is on file (seeded).
    expect(kinds).toContain('offer_action');
    expect(kinds).toContain('form_action');
    expect(kinds).toContain('draft_open');
    expect(kinds).not.toContain('upload_resume');
    expect(kinds.indexOf('offer_action')).toBeLessThan(kinds.indexOf('draft_open'));
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
      .set({ skills: JSON.stringify(skills), headline: target.title })
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

  describe('interviews, events and referrals (the employer’s data, the candidate’s view)', () => {
    const INTERVIEWS = '/api/pcsx/dashboard/interviews';
    const EVENTS = '/api/pcsx/dashboard/events';
    const REFERRALS = '/api/pcsx/dashboard/referrals';

    it('answers 401 signed out on every read and on the calendar file', async () => {
      const visitor = new TestClient(app, '127.0.0.9');
      await visitor.start();
      for (const url of [INTERVIEWS, EVENTS, REFERRALS, interviewCalendarPath('interview-ada-video')]) {
        const response = await visitor.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
      }
    });

    it("lists Ada's interviews upcoming and past, and only hers", async () => {
      const response = await ada.request({ method: 'GET', url: INTERVIEWS });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      const { upcoming, past } = DashboardInterviewsResponseSchema.parse(response.json()).data;
      expect(upcoming.map((interview) => interview.id)).toEqual(['interview-ada-video', 'interview-ada-rescheduled']);
      expect(past.map((interview) => interview.id)).toEqual(['interview-ada-onsite']);
      expect(upcoming[0]).toMatchObject({ time_zone: 'Europe/London', kind: 'video' });

      const graces = DashboardInterviewsResponseSchema.parse((await grace.request({ method: 'GET', url: INTERVIEWS })).json()).data;
      expect([...graces.upcoming, ...graces.past].map((interview) => interview.id)).toEqual(['interview-grace-phone']);
      const hanks = await hank.request({ method: 'GET', url: `${INTERVIEWS}?domain=${GLOBEX}` });
      expect(DashboardInterviewsResponseSchema.parse(hanks.json()).data).toEqual({ upcoming: [], past: [] });
    });

    it('downloads an interview as a calendar file, and 404s anyone else’s', async () => {
      const response = await ada.request({ method: 'GET', url: interviewCalendarPath('interview-ada-video') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.ics"/);
      expect(response.body).toContain('BEGIN:VCALENDAR');
      expect(response.body).toContain('UID:interview-interview-ada-video@acme.example');
      expect(response.body).toContain('TZID=Europe/London');

      for (const [client, url] of [
        [grace, interviewCalendarPath('interview-ada-video')],
        [hank, `${interviewCalendarPath('interview-ada-video')}?domain=${GLOBEX}`],
        [ada, interviewCalendarPath('interview-grace-phone')],
        [ada, interviewCalendarPath('no-such-interview')],
      ] as const) {
        const foreign = await client.request({ method: 'GET', url });
        expect(foreign.statusCode, url).toBe(404);
        expect(foreign.body).not.toContain('BEGIN:VCALENDAR');
      }
      // An id longer than any we issue is refused before the database, whatever layer says so.
      for (const length of [65, 200]) {
        const tooLong = await ada.request({ method: 'GET', url: interviewCalendarPath('x'.repeat(length)) });
        expect([400, 404]).toContain(tooLong.statusCode);
        expect(tooLong.json()).toMatchObject({ error: { code: expect.any(String) } });
      }
    });

    it("lists Ada's registered and open events with her registration's state", async () => {
      const response = await ada.request({ method: 'GET', url: EVENTS });
      expect(response.statusCode, response.body).toBe(200);
      const { registered, open } = DashboardEventsResponseSchema.parse(response.json()).data;
      expect(registered.length).toBeGreaterThan(0);
      for (const event of registered) expect(event.registration_status).not.toBeNull();
      for (const event of open) expect(event.registration_status).toBeNull();
      const registeredIds = registered.map((event) => event.id);
      const graces = DashboardEventsResponseSchema.parse((await grace.request({ method: 'GET', url: EVENTS })).json()).data;
      // Grace sees the open events, never Ada's registration.
      for (const event of graces.registered) expect(registeredIds).not.toContain(event.id);
    });

    it("lists Ada's referrals behind the gate; Grace sees none of hers, and a site without the gate answers 404", async () => {
      const response = await ada.request({ method: 'GET', url: REFERRALS });
      expect(response.statusCode, response.body).toBe(200);
      const { referrals } = DashboardReferralsResponseSchema.parse(response.json()).data;
      expect(referrals.length).toBeGreaterThan(0);
      expect(response.body).not.toMatch(/@/);
      const graces = DashboardReferralsResponseSchema.parse((await grace.request({ method: 'GET', url: REFERRALS })).json()).data;
      for (const referral of graces.referrals) expect(referrals.map((mine) => mine.id)).not.toContain(referral.id);
      // Globex keeps the gate closed.
      const gated = await hank.request({ method: 'GET', url: `${REFERRALS}?domain=${GLOBEX}` });
      expect(gated.statusCode).toBe(404);
      expect(gated.json()).toMatchObject({ error: { message: 'Referrals are not available on this site.' } });
    });
  });
});
