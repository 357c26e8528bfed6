import { handmadePdf } from '../offers/signed-upload.corpus';
import { ApplyFormResponseSchema, ApplyResponseSchema, DashboardApplicationsResponseSchema, DraftApplicationsResponseSchema, isOpenDraft } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, archivePosition, expectJsonError, GLOBEX, storedPositions } from '../search/search.fixtures';
import { applyingRowCounts, candidateIdOf, fileEntry, freshAcmePositions, PDF_BYTES, validAnswers } from './applications.test-support';

const APPLY = '/api/pcsx/apply';
const DRAFTS = '/api/pcsx/draft_applications';
const DASHBOARD = '/api/pcsx/dashboard/applications';

forEachDatabase('applying (issue 9)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let plain: number[];
  let withQuestions: number[];
  let archivedId: number;
  let globexId: number;

  /** Takes the next fresh open Acme position, so tests never collide. */
  const nextPosition = () => {
    const id = plain.shift();
    if (id === undefined) throw new Error('out of fresh positions');
    return id;
  };
  const apply = (client: TestClient, positionIds: unknown[], values: Record<string, unknown>, domain?: string) =>
    client.request({ method: 'POST', url: APPLY, payload: { position_ids: positionIds, values, ...(domain ? { domain } : {}) } });
  const dashboard = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: DASHBOARD });
    expect(response.statusCode, response.body).toBe(200);
    return DashboardApplicationsResponseSchema.parse(response.json()).data;
  };
  const applyForm = async (client: TestClient, pid: string) => {
    const response = await client.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${pid}` });
    expect(response.statusCode, response.body).toBe(200);
    return ApplyFormResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    await seedForTests(context(), 60);
    ({ app } = await createTestApp(context()));
    ({ plain, withQuestions } = await freshAcmePositions(context().database));
    const acme = await storedPositions(context().database, ACME);
    archivedId = acme.find((position) => position.archivedAt !== null)?.id ?? 0;
    if (archivedId === 0) {
      archivedId = nextPosition();
      await archivePosition(context().database, ACME, archivedId);
    }
    globexId = (await storedPositions(context().database, GLOBEX))[0]?.id ?? 0;
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
  });
  afterAll(() => app.close());

  describe('the apply form', () => {
    it('prefills from the profile and the latest application, and names unknown, archived and foreign ids as invalid', async () => {
      const pid = nextPosition();
      const form = await applyForm(ada, [pid, archivedId, globexId, 999_999].join(','));
      expect(form.positions.map((position) => position.id)).toEqual([pid]);
      // The apply page's summary of the job: its department and main place.
      const [job] = form.positions;
      expect(job?.department).not.toBe('');
      expect(job?.location).toMatch(/^Remote$|, /);
      expect(form.invalidPositionIds.sort((a, b) => a - b)).toEqual([archivedId, globexId, 999_999].sort((a, b) => a - b));
      expect(form.form.sections.map((section) => section.id)).toEqual(['contact', 'experience', 'education', 'skills', 'eeo', 'consent']);
      expect(form.values.first_name).toBe('Ada');
      expect(form.prefilledFrom.first_name).toBe('application');
      expect(form.values.phone).toBe('+44 20 7946 0958');
      expect(form.prefilledFrom.phone).toBe('application');
      expect(form.loggedOutApply).toBe(false);
    });

    it('asks each question once across several jobs, keeping a job’s own question with its title', async () => {
      expect(withQuestions).toHaveLength(2);
      const pid = nextPosition();
      const form = await applyForm(ada, [...withQuestions, pid].join(','));
      const items = form.form.sections.flatMap((section) => section.items);
      const names = items.map((item) => item.name).filter(Boolean);
      expect(new Set(names).size).toBe(names.length);
      const why = items.find((item) => item.name === 'why_this_role');
      expect(why?.positionIds).toEqual(withQuestions);
      const robotics = items.find((item) => item.name === 'years_robotics');
      const titles = await context().database.db.selectFrom('positions').select(['id', 'title']).where('id', 'in', withQuestions).execute();
      expect(robotics?.positionTitle).toBe(titles.find((row) => row.id === withQuestions[0])?.title);
      // The job questions join one section rather than one per job.
      expect(form.form.sections.filter((section) => section.id === 'job_questions')).toHaveLength(1);
    });

    it('names a job already applied to', async () => {
      const applied = await context().database.db.selectFrom('applications').select('positionId').where('id', '=', 'application-ada-submitted').executeTakeFirstOrThrow();
      const form = await applyForm(ada, String(applied.positionId));
      expect(form.alreadyAppliedPositionIds).toEqual([applied.positionId]);
    });

    it.each(['', 'abc', '1,,2', Array.from({ length: 21 }, (_, index) => index + 1).join(',')])('refuses pid=%j with 400', async (pid) => {
      expectJsonError(await ada.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${pid}` }), 400);
    });
  });

  describe('submitting', () => {
    it('creates the application with its answers, file and first stage event, and deletes the job’s draft', async () => {
      const pid = nextPosition();
      expect((await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [pid], values: { first_name: 'Ada' } } })).statusCode).toBe(200);
      const response = await apply(ada, [pid], validAnswers({ cover_letter: '  Dear Acme  ' }));
      expect(response.statusCode, response.body).toBe(201);
      const { data } = ApplyResponseSchema.parse(response.json());
      expect(data.message).toBe('Your application has been submitted.');
      const [created] = data.applications;
      expect(created?.stage).toBe('submitted');
      expect(created?.timeline).toEqual([{ from: null, to: 'submitted', reason: null, at: created?.submitted_at }]);

      const row = await context().database.db.selectFrom('applications').selectAll().where('id', '=', created?.id ?? '').executeTakeFirstOrThrow();
      expect(row.candidateId).toBe(await candidateIdOf(context().database, ADA.email));
      const answers = JSON.parse(row.answers) as Record<string, unknown>;
      expect(answers.first_name).toBe('Ada');
      expect(JSON.stringify(answers)).not.toContain(PDF_BYTES.toString('base64'));
      expect(answers.resume).toEqual([expect.objectContaining({ name: 'resume.pdf', size: PDF_BYTES.length, type: 'pdf' })]);
      const files = await context().database.db.selectFrom('applicationFiles as link').innerJoin('uploadedFiles as file', 'file.id', 'link.fileId').selectAll().where('link.applicationId', '=', row.id).execute();
      expect(files).toHaveLength(1);
      expect(Buffer.from(files[0]?.bytes ?? new Uint8Array())).toEqual(PDF_BYTES);
      expect(files[0]?.fileType).toBe('pdf');
      const drafts = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: DRAFTS })).json()).draft_applications;
      expect(drafts.some((draft) => draft.position_id === pid)).toBe(false);
      expect((await dashboard(ada)).applications.map((application) => application.id)).toContain(row.id);
    });

    it('takes back a resume of an earlier application by its fileId (prefilled), storing no second copy; another’s fileId is refused', async () => {
      const first = nextPosition();
      expect((await apply(ada, [first], validAnswers())).statusCode).toBe(201);
      const form = await applyForm(ada, String(nextPosition()));
      const [resume] = form.values.resume as { fileId: string; content?: string }[];
      expect(form.prefilledFrom.resume).toBe('application');
      expect(resume?.content).toBeUndefined();
      const before = await applyingRowCounts(context().database);
      const response = await apply(ada, [form.positions[0]?.id], validAnswers({ resume: form.values.resume }));
      expect(response.statusCode, response.body).toBe(201);
      const after = await applyingRowCounts(context().database);
      expect(after.files).toBe(before.files);
      expect(after.links).toBe(before.links + 1);

      // Grace cannot attach Ada's file by naming its id.
      const stolen = expectJsonError(await apply(grace, [nextPosition()], validAnswers({ email: GRACE.email, resume: form.values.resume })), 400);
      expect(stolen.fields?.resume).toBe('resume.pdf could not be uploaded. Choose the file again.');
    });

    it('announces application.submitted and application.withdrawn to the tenant’s webhooks, in the same transaction', async () => {
      const { db } = context().database;
      const tenantId = (await db.selectFrom('candidates').select('tenantId').where('email', '=', ADA.email).executeTakeFirstOrThrow()).tenantId;
      const endpointId = `endpoint-applications-${context().dialect}`;
      await db
        .insertInto('webhookEndpoints')
        .values({ id: endpointId, tenantId, url: 'https://hooks.example/careers', secret: 'whsec_test', eventTypes: JSON.stringify(['application.submitted', 'application.withdrawn']), enabled: 1, createdAt: new Date().toISOString(), deletedAt: null })
        .execute();
      const deliveries = () => db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('endpointId', '=', endpointId).orderBy('createdAt').execute();
      try {
        // A refused submit announces nothing.
        expectJsonError(await apply(ada, [nextPosition()], validAnswers({ privacy_consent: false })), 400);
        expect(await deliveries()).toEqual([]);
        const id = ApplyResponseSchema.parse((await apply(ada, [nextPosition()], validAnswers())).json()).data.applications[0]?.id ?? '';
        await ada.request({ method: 'POST', url: `/api/pcsx/applications/${id}/withdraw`, payload: {} });
        const sent = await deliveries();
        expect(sent.map((delivery) => delivery.eventType)).toEqual(['application.submitted', 'application.withdrawn']);
        expect(JSON.parse(sent[0]?.payload ?? '{}')).toMatchObject({ type: 'application.submitted', data: { application_id: id, stage: 'submitted' } });
      } finally {
        await db.deleteFrom('webhookDeliveries').where('endpointId', '=', endpointId).execute();
        await db.deleteFrom('webhookEndpoints').where('id', '=', endpointId).execute();
      }
    });

    it('answers 400 with the field errors and writes nothing when an answer is invalid', async () => {
      const before = await applyingRowCounts(context().database);
      const response = await apply(ada, [nextPosition()], validAnswers({ privacy_consent: false, email: 'not-an-email', skills: [] }));
      const error = expectJsonError(response, 400);
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'privacy_consent', 'skills']);
      expect(error.fields?.skills).toBe('Skills is required');
      expect(await applyingRowCounts(context().database)).toEqual(before);
    });

    it('does not judge or keep answers to hidden questions', async () => {
      const pid = nextPosition();
      // eeo_veteran shows only for the US; an answer sent for it from elsewhere is dropped, not refused.
      const response = await apply(ada, [pid], validAnswers({ eeo_country: 'other', eeo_veteran: 'yes' }));
      expect(response.statusCode, response.body).toBe(201);
      const id = ApplyResponseSchema.parse(response.json()).data.applications[0]?.id ?? '';
      const row = await context().database.db.selectFrom('applications').select('answers').where('id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.answers)).not.toHaveProperty('eeo_veteran');
    });

    it('answers 409 naming the job when it was applied to already, writing nothing', async () => {
      const pid = nextPosition();
      expect((await apply(ada, [pid], validAnswers())).statusCode).toBe(201);
      const before = await applyingRowCounts(context().database);
      const error = expectJsonError(await apply(ada, [pid], validAnswers()), 409);
      const title = (await context().database.db.selectFrom('positions').select('title').where('id', '=', pid).executeTakeFirstOrThrow()).title;
      expect(error.message).toBe(`You have already applied to ${title}.`);
      expect(await applyingRowCounts(context().database)).toEqual(before);
    });

    it.each([
      ['archived', () => archivedId],
      ['another tenant’s', () => globexId],
      ['unknown', () => 999_999],
    ])('writes nothing when one of several jobs is %s', async (_kind, badId) => {
      const before = await applyingRowCounts(context().database);
      const error = expectJsonError(await apply(ada, [nextPosition(), badId(), nextPosition()], validAnswers()), 400);
      expect(error.fields?.position_ids).toContain(String(badId()));
      expect(await applyingRowCounts(context().database)).toEqual(before);
    });

    it.each([
      ['a program named .pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
      ['a web page named .pdf', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['a PNG (not allowed for resumes)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      ['a zip that is not a Word document', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml')])],
    ])('refuses %s by its bytes, writing nothing', async (_kind, bytes) => {
      const before = await applyingRowCounts(context().database);
      const error = expectJsonError(await apply(ada, [nextPosition()], validAnswers({ resume: [fileEntry('resume.pdf', bytes)] })), 400);
      expect(error.fields?.resume).toBe('resume.pdf is not an allowed file type. Upload pdf, doc, docx, txt.');
      expect(await applyingRowCounts(context().database)).toEqual(before);
    });

    it('refuses an encrypted or scripted PDF by the offer letters’ inspection, naming it and writing nothing (T07)', async () => {
      for (const [name, bytes, message] of [
        ['locked.pdf', Buffer.from(handmadePdf({ trailerExtra: '/Encrypt 9 0 R' })), 'locked.pdf is password-protected or encrypted. Upload a copy without a password.'],
        ['script.pdf', Buffer.from(handmadePdf({ catalogExtra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' })), 'script.pdf contains scripts, actions or attached files'],
      ] as const) {
        const before = await applyingRowCounts(context().database);
        const error = expectJsonError(await apply(ada, [nextPosition()], validAnswers({ resume: [fileEntry(name, bytes)] })), 400);
        expect(error.fields?.resume).toContain(message);
        expect(await applyingRowCounts(context().database)).toEqual(before);
      }
    }, 30_000);

    it('refuses a file over the field’s size limit (5 MB), naming it', async () => {
      const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1048576)]);
      const error = expectJsonError(await apply(ada, [nextPosition()], validAnswers({ resume: [fileEntry('big.pdf', big)] })), 400);
      expect(error.fields?.resume).toContain('big.pdf');
    });

    it('measures the bytes, not the size the browser declared', async () => {
      const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1048576)]);
      const before = await applyingRowCounts(context().database);
      const entry = { ...fileEntry('small.pdf', big), size: 1000 };
      const error = expectJsonError(await apply(ada, [nextPosition()], validAnswers({ resume: [entry] })), 400);
      expect(error.fields?.resume).toBe('This file is larger than 5 MB: small.pdf.');
      expect(await applyingRowCounts(context().database)).toEqual(before);
    });

    it('refuses content that is not base64', async () => {
      const entry = { ...fileEntry('resume.pdf', PDF_BYTES), content: 'not base64!' };
      const error = expectJsonError(await apply(ada, [nextPosition()], validAnswers({ resume: [entry] })), 400);
      expect(error.fields?.resume).toBeTruthy();
    });

    it('creates one application per job, sharing one stored file, and empties the cart of exactly those jobs', async () => {
      const [first, second, kept] = [nextPosition(), nextPosition(), nextPosition()];
      const cart = await grace.request({ method: 'POST', url: '/api/pcsx/job_cart', payload: { pids: [first, second, kept].map(String), operation: 'add' } });
      expect(cart.statusCode).toBe(200);
      const filesBefore = (await applyingRowCounts(context().database)).files;
      const response = await apply(grace, [first, second], validAnswers({ first_name: 'Grace', last_name: 'Hopper', email: GRACE.email }));
      expect(response.statusCode, response.body).toBe(201);
      const { data } = ApplyResponseSchema.parse(response.json());
      expect(data.applications.map((application) => application.position_id)).toEqual([first, second]);
      expect(data.message).toBe('Your applications to 2 positions have been submitted.');
      expect((await applyingRowCounts(context().database)).files).toBe(filesBefore + 1);
      const after = await context().database.db.selectFrom('jobCartItems').select('positionId').where('candidateId', '=', await candidateIdOf(context().database, GRACE.email)).execute();
      const ids = after.map((row) => row.positionId);
      expect(ids).toContain(kept);
      expect(ids).not.toContain(first);
      expect(ids).not.toContain(second);
    });

    it('judges a job’s own questions when applying to it', async () => {
      const [withOwn] = withQuestions;
      const error = expectJsonError(await apply(ada, [withOwn], validAnswers()), 400);
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(['why_this_role', 'years_robotics']);
    });
  });

  describe('logged-out apply', () => {
    it('is refused with 401 where applyFormConfig does not allow it (acme)', async () => {
      const visitor = new TestClient(app);
      await visitor.start();
      expectJsonError(await visitor.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${plain[0]}` }), 401);
      const response = await apply(visitor, [plain[0]], validAnswers({ email: uniqueEmail() }));
      expectJsonError(response, 401);
      expect(response.headers['x-login']).toBe('1');
    });

    it('creates an application under the email where allowed (globex), once per job, and never for an account’s email', async () => {
      const visitor = new TestClient(app);
      await visitor.start(GLOBEX);
      const form = ApplyFormResponseSchema.parse((await visitor.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${globexId}&domain=${GLOBEX}` })).json()).data;
      expect(form.loggedOutApply).toBe(true);
      expect(form.values).toEqual({});
      const email = uniqueEmail('visitor');
      const values = validAnswers({ email, first_name: 'Vic' });
      const response = await visitor.request({ method: 'POST', url: `${APPLY}?domain=${GLOBEX}`, payload: { position_ids: [globexId], values } });
      expect(response.statusCode, response.body).toBe(201);
      const row = await context().database.db.selectFrom('applications').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.candidateId).toBeNull();
      expectJsonError(await visitor.request({ method: 'POST', url: `${APPLY}?domain=${GLOBEX}`, payload: { position_ids: [globexId], values } }), 409);
      const taken = await visitor.request({ method: 'POST', url: `${APPLY}?domain=${GLOBEX}`, payload: { position_ids: [globexId], values: { ...values, email: HANK.email } } });
      expect(expectJsonError(taken, 409).message).toBe('An account exists with this email. Sign in to apply.');
    });
  });

  describe('drafts', () => {
    it('autosaves, reloads with values (file contents dropped), lets the last write win, and deletes', async () => {
      const pid = nextPosition();
      const first = await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [String(pid)], values: { first_name: 'Ad', resume: [fileEntry('cv.pdf', PDF_BYTES)] } } });
      expect(first.statusCode, first.body).toBe(200);
      const second = await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [pid], values: { first_name: 'Ada', resume: [fileEntry('cv.pdf', PDF_BYTES)] } } });
      const updatedAt = (second.json() as { data: { updated_at: string } }).data.updated_at;
      const list = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: `${DRAFTS}?include_values=1` })).json()).draft_applications;
      const draft = list.find((item) => item.position_id === pid);
      expect(draft?.updated_at).toBe(updatedAt);
      expect(draft?.values?.first_name).toBe('Ada');
      expect(draft?.values?.resume).toEqual([expect.not.objectContaining({ content: expect.anything() })]);
      expect(draft && isOpenDraft(draft)).toBe(true);
      // The apply form reloads it.
      const form = await applyForm(ada, String(pid));
      expect(form.values.first_name).toBe('Ada');
      expect(form.prefilledFrom.first_name).toBe('draft');
      expect(form.draftUpdatedAt).toBe(updatedAt);

      const deleted = await ada.request({ method: 'DELETE', url: DRAFTS, payload: { position_ids: [pid] } });
      expect(deleted.statusCode).toBe(200);
      expect((deleted.json() as { data: { message: string } }).data.message).toBe('Deleted draft application');
      const after = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: DRAFTS })).json()).draft_applications;
      expect(after.some((item) => item.position_id === pid)).toBe(false);
    });

    it('lists a draft of a job since archived as closed (archived_at above 0), and refuses new drafts for it', async () => {
      const pid = nextPosition();
      await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [pid], values: { first_name: 'Ada' } } });
      await archivePosition(context().database, ACME, pid);
      const list = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: DRAFTS })).json()).draft_applications;
      const draft = list.find((item) => item.position_id === pid);
      expect(draft?.position.archived_at).toBeGreaterThan(0);
      expect(draft && isOpenDraft(draft)).toBe(false);
      expect(draft?.values).toBeUndefined();
      expectJsonError(await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [pid], values: {} } }), 400);
    });

    it('treats another tenant’s position as unknown: no draft for it, and it never lists', async () => {
      const error = expectJsonError(await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [globexId], values: { first_name: 'Ada' } } }), 400);
      expect(error.fields?.position_ids).toBe(`Not open for applications: ${globexId}`);
      const rows = await context().database.db.selectFrom('draftApplications').select('positionId').where('positionId', '=', globexId).execute();
      expect(rows).toEqual([]);
    });

    it('refuses a draft body over 256 KB with 413', async () => {
      const response = await ada.request({ method: 'PUT', url: DRAFTS, payload: { position_ids: [nextPosition()], values: { cover_letter: 'x'.repeat(300 * 1024) } } });
      expectJsonError(response, 413);
    });
  });

  describe('withdrawing', () => {
    it('moves the application to withdrawn with its reason, lists it as inactive, and allows applying again', async () => {
      const pid = nextPosition();
      const id = ApplyResponseSchema.parse((await apply(ada, [pid], validAnswers())).json()).data.applications[0]?.id ?? '';
      const response = await ada.request({ method: 'POST', url: `/api/pcsx/applications/${id}/withdraw`, payload: { reason: 'Found another job' } });
      expect(response.statusCode, response.body).toBe(200);
      const { applications, inactiveApplications } = await dashboard(ada);
      expect(applications.some((application) => application.id === id)).toBe(false);
      const withdrawn = inactiveApplications.find((application) => application.id === id);
      expect(withdrawn?.stage).toBe('withdrawn');
      expect(withdrawn?.can_withdraw).toBe(false);
      expect(withdrawn?.timeline.at(-1)).toMatchObject({ from: 'submitted', to: 'withdrawn', reason: 'Found another job' });
      expectJsonError(await ada.request({ method: 'POST', url: `/api/pcsx/applications/${id}/withdraw`, payload: {} }), 409);
      expect((await apply(ada, [pid], validAnswers())).statusCode).toBe(201);
    });

    it('shows the seeded stages, with the company’s reasons kept from the candidate', async () => {
      const { applications, inactiveApplications } = await dashboard(ada);
      expect(applications.find((application) => application.id === 'application-ada-interview')?.timeline.map((event) => event.to)).toEqual(['submitted', 'screening', 'interview']);
      const rejected = inactiveApplications.find((application) => application.id === 'application-ada-rejected');
      expect(rejected?.stage_label).toBe('Not selected');
      expect(rejected?.timeline.every((event) => event.reason === null)).toBe(true);
    });
  });

  describe('T01: one candidate never reaches another’s applications, drafts or form requests', () => {
    it('keeps Ada’s applications out of Grace’s dashboard and answers 404 to her withdrawing one', async () => {
      const graceIds = [...(await dashboard(grace)).applications, ...(await dashboard(grace)).inactiveApplications].map((application) => application.id);
      expect(graceIds.some((id) => id.startsWith('application-ada'))).toBe(false);
      expect(graceIds).toContain('application-grace-offer');
      const error = expectJsonError(await grace.request({ method: 'POST', url: '/api/pcsx/applications/application-ada-submitted/withdraw', payload: {} }), 404);
      expect(error.message).toBe('Application not found');
      const row = await context().database.db.selectFrom('applications').select('stage').where('id', '=', 'application-ada-submitted').executeTakeFirstOrThrow();
      expect(row.stage).toBe('submitted');
    });

    it('never lists or deletes Ada’s drafts for Grace', async () => {
      const adaDrafts = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: DRAFTS })).json()).draft_applications;
      expect(adaDrafts.length).toBeGreaterThan(0);
      const graceDrafts = DraftApplicationsResponseSchema.parse((await grace.request({ method: 'GET', url: DRAFTS })).json()).draft_applications;
      expect(graceDrafts.some((draft) => adaDrafts.some((own) => own.position_id === draft.position_id))).toBe(false);
      const response = await grace.request({ method: 'DELETE', url: DRAFTS, payload: { position_ids: adaDrafts.map((draft) => draft.position_id) } });
      expect((response.json() as { data: { deleted: number } }).data.deleted).toBe(0);
      const still = DraftApplicationsResponseSchema.parse((await ada.request({ method: 'GET', url: DRAFTS })).json()).draft_applications;
      expect(still.map((draft) => draft.position_id)).toEqual(adaDrafts.map((draft) => draft.position_id));
    });

    it('answers 401 to every personal call when signed out', async () => {
      const visitor = new TestClient(app);
      await visitor.start();
      for (const [method, url] of [
        ['GET', DASHBOARD],
        ['GET', DRAFTS],
        ['PUT', DRAFTS],
        ['DELETE', DRAFTS],
        ['POST', '/api/pcsx/applications/application-ada-submitted/withdraw'],
      ] as const) {
        expectJsonError(await visitor.request({ method, url, payload: method === 'GET' ? undefined : { position_ids: [1], values: {} } }), 401);
      }
    });
  });

  describe('CSRF', () => {
    it.each([
      ['POST', APPLY, () => ({ position_ids: [plain[0]], values: validAnswers() })],
      ['PUT', DRAFTS, () => ({ position_ids: [plain[0]], values: {} })],
      ['DELETE', DRAFTS, () => ({ position_ids: [plain[0]] })],
      ['POST', '/api/pcsx/applications/application-ada-submitted/withdraw', () => ({})],
    ] as const)('refuses %s %s without the token, changing nothing', async (method, url, payload) => {
      const before = await applyingRowCounts(context().database);
      expectJsonError(await ada.request({ method, url, payload: payload(), withCsrf: false }), 403);
      expect(await applyingRowCounts(context().database)).toEqual(before);
    });
  });
});
