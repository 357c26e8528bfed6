import { beforeAll, describe, expect, it } from 'vitest';
import { candidateIdOf } from '../modules/applications/applications.test-support';
import { seedForTests, testConfig } from '../test/app';
import { forEachDatabase, type TestDatabase } from '../test/databases';
import { run } from './run';

/**
 * `applications move`, `form-requests create` and `interviews schedule|reschedule|cancel` (issue 10) through
 * run() with a fake io on a seeded database (both dialects): the same services as the employer API (the stage
 * event, notifications, the calendar's sequence), exit 0 done, 1 refused (nothing written), 2 usage.
 */

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const IN_TEN_DAYS = new Date(Date.now() + 10 * 86_400_000).toISOString();

forEachDatabase('command line: applications, form requests and interviews', (context: () => TestDatabase) => {
  let adaId: string;
  const db = () => context().database.db;
  const count = async (table: 'notifications' | 'interviews' | 'formRequests' | 'applicationStageEvents') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  async function careers(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await run(args, { io: { out: (line) => out.push(line), err: (line) => err.push(line) }, config: testConfig(context().dataDir), database: context().database });
    return { code, out, err };
  }

  beforeAll(async () => {
    await seedForTests(context(), 5);
    adaId = await candidateIdOf(context().database, 'ada@acme.example');
  });

  describe('applications move', () => {
    it('moves an application with a reason through the stage rules; the event names the command line', async () => {
      const moved = await careers('applications', 'move', 'application-ada-submitted', '--tenant', 'acme.example', '--stage', 'screening', '--reason', 'Strong CV');
      expect(moved.err).toEqual([]);
      expect(moved).toMatchObject({ code: 0, out: ['application application-ada-submitted moved to screening'] });
      const event = await db().selectFrom('applicationStageEvents').selectAll().where('applicationId', '=', 'application-ada-submitted').orderBy('occurredAt', 'desc').executeTakeFirstOrThrow();
      expect(event).toMatchObject({ fromStage: 'submitted', toStage: 'screening', reason: 'Strong CV', actor: 'employer:cli' });
    });

    it('refuses a forbidden move (1), another tenant’s application (1) and bad arguments (2), writing nothing', async () => {
      const events = await count('applicationStageEvents');
      const refused = await careers('applications', 'move', 'application-ada-rejected', '--tenant', 'acme.example', '--stage', 'hired');
      expect(refused.code).toBe(1);
      expect(refused.err.join('\n')).toContain('An application in stage rejected cannot move to hired.');
      expect((await careers('applications', 'move', 'application-ada-submitted', '--tenant', 'globex.example', '--stage', 'offer')).code).toBe(1);
      for (const args of [['applications'], ['applications', 'move', '--tenant', 'acme.example', '--stage', 'offer'], ['applications', 'move', 'x', '--tenant', 'acme.example', '--stage', 'lunch'], ['applications', 'move', 'x', '--stage', 'offer'], ['applications', 'move', 'x', '--tenant', 'acme.example', '--stage', 'offer', '--bogus']]) {
        const result = await careers(...args);
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.err.join('\n')).toContain('usage: applications move');
      }
      expect(await count('applicationStageEvents')).toBe(events);
    });
  });

  describe('form-requests create', () => {
    it('asks Ada for a form by email: the request and her notification', async () => {
      const [requests, notes] = [await count('formRequests'), await count('notifications')];
      const created = await careers('form-requests', 'create', '--tenant', 'acme.example', '--candidate', 'ada@acme.example', '--form', 'equipment', '--json');
      expect(created.code, created.err.join('\n')).toBe(0);
      expect(JSON.parse(created.out[0] ?? '{}')).toMatchObject({ candidateId: adaId, formKey: 'equipment', status: 'open' });
      expect([await count('formRequests'), await count('notifications')]).toEqual([requests + 1, notes + 1]);
      const unknown = await careers('form-requests', 'create', '--tenant', 'acme.example', '--candidate', 'ada@acme.example', '--form', 'tax-return');
      expect(unknown.code).toBe(1);
      expect(unknown.err.join('\n')).toContain('No form with key "tax-return"');
      expect((await careers('form-requests', 'create', '--tenant', 'globex.example', '--candidate', 'ada@acme.example', '--form', 'equipment')).code).toBe(1);
      expect((await careers('form-requests', 'create', '--tenant', 'acme.example', '--form', 'equipment')).code).toBe(2);
      expect(await count('formRequests')).toBe(requests + 1);
    });
  });

  describe('interviews', () => {
    it('schedules, reschedules and cancels an interview like the API (sequence 0 → 1 → 2), notifying Ada each time', async () => {
      const notes = await count('notifications');
      const scheduled = await careers(
        'interviews', 'schedule', '--tenant', 'acme.example', '--candidate', 'ada@acme.example', '--application', 'application-ada-submitted',
        '--starts', IN_A_WEEK, '--duration', '45', '--time-zone', 'Europe/Paris', '--kind', 'video', '--link', 'https://meet.example/cli',
        '--interviewer', 'Charles Babbage', '--interviewer', 'Mary Somerville', '--json',
      );
      expect(scheduled.code, scheduled.err.join('\n')).toBe(0);
      const interview = JSON.parse(scheduled.out[0] ?? '{}') as { id: string; interviewers: string[]; sequence: number; timeZone: string };
      expect(interview).toMatchObject({ interviewers: ['Charles Babbage', 'Mary Somerville'], sequence: 0, timeZone: 'Europe/Paris' });

      const moved = await careers('interviews', 'reschedule', interview.id, '--tenant', 'acme.example', '--starts', IN_TEN_DAYS, '--kind', 'phone', '--location', '+33 1 23 45 67 89');
      expect(moved.code, moved.err.join('\n')).toBe(0);
      expect(moved.out[0]).toMatch(/rescheduled: .* 45 min, phone, sequence 1$/);
      const canceled = await careers('interviews', 'cancel', interview.id, '--tenant', 'acme.example');
      expect(canceled.out[0]).toMatch(/canceled: .*sequence 2$/);
      expect(await count('notifications')).toBe(notes + 3);
    });

    it('refuses bad details (1) and bad arguments (2), writing nothing; another tenant cannot touch the interview', async () => {
      const [interviews, notes] = [await count('interviews'), await count('notifications')];
      const base = ['interviews', 'schedule', '--tenant', 'acme.example', '--candidate', adaId, '--starts', IN_A_WEEK, '--time-zone', 'Europe/Paris', '--kind', 'phone'];
      const zone = await careers(...base.slice(0, -4), '--time-zone', 'Atlantis/Capital', '--kind', 'phone');
      expect(zone.code).toBe(1);
      expect(zone.err.join('\n')).toContain('timeZone: Unknown time zone');
      expect((await careers(...base.slice(0, -2), '--kind', 'teleport')).code).toBe(1);
      expect((await careers(...base, '--link', 'http://insecure.example')).code).toBe(1);
      expect((await careers(...base, '--duration', 'an hour')).code).toBe(2);
      expect((await careers('interviews', 'reschedule', 'interview-ada-video', '--tenant', 'acme.example')).code).toBe(2);
      expect((await careers('interviews', 'cancel', 'interview-ada-video', '--tenant', 'globex.example')).code).toBe(1);
      expect((await careers('interviews', 'postpone')).code).toBe(2);
      expect([await count('interviews'), await count('notifications')]).toEqual([interviews, notes]);
      expect((await db().selectFrom('interviews').select('status').where('id', '=', 'interview-ada-video').executeTakeFirstOrThrow()).status).toBe('scheduled');
    });
  });

  it('lists the new commands in help', async () => {
    const help = await careers('help');
    expect(help.out.join('\n')).toMatch(/applications move[\s\S]*form-requests create[\s\S]*interviews schedule[\s\S]*interviews reschedule[\s\S]*interviews cancel/);
  });
});
