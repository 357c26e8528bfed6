import { FormDefinitionSchema } from '@careers/contracts';
import type { Kysely } from 'kysely';
import type { ApplicationStage, DatabaseSchema } from '../../db/schema';
import type { Tenant } from '../../modules/tenants/tenants.service';
import { applicationForm, HANDBOOK_FORM, jobQuestions, PREBOARDING_FORM } from './demo-forms';

/**
 * Applying's demo rows (issue 9 "Data"): each tenant's application form, two Acme jobs with their own
 * questions, Ada's and Grace's applications at different stages with their stage history, drafts (one open,
 * one for a closed job when the seed has one), and Ada's form requests in every status. Deterministic: fixed
 * ids and dates relative to the reference date, positions picked in id order; no random draws, so the other
 * seed steps are unchanged.
 */

const DAY_MS = 86_400_000;
const EQUIPMENT_FORM = {
  title: 'Equipment',
  sections: [
    {
      id: 'equipment',
      title: 'Your equipment',
      items: [
        { name: 'laptop', label: 'Laptop', type: 'radio', required: true, radioOptions: { choices: [{ label: 'MacBook Pro', value: 'mac' }, { label: 'ThinkPad', value: 'thinkpad' }] } },
        { name: 'monitor', label: 'I would like an external monitor', type: 'checkbox' },
      ],
    },
  ],
};

interface DemoApplication {
  key: string;
  email: string;
  /** Index into the open positions picked for the demo. */
  pick: number;
  /** Stages after submitted, in order, each a day apart. */
  path: ApplicationStage[];
  daysAgo: number;
}

const DEMO_APPLICATIONS: DemoApplication[] = [
  { key: 'ada-submitted', email: 'ada@acme.example', pick: 0, path: [], daysAgo: 2 },
  { key: 'ada-interview', email: 'ada@acme.example', pick: 1, path: ['screening', 'interview'], daysAgo: 12 },
  { key: 'ada-rejected', email: 'ada@acme.example', pick: 2, path: ['screening', 'rejected'], daysAgo: 30 },
  { key: 'ada-withdrawn', email: 'ada@acme.example', pick: 3, path: ['withdrawn'], daysAgo: 20 },
  { key: 'grace-screening', email: 'grace@acme.example', pick: 4, path: ['screening'], daysAgo: 5 },
  { key: 'grace-offer', email: 'grace@acme.example', pick: 1, path: ['screening', 'interview', 'offer'], daysAgo: 25 },
];

const ADA_ANSWERS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@acme.example',
  phone: '+44 20 7946 0958',
  location: 'London, United Kingdom',
  current_title: 'Analyst',
  work_history: [{ company: 'Analytical Engine Co.', title: 'Analyst', period: { startDate: '1842-01', endDate: null, isCurrent: true } }],
  skills: ['Mathematics', 'Python', 'Algorithms'],
  english_level: 5,
  eeo_country: 'other',
  eeo_veteran_other: 'N/A',
  privacy_consent: true,
};

/** A definition as stored, checked by the engine's schema first: a demo form the engine refuses fails the seed. */
const storable = (definition: unknown): string => JSON.stringify(FormDefinitionSchema.parse(definition));

const iso = (reference: Date, daysAgo: number, plusDays = 0) => new Date(reference.getTime() - daysAgo * DAY_MS + plusDays * DAY_MS).toISOString();

