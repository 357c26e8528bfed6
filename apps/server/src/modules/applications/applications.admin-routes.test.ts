import { offerApiPaths } from '@careers/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { ADA, GRACE, HANK, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { sha256Hex } from '../offers/offer-evidence';
import { signAsAda } from '../offers/offers-company.test-support';
import { testLetter } from '../offers/offers.test-support';
import { createApplicationsRepository } from './applications.repository';
import { createFormRequestsService } from './form-requests.service';
import { candidateIdOf, freshAcmePositions, validAnswers } from './applications.test-support';

/**
 * The employer API's candidates' progress (issue 10) and the notifications its events make (issue 12): list /
 * read / file / stage moves, form requests, webhooks for stage changes, 404 for another tenant's ids, nothing
 * written by a refused or rolled-back change, and the journey from a new position to a verified signed offer.
 */

type AdminApplication = { id: string; candidateId: string | null; email: string; positionId: number; stage: string; submittedAt: string; updatedAt: string };
type Detail = AdminApplication & {
  answers: Record<string, unknown>;
  files: { fileId: string; fileName: string; fileType: string; size: number; sha256: string }[];
  events: { from: string | null; to: string; reason: string | null; actor: string }[];
};
type Page = { items: AdminApplication[]; nextCursor: string | null };

