import type { ApplicationStage } from '@careers/contracts';
import { beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { ADA, GRACE, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createTenantsRepository } from '../tenants/tenants.repository';
import { createTenantsService } from '../tenants/tenants.service';
import { testHtmlSanitizer } from '../../test/html-sanitizer';
import { ACME, GLOBEX, tenantIdOf } from '../search/search.fixtures';
import type { ApplicationEvent } from './application-events';
import { applicationWebhooks } from './application-webhooks';
import { createApplicationsRepository } from './applications.repository';
import { createApplicationsService, type ApplicationsService } from './applications.service';
import { candidateIdOf, freshAcmePositions, validAnswers } from './applications.test-support';
import type { Tenant } from '../../kernel/tenant';

forEachDatabase('applications service: the employer’s calls, the outbox hook and races (issue 9, 10)', (context) => {
  let service: ApplicationsService;
  let acme: Tenant;
  let globexId: string;
  let plain: number[];
  const outbox: ApplicationEvent[] = [];

  beforeAll(async () => {
    await seedForTests(context(), 40);
    const { db, dialect } = context().database;
    service = createApplicationsService({
      repository: createApplicationsRepository(db, dialect),
      transaction: (work) =>
        db.transaction().execute((trx) =>
          work({
            repository: createApplicationsRepository(trx, dialect),
            outbox: {
              enqueue: (event) => {
                outbox.push(event);
                return Promise.resolve();
              },
            },
          }),
        ),
      clock: systemClock,
    });
    const tenants = createTenantsService({ repository: createTenantsRepository(db), clock: systemClock, sanitizer: testHtmlSanitizer });
    acme = (await tenants.resolve(ACME)) as Tenant;
    globexId = await tenantIdOf(context().database, GLOBEX);
    ({ plain } = await freshAcmePositions(context().database));
  });

  const viewer = async (email: string) => ({ candidateId: await candidateIdOf(context().database, email), email });

  it('enqueues application.submitted in the transaction, one per job', async () => {
    outbox.length = 0;
    const created = await service.submit(acme, await viewer(ADA.email), [plain[0] ?? 0, plain[1] ?? 0], validAnswers());
    expect(outbox.map((event) => [event.type, event.applicationId])).toEqual(created.map((application) => ['application.submitted', application.id]));
  });

  it('reads an application with its answers, files and full history; another tenant’s key gets 404', async () => {
    const [created] = await service.submit(acme, await viewer(ADA.email), [plain[2] ?? 0], validAnswers());
    const details = await service.getApplication(acme.id, created?.id ?? '');
    expect(details.answers.first_name).toBe('Ada');
    expect(details.files.map((file) => [file.fieldName, file.fileName, file.fileType])).toEqual([['resume', 'resume.pdf', 'pdf']]);
    const file = await service.getApplicationFile(acme.id, created?.id ?? '', details.files[0]?.fileId ?? '');
    expect(file.fileType).toBe('pdf');
    await expect(service.getApplication(globexId, created?.id ?? '')).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.getApplicationFile(globexId, created?.id ?? '', details.files[0]?.fileId ?? '')).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.moveStage(globexId, created?.id ?? '', 'screening', null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('moves through the stage model with reasons, refusing moves it does not allow', async () => {
    const [created] = await service.submit(acme, await viewer(GRACE.email), [plain[3] ?? 0], validAnswers({ email: GRACE.email }));
    const id = created?.id ?? '';
    for (const stage of ['screening', 'interview', 'screening', 'offer'] as ApplicationStage[]) await service.moveStage(acme.id, id, stage, `to ${stage}`, 'employer:key-1');
    await expect(service.moveStage(acme.id, id, 'withdrawn', null)).rejects.toMatchObject({ statusCode: 409 });
    await expect(service.moveStage(acme.id, id, 'submitted', null)).rejects.toMatchObject({ statusCode: 409 });
    const hired = await service.moveStage(acme.id, id, 'hired', 'Signed the offer');
    expect(hired.stage).toBe('hired');
    await expect(service.moveStage(acme.id, id, 'rejected', null)).rejects.toMatchObject({ statusCode: 409 });
    const details = await service.getApplication(acme.id, id);
    expect(details.events.map((event) => [event.fromStage, event.toStage, event.actor])).toEqual([
      [null, 'submitted', 'candidate'],
      ['submitted', 'screening', 'employer:key-1'],
      ['screening', 'interview', 'employer:key-1'],
      ['interview', 'screening', 'employer:key-1'],
      ['screening', 'offer', 'employer:key-1'],
      ['offer', 'hired', 'employer'],
    ]);
    expect((await service.dashboard(acme.id, await candidateIdOf(context().database, GRACE.email))).inactiveApplications.map((application) => application.id)).toContain(id);
  });

  it('announces each company move (stage_changed) and notifies the candidate; a failed move writes neither', async () => {
    const [created] = await service.submit(acme, await viewer(GRACE.email), [plain[5] ?? 0], validAnswers({ email: GRACE.email }));
    const id = created?.id ?? '';
    const graceId = await candidateIdOf(context().database, GRACE.email);
    const { db, dialect } = context().database;
    const notes = () => db.selectFrom('notifications').select(['notificationType', 'redirectUrl', 'message']).where('candidateId', '=', graceId).orderBy('createdAt').execute();
    const before = (await notes()).length;
    const announced = outbox.length;
    await service.moveStage(acme.id, id, 'screening', 'CV fits');
    expect(outbox.slice(announced)).toEqual([expect.objectContaining({ type: 'application.stage_changed', applicationId: id, stage: 'screening', fromStage: 'submitted', candidateId: graceId })]);
    const after = await notes();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ notificationType: 'read_only', redirectUrl: '/careers/dashboard' });
    expect(after.at(-1)?.message).toMatch(/moved to In review\.$/);

    // The same move in a transaction that fails after it: no stage, no event, no notification, no webhook row.
    const failing = createApplicationsService({
      repository: createApplicationsRepository(db, dialect),
      transaction: (work) =>
        db.transaction().execute(async (trx) => {
          await work({ repository: createApplicationsRepository(trx, dialect), outbox: applicationWebhooks(trx) });
          throw new Error('the move failed after its notification was written');
        }),
      clock: systemClock,
    });
    const endpointId = `endpoint-failed-move-${context().dialect}`;
    await db
      .insertInto('webhookEndpoints')
      .values({ id: endpointId, tenantId: acme.id, url: 'https://hooks.example/careers', secret: 'whsec_test', eventTypes: JSON.stringify(['application.stage_changed']), enabled: 1, createdAt: new Date().toISOString(), deletedAt: null })
      .execute();
    const deliveries = async () => (await db.selectFrom('webhookDeliveries').select('id').where('endpointId', '=', endpointId).execute()).length;
    try {
      await expect(failing.moveStage(acme.id, id, 'interview', null)).rejects.toThrow('the move failed');
      expect((await service.getApplication(acme.id, id)).application.stage).toBe('screening');
      expect((await notes()).length).toBe(before + 1);
      expect(await deliveries()).toBe(0);
    } finally {
      await db.deleteFrom('webhookDeliveries').where('endpointId', '=', endpointId).execute();
      await db.deleteFrom('webhookEndpoints').where('id', '=', endpointId).execute();
    }
  });

  it('lists by position and stage, newest first, never another tenant’s', async () => {
    const all = await service.listApplications(acme.id, { limit: 100 });
    expect(all.length).toBeGreaterThanOrEqual(6);
    const submittedAt = all.map((application) => application.submitted_at);
    expect([...submittedAt].sort().reverse()).toEqual(submittedAt);
    const interviewing = await service.listApplications(acme.id, { stage: 'interview', limit: 100 });
    expect(interviewing.map((application) => application.id)).toEqual(['application-ada-interview']);
    const byPosition = await service.listApplications(acme.id, { positionId: plain[0] ?? 0, limit: 100 });
    expect(byPosition.map((application) => application.position_id)).toEqual([plain[0]]);
    expect(await service.listApplications(globexId, { limit: 100 })).toEqual([]);
  });

  it('lets exactly one of two racing submits for the same job through (409 for the other), writing one application', async () => {
    const pid = plain[4] ?? 0;
    const ada = await viewer(ADA.email);
    const results = await Promise.allSettled([service.submit(acme, ada, [pid], validAnswers()), service.submit(acme, ada, [pid], validAnswers())]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [failure] = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(failure?.reason).toMatchObject({ statusCode: 409 });
    const rows = await context().database.db.selectFrom('applications').select('id').where('positionId', '=', pid).where('candidateId', '=', ada.candidateId).execute();
    expect(rows).toHaveLength(1);
  });

  it('withdraws only the candidate’s own application and enqueues application.withdrawn', async () => {
    outbox.length = 0;
    const grace = await viewer(GRACE.email);
    await expect(service.withdraw(acme.id, grace.candidateId, 'application-ada-submitted', null)).rejects.toMatchObject({ statusCode: 404 });
    expect(outbox).toEqual([]);
    const withdrawn = await service.withdraw(acme.id, grace.candidateId, 'application-grace-screening', 'Moving abroad');
    expect(withdrawn.stage).toBe('withdrawn');
    expect(outbox.map((event) => event.type)).toEqual(['application.withdrawn']);
  });
});
