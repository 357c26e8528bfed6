import { handmadePdf } from '../offers/signed-upload.corpus';
import type { Database } from '../../db/database';
import { ACME, tenantIdOf } from '../search/search.fixtures';

/** A sound one-page PDF: application uploads go through the offer letters' inspection. */
export const PDF_BYTES = Buffer.from(handmadePdf());

export function fileEntry(name: string, bytes: Buffer, type = 'application/pdf') {
  return { uid: `rc-${name}`, name, size: bytes.length, type, lastModified: 1_700_000_000_000, webkitRelativePath: '', content: bytes.toString('base64'), status: 'done' };
}

/** Answers that pass the seeded Acme application form. */
export function validAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@acme.example',
    phone: '+44 20 7946 0958',
    skills: ['Mathematics'],
    resume: [fileEntry('resume.pdf', PDF_BYTES)],
    privacy_consent: true,
    ...overrides,
  };
}

export async function candidateIdOf(database: Database, email: string): Promise<string> {
  const row = await database.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Rows that applying writes, counted: a failed submit must leave every one unchanged. */
export async function applyingRowCounts(database: Database) {
  const count = async (table: 'applications' | 'applicationStageEvents' | 'applicationFiles' | 'uploadedFiles') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    applications: await count('applications'),
    events: await count('applicationStageEvents'),
    links: await count('applicationFiles'),
    files: await count('uploadedFiles'),
  };
}

/** Acme's open positions, excluding any the candidates have applied to or hold in a cart, and the two with their own questions. */
export async function freshAcmePositions(database: Database): Promise<{ plain: number[]; withQuestions: number[] }> {
  const tenantId = await tenantIdOf(database, ACME);
  const positions = await database.db.selectFrom('positions').select(['id', 'archivedAt']).where('tenantId', '=', tenantId).orderBy('id').execute();
  const applied = new Set((await database.db.selectFrom('applications').select('positionId').execute()).map((row) => row.positionId));
  const carted = new Set((await database.db.selectFrom('jobCartItems').select('positionId').execute()).map((row) => row.positionId));
  const drafted = new Set((await database.db.selectFrom('draftApplications').select('positionId').execute()).map((row) => row.positionId));
  const questions = new Set(
    (await database.db.selectFrom('formDefinitions').select('positionId').where('tenantId', '=', tenantId).where('positionId', 'is not', null).execute()).map((row) => row.positionId),
  );
  const open = positions.filter((row) => row.archivedAt === null && !applied.has(row.id) && !carted.has(row.id) && !drafted.has(row.id));
  return { plain: open.filter((row) => !questions.has(row.id)).map((row) => row.id), withQuestions: open.filter((row) => questions.has(row.id)).map((row) => row.id) };
}