forEachDatabase('employer API: applications and form requests (issues 10, 12)', (context) => {
  let admin: AdminTestApp;
  let ada: TestClient;
  let adaId: string;
  let fresh: number[];

  const db = () => context().database.db;
  const notificationsOf = (candidateId: string) =>
    db().selectFrom('notifications').select(['notificationType', 'redirectUrl', 'message', 'categoryTitle']).where('candidateId', '=', candidateId).orderBy('createdAt').execute();
  const countNotifications = async () => Number((await db().selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Ada applies to a fresh Acme position through the site; the new application's id. */
  async function adaApplies(): Promise<string> {
    const positionId = fresh.shift();
    if (positionId === undefined) throw new Error('out of fresh positions');
    const response = await ada.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [positionId], values: validAnswers() } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { applications: { id: string }[] } }>().data.applications[0]?.id as string;
  }

  const move = (id: string, stage: string, reason: string | null = null, key?: string) =>
    admin.call({ method: 'POST', url: `/applications/${id}/stage`, payload: { stage, reason }, ...(key ? { key } : {}) });

  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { positions: 30 });
    ada = new TestClient(admin.app);
    await ada.login(ADA);
    adaId = await candidateIdOf(context().database, ADA.email);
    ({ plain: fresh } = await freshAcmePositions(context().database));
  });
  afterAll(() => admin.app.close());

  describe('applications', () => {
    it('lists the tenant’s applications newest first, filtered, and pages through them completely', async () => {
      const created = await adaApplies();
      const all = (await admin.call({ method: 'GET', url: '/applications?limit=200' })).json<Page>();
      expect(all.nextCursor).toBeNull();
      expect(all.items[0]?.id).toBe(created);
      expect(all.items.length).toBeGreaterThanOrEqual(4);
      const tenantOf = await db().selectFrom('applications').select(['id', 'tenantId']).execute();
      const acmeIds = tenantOf.filter((row) => row.tenantId === admin.tenantId).map((row) => row.id).sort();
      expect(all.items.map((item) => item.id).sort()).toEqual(acmeIds);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/applications?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page: Page = (await admin.call({ method: 'GET', url })).json<Page>();
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.items.map((item) => item.id));

      const interviewing = (await admin.call({ method: 'GET', url: '/applications?stage=interview' })).json<Page>();
      expect(interviewing.items.length).toBeGreaterThan(0);
      expect(interviewing.items.every((item) => item.stage === 'interview')).toBe(true);
      const mine = all.items.find((item) => item.id === created) as AdminApplication;
      const byPosition = (await admin.call({ method: 'GET', url: `/applications?positionId=${mine.positionId}` })).json<Page>();
      expect(byPosition.items.map((item) => item.id)).toEqual([created]);
      const since = (await admin.call({ method: 'GET', url: `/applications?updatedSince=${encodeURIComponent(mine.updatedAt)}` })).json<Page>();
      expect(since.items.map((item) => item.id)).toContain(created);
      expect(since.items.every((item) => item.updatedAt >= mine.updatedAt)).toBe(true);

      expect((await admin.call({ method: 'GET', url: '/applications?cursor=bm90LWEtY3Vyc29y' })).statusCode).toBe(400);
      expect((await admin.call({ method: 'GET', url: '/applications?stage=lunch' })).statusCode).toBe(400);
      // Tenant B's key sees none of them.
      const other = (await admin.call({ method: 'GET', url: '/applications?limit=200', key: admin.otherKey })).json<Page>();
      expect(other.items.some((item) => acmeIds.includes(item.id))).toBe(false);
    });

    it('reads an application with answers, files and events, and serves a file’s bytes with a safe download name', async () => {
      const id = await adaApplies();
      const read = await admin.call({ method: 'GET', url: `/applications/${id}` });
      expect(read.statusCode, read.body).toBe(200);
      const detail = read.json<Detail>();
      expect(detail).toMatchObject({ id, candidateId: adaId, email: ADA.email, stage: 'submitted', answers: { first_name: 'Ada' } });
      expect(detail.events).toEqual([expect.objectContaining({ from: null, to: 'submitted', actor: 'candidate' })]);
      const file = detail.files[0];
      expect(file).toMatchObject({ fileName: 'resume.pdf', fileType: 'pdf' });

      const bytes = await admin.call({ method: 'GET', url: `/applications/${id}/files/${file?.fileId}` });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('application/pdf');
      expect(bytes.headers['content-disposition']).toBe(`attachment; filename="resume.pdf"; filename*=UTF-8''resume.pdf`);
      expect(bytes.headers['x-content-type-options']).toBe('nosniff');
      expect(sha256Hex(bytes.rawPayload)).toBe(file?.sha256);

      expect((await admin.call({ method: 'GET', url: `/applications/${id}/files/not-a-file` })).statusCode).toBe(404);
      for (const url of [`/applications/${id}`, `/applications/${id}/files/${file?.fileId}`]) {
        const foreign = await admin.call({ method: 'GET', url, key: admin.otherKey });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json<{ error: unknown }>().error).toBeTruthy();
      }
    });

    it('moves a stage with a reason: the event, the candidate’s notification and a stage_changed webhook commit together', async () => {
      const endpointId = `endpoint-stage-${context().dialect}`;
      await db()
        .insertInto('webhookEndpoints')
        .values({ id: endpointId, tenantId: admin.tenantId, url: 'https://hooks.example/careers', secret: 'whsec_test', eventTypes: JSON.stringify(['application.stage_changed']), enabled: 1, createdAt: new Date().toISOString(), deletedAt: null })
        .execute();
      try {
        const id = await adaApplies();
        const before = (await notificationsOf(adaId)).length;
        const moved = await move(id, 'interview', 'Strong portfolio');
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json<Detail>()).toMatchObject({ stage: 'interview' });
        expect(moved.json<Detail>().events.at(-1)).toEqual(expect.objectContaining({ from: 'submitted', to: 'interview', reason: 'Strong portfolio', actor: `employer:${admin.keyId}` }));

        const notes = await notificationsOf(adaId);
        expect(notes.length).toBe(before + 1);
        expect(notes.at(-1)).toMatchObject({ notificationType: 'read_only', redirectUrl: '/careers/dashboard', categoryTitle: 'Application update' });
        expect(notes.at(-1)?.message).toContain('Interviewing');

        const deliveries = await db().selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('endpointId', '=', endpointId).execute();
        expect(deliveries.map((row) => row.eventType)).toEqual(['application.stage_changed']);
        expect(JSON.parse(deliveries[0]?.payload ?? '{}')).toMatchObject({ data: { application_id: id, stage: 'interview', from_stage: 'submitted' } });

        // The candidate's dashboard shows the stage; the company's reason stays internal.
        const dashboard = (await ada.request({ method: 'GET', url: '/api/pcsx/dashboard/applications' })).json<{ data: { applications: { id: string; stage: string; timeline: { reason: string | null }[] }[] } }>();
        const shown = dashboard.data.applications.find((application) => application.id === id);
        expect(shown?.stage).toBe('interview');
        expect(shown?.timeline.every((event) => event.reason === null)).toBe(true);
      } finally {
        await db().deleteFrom('webhookDeliveries').where('endpointId', '=', endpointId).execute();
        await db().deleteFrom('webhookEndpoints').where('id', '=', endpointId).execute();
      }
    });

    it('refuses an invalid move with 409 and a clear message, and writes nothing (no event, no notification)', async () => {
      const id = await adaApplies();
      expect((await move(id, 'rejected', 'Not a fit')).statusCode).toBe(200);
      const events = async () => (await db().selectFrom('applicationStageEvents').select('id').where('applicationId', '=', id).execute()).length;
      const [eventCount, notes] = [await events(), await countNotifications()];
      for (const stage of ['interview', 'withdrawn', 'hired']) {
        const refused = await move(id, stage);
        expect(refused.statusCode).toBe(409);
        expect(refused.json<{ error: { message: string } }>().error.message).toBe(`An application in stage rejected cannot move to ${stage}.`);
      }
      const fresh2 = await adaApplies();
      const withdraw = await move(fresh2, 'withdrawn');
      expect(withdraw.statusCode).toBe(409);
      expect(await events()).toBe(eventCount);
      expect(await countNotifications()).toBe(notes);
      expect((await move(id, 'lunch')).statusCode).toBe(400);
    });

    it('answers 404 to another tenant’s key and leaves the application as it was', async () => {
      const id = await adaApplies();
      const notes = await countNotifications();
      const foreign = await move(id, 'screening', 'sneaky', admin.otherKey);
      expect(foreign.statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: `/applications/${id}` })).json<Detail>()).toMatchObject({ stage: 'submitted', events: [expect.objectContaining({ to: 'submitted' })] });
      expect(await countNotifications()).toBe(notes);
      expect((await move('no-such-application', 'screening')).statusCode).toBe(404);
    });
  });

  describe('form requests', () => {
    it('asks a candidate (by email or id) for a form: the request, Ada’s forms center and her action_required notification', async () => {
      const dueAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const created = await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { email: 'ADA@acme.example' }, formKey: 'preboarding', dueAt } });
      expect(created.statusCode, created.body).toBe(201);
      const request = created.json<{ id: string; candidateId: string; formKey: string; title: string; status: string; dueAt: string }>();
      expect(request).toMatchObject({ candidateId: adaId, formKey: 'preboarding', status: 'open', dueAt });

      const notes = await notificationsOf(adaId);
      expect(notes.at(-1)).toMatchObject({ notificationType: 'action_required', redirectUrl: '/careers/forms/center', categoryTitle: 'Form requested' });
      expect(notes.at(-1)?.message).toContain(request.title);

      const center = (await ada.request({ method: 'GET', url: '/api/pcsx/forms_list?tab_id=open' })).json<{ data: { forms: { id: string }[] } }>();
      expect(JSON.stringify(center)).toContain(request.id);

      const byId = await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { id: adaId }, formKey: 'preboarding' } });
      expect(byId.statusCode).toBe(201);
      const listed = (await admin.call({ method: 'GET', url: `/form-requests?candidate=${encodeURIComponent(ADA.email)}` })).json<{ items: { id: string }[] }>();
      expect(listed.items.map((item) => item.id)).toEqual(expect.arrayContaining([request.id, byId.json<{ id: string }>().id]));
      expect((await admin.call({ method: 'GET', url: `/form-requests?candidate=${adaId}` })).json<{ items: unknown[] }>().items.length).toBe(listed.items.length);
    });

    it('the seed’s form requests came with their notifications too (same builder, same path)', async () => {
      const seeded = await db().selectFrom('formRequests').select(['candidateId', 'title']).where('id', 'like', 'form-request-%').execute();
      expect(seeded.length).toBeGreaterThan(0);
      const told = await db().selectFrom('notifications').select(['candidateId', 'message', 'redirectUrl']).where('categoryTitle', '=', 'Form requested').execute();
      for (const request of seeded) {
        expect(told).toContainEqual({ candidateId: request.candidateId, message: `Please complete “${request.title}”.`, redirectUrl: '/careers/forms/center' });
      }
    });

    it('refuses unknown forms, past due dates and another tenant’s candidate, writing nothing', async () => {
      const count = async () => Number((await db().selectFrom('formRequests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const [requests, notes] = [await count(), await countNotifications()];
      const unknown = await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { email: ADA.email }, formKey: 'no-such-form' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ error: { message: string } }>().error.message).toBe('No form with key "no-such-form"');
      const past = await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { email: ADA.email }, formKey: 'preboarding', dueAt: '2020-01-01T00:00:00Z' } });
      expect(past.statusCode).toBe(400);
      // Hank is Globex's candidate: Acme's key does not find him, Globex's key does not find Ada.
      expect((await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { email: HANK.email }, formKey: 'preboarding' } })).statusCode).toBe(404);
      expect((await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { id: adaId }, formKey: 'preboarding' }, key: admin.otherKey })).statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: `/form-requests?candidate=${adaId}`, key: admin.otherKey })).statusCode).toBe(404);
      expect((await admin.call({ method: 'POST', url: '/form-requests', payload: { candidate: { id: adaId, email: ADA.email }, formKey: 'preboarding' } })).statusCode).toBe(400);
      expect(await count()).toBe(requests);
      expect(await countNotifications()).toBe(notes);
    });

    it('creates neither the request nor its notification when the transaction fails after them', async () => {
      const { db: database, dialect } = context().database;
      const failing = createFormRequestsService({
        repository: createApplicationsRepository(database, dialect),
        transaction: (work) =>
          database.transaction().execute(async (trx) => {
            await work(createApplicationsRepository(trx, dialect));
            throw new Error('the event failed after its notification was written');
          }),
        clock: systemClock,
      });
      const notes = await countNotifications();
      const graceId = await candidateIdOf(context().database, GRACE.email);
      const before = (await db().selectFrom('formRequests').select('id').where('candidateId', '=', graceId).execute()).length;
      await expect(failing.request(admin.tenantId, { candidate: { id: graceId }, formKey: 'preboarding', dueAt: null })).rejects.toThrow('the event failed');
      expect(await countNotifications()).toBe(notes);
      expect((await db().selectFrom('formRequests').select('id').where('candidateId', '=', graceId).execute()).length).toBe(before);
    });
  });

  it('documents every route and its schemas in the OpenAPI document', async () => {
    const doc = (await admin.app.inject({ method: 'GET', url: '/api/admin/v1/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>();
    expect(Object.keys(doc.paths['/api/admin/v1/applications'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/v1/applications/{id}'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/v1/applications/{id}/files/{fileId}'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/v1/applications/{id}/stage'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/admin/v1/form-requests'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Application', 'ApplicationPage', 'ApplicationDetail', 'FormRequest']));
  });

  it('journey: key → position via API → Ada applies → API moves her to offer and extends it → she signs → API reads the signed PDF and a verified chain', async () => {
    const created = await admin.call({
      method: 'POST',
      url: '/positions',
      payload: {
        externalRef: `journey-${context().dialect}-${Date.now()}`,
        title: 'Analytical Engine Programmer',
        department: 'Engineering',
        employmentType: 'FULL_TIME',
        seniority: 'Senior',
        description: 'Writes the first programs.',
        skills: ['Mathematics'],
        isRemote: true,
        salaryMin: null,
        salaryMax: null,
        salaryCurrency: null,
        postedAt: '2026-11-01T00:00:00.000Z',
        validThrough: null,
        locations: [{ city: 'London', region: null, country: 'United Kingdom', lat: 51.5, lng: -0.12 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const position = created.json<{ id: number; externalRef: string }>();

    // Ada signs in through the site and applies.
    const site = new TestClient(admin.app);
    expect((await site.login(ADA)).statusCode).toBe(200);
    const applied = await site.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [position.id], values: validAnswers() } });
    expect(applied.statusCode, applied.body).toBe(201);

    const listed = (await admin.call({ method: 'GET', url: `/applications?positionId=${position.id}` })).json<Page>();
    expect(listed.items).toHaveLength(1);
    const applicationId = listed.items[0]?.id as string;
    expect((await move(applicationId, 'interview', 'Phone screen passed')).statusCode).toBe(200);
    expect((await move(applicationId, 'offer', 'Panel agreed')).json<Detail>().stage).toBe('offer');

    const letter = Buffer.from(await testLetter()).toString('base64');
    const extended = await admin.call({
      method: 'POST',
      url: '/offers',
      payload: { candidate_email: ADA.email, position_external_ref: position.externalRef, expires_at: new Date(Date.now() + 72 * 3_600_000).toISOString(), documents: [{ signing: 'inline', pdf_base64: letter }] },
    });
    expect(extended.statusCode, extended.body).toBe(201);
    const offer = extended.json<{ id: string; documents: { id: string }[] }>();

    const offers = (await site.request({ method: 'GET', url: offerApiPaths.list() })).json<{ offers: { id: string }[] }>();
    expect(offers.offers.map((item) => item.id)).toContain(offer.id);
    const actionRequired = (await site.request({ method: 'GET', url: '/api/pcsx/notifications?type_filter=action_required' })).json<{ data: { redirectUrl: string; notificationType: string }[] }>();
    expect(actionRequired.data).toContainEqual(expect.objectContaining({ notificationType: 'action_required', redirectUrl: `/careers/offer/${offer.id}` }));
    const stageNotes = (await site.request({ method: 'GET', url: '/api/pcsx/notifications' })).json<{ data: { message: string }[] }>();
    expect(stageNotes.data.some((note) => note.message.includes('Analytical Engine Programmer') && note.message.includes('Offer'))).toBe(true);

    expect((await signAsAda(site, offer.id)).statusCode).toBe(200);
    const documentId = offer.documents[0]?.id as string;
    const pdf = await admin.call({ method: 'GET', url: `/offers/${offer.id}/documents/${documentId}/signed.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const evidence = (await admin.call({ method: 'GET', url: `/offers/${offer.id}/evidence` })).json<{ valid: boolean; events: { event: { event_type: string } }[] }>();
    expect(evidence.valid).toBe(true);
    expect(evidence.events.map((row) => row.event.event_type)).toEqual(['extended', 'accepted']);
  });
});