export async function seedApplications(db: Kysely<DatabaseSchema>, tenants: readonly Tenant[], referenceDate: Date): Promise<number> {
  const updatedAt = referenceDate.toISOString();
  for (const tenant of tenants) {
    const definitions = [
      { key: tenant.config.pcsxConfig.applyFormConfig.formKey, kind: 'application' as const, title: 'Application', definition: applicationForm(tenant.companyName) },
      { key: 'preboarding', kind: 'preboarding' as const, title: PREBOARDING_FORM.title, definition: PREBOARDING_FORM },
      { key: 'handbook', kind: 'document' as const, title: HANDBOOK_FORM.title, definition: HANDBOOK_FORM },
      { key: 'equipment', kind: 'document' as const, title: EQUIPMENT_FORM.title, definition: EQUIPMENT_FORM },
    ];
    await db
      .insertInto('formDefinitions')
      .values(definitions.map((form) => ({ id: `form-${tenant.domain}-${form.key}`, tenantId: tenant.id, formKey: form.key, positionId: null, kind: form.kind, title: form.title, definition: storable(form.definition), updatedAt })))
      .execute();
  }

  const acme = tenants.find((tenant) => tenant.isDefault);
  if (!acme) return 0;
  const candidates = await db.selectFrom('candidates').select(['id', 'email']).where('tenantId', '=', acme.id).execute();
  const candidateId = (email: string) => candidates.find((candidate) => candidate.email === email)?.id;
  const ada = candidateId('ada@acme.example');
  if (!ada) return 0;
  const taken = await db.selectFrom('jobCartItems').select('positionId').where('tenantId', '=', acme.id).execute();
  const pool = await db.selectFrom('positions').select(['id', 'title', 'archivedAt']).where('tenantId', '=', acme.id).orderBy('id').limit(300).execute();
  const open = pool.filter((row) => row.archivedAt === null && !taken.some((item) => item.positionId === row.id));
  const archived = pool.find((row) => row.archivedAt !== null);

  // Two jobs ask their own questions (the cart apply merges them): the last open ones picked.
  const withQuestions = open.slice(-2);
  const topics = ['robotics', 'Python'];
  await db
    .insertInto('formDefinitions')
    .values(withQuestions.map((position, index) => ({
      id: `form-${acme.domain}-application-${position.id}`,
      tenantId: acme.id,
      formKey: acme.config.pcsxConfig.applyFormConfig.formKey,
      positionId: position.id,
      kind: 'application' as const,
      title: `${position.title} questions`,
      definition: storable(jobQuestions(topics[index] ?? 'industry')),
      updatedAt,
    })))
    .execute();

  let count = 0;
  for (const demo of DEMO_APPLICATIONS) {
    const position = open[demo.pick];
    const owner = candidateId(demo.email);
    if (!position || !owner) continue;
    const id = `application-${demo.key}`;
    const stage = demo.path.at(-1) ?? 'submitted';
    const submittedAt = iso(referenceDate, demo.daysAgo);
    const lastAt = iso(referenceDate, demo.daysAgo, demo.path.length * 2);
    const answers = demo.email === 'ada@acme.example' ? ADA_ANSWERS : { ...ADA_ANSWERS, first_name: 'Grace', last_name: 'Hopper', email: demo.email, skills: ['COBOL', 'Compilers'] };
    await db
      .insertInto('applications')
      .values({
        id,
        tenantId: acme.id,
        candidateId: owner,
        email: demo.email,
        positionId: position.id,
        positionName: position.title,
        stage,
        answers: JSON.stringify(answers),
        formDefinitionId: `form-${acme.domain}-${acme.config.pcsxConfig.applyFormConfig.formKey}`,
        submittedAt,
        updatedAt: lastAt,
        withdrawnAt: stage === 'withdrawn' ? lastAt : null,
      })
      .execute();
    const stages: ApplicationStage[] = ['submitted', ...demo.path];
    await db
      .insertInto('applicationStageEvents')
      .values(stages.map((to, index) => ({
        id: `${id}-event-${index}`,
        applicationId: id,
        tenantId: acme.id,
        fromStage: index === 0 ? null : (stages[index - 1] ?? null),
        toStage: to,
        reason: to === 'withdrawn' ? 'I accepted another position.' : to === 'rejected' ? 'Role filled internally' : null,
        actor: to === 'submitted' || to === 'withdrawn' ? 'candidate' : 'employer:demo',
        occurredAt: iso(referenceDate, demo.daysAgo, index * 2),
      })))
      .execute();
    count += 1;
  }

  // Drafts: Ada half-way through an open job, and one for a job that has since closed.
  const draftOpen = open[5];
  const drafts = [
    ...(draftOpen ? [{ positionId: draftOpen.id, values: { first_name: 'Ada', last_name: 'Lovelace', cover_letter: 'I would love to bring the Analytical Engine' }, daysAgo: 1 }] : []),
    ...(archived ? [{ positionId: archived.id, values: { first_name: 'Ada' }, daysAgo: 40 }] : []),
  ];
  if (drafts.length > 0) {
    await db
      .insertInto('draftApplications')
      .values(drafts.map((draft) => ({ tenantId: acme.id, candidateId: ada, positionId: draft.positionId, valuesJson: JSON.stringify(draft.values), updatedAt: iso(referenceDate, draft.daysAgo) })))
      .execute();
  }

  // Forms center: Ada's requests in every status; Grace has one of her own (T01 tests).
  const grace = candidateId('grace@acme.example');
  const requests = [
    { id: 'form-request-ada-preboarding', candidate: ada, key: 'preboarding', title: 'Preboarding', status: 'in_progress' as const, values: { legal_name: 'Augusta Ada King' }, due: 7, completed: false },
    { id: 'form-request-ada-equipment', candidate: ada, key: 'equipment', title: 'Equipment', status: 'open' as const, values: {}, due: 14, completed: false },
    { id: 'form-request-ada-handbook', candidate: ada, key: 'handbook', title: HANDBOOK_FORM.title, status: 'completed' as const, values: { handbook_read: true }, due: -3, completed: true },
    ...(grace ? [{ id: 'form-request-grace-equipment', candidate: grace, key: 'equipment', title: 'Equipment', status: 'open' as const, values: {}, due: 10, completed: false }] : []),
  ];
  await db
    .insertInto('formRequests')
    .values(requests.map((request) => ({
      id: request.id,
      tenantId: acme.id,
      candidateId: request.candidate,
      formDefinitionId: `form-${acme.domain}-${request.key}`,
      title: request.title,
      status: request.status,
      valuesJson: JSON.stringify(request.values),
      dueAt: iso(referenceDate, 0, request.due),
      createdAt: iso(referenceDate, 10),
      updatedAt: iso(referenceDate, request.completed ? 4 : 2),
      completedAt: request.completed ? iso(referenceDate, 4) : null,
    })))
    .execute();
  return count;
}

/** Children first, for --reset. */
export const APPLICATION_TABLES = [
  'formRequests',
  'draftApplications',
  'applicationStageEvents',
  'applicationFiles',
  'uploadedFiles',
  'applications',
  'formDefinitions',
] as const;
