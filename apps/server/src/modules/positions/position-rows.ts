import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { DatabaseSchema, PositionLocationsTable, PositionsTable } from '../../db/schema';
import { normalisePosition } from '../../search-engine/search-index.writer';
import type { NormalisedText } from '../../search-engine/postings';
import { POSITIONS_CHANNEL, type PositionsChange } from './positions-changes';

/**
 * What the single write (position-writes.service.ts) and the batch write (position-batch.service.ts)
 * share: the input shape, how an input becomes a positions row and its places, the text the postings
 * index, and the tenant's version lock, bump and change message. One copy, so the two can never store a
 * position differently.
 */

const place = z.object({
  city: z.string().min(1).max(200),
  region: z.string().max(200).nullable(),
  country: z.string().min(1).max(200),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/**
 * One line of text: no control characters. PostgreSQL refuses a NUL in text (a 500 the employer-API fuzz
 * found), and none belongs in a title, a reference or a skill.
 */
const line = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/u, 'Must not contain control characters');

export const PositionInputSchema = z.object({
  /** The employer's own reference: a position with it is updated, otherwise one is created. */
  externalRef: line(200),
  title: line(300),
  department: line(200),
  employmentType: line(50),
  seniority: line(50),
  /** Paragraphs and lists: line breaks and tabs stay, other control characters do not. */
  description: z
    .string()
    .max(100_000)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/u, 'Must not contain control characters'),
  skills: z.array(line(100)).max(100),
  isRemote: z.boolean(),
  salaryMin: z.number().int().nonnegative().nullable(),
  salaryMax: z.number().int().nonnegative().nullable(),
  salaryCurrency: z.string().length(3).nullable(),
  postedAt: z.iso.datetime(),
  validThrough: z.iso.datetime().nullable(),
  /** The main place first (the positions row keeps it too). */
  locations: z.array(place).min(1).max(100),
});
export type PositionInput = z.infer<typeof PositionInputSchema>;
export type PositionPlace = PositionInput['locations'][number];

/** The row's own columns an input decides (not the tenant, reference, id, archive state or update time). */
export type PositionRowValues = Omit<PositionsTable, 'id' | 'tenantId' | 'externalRef' | 'archivedAt' | 'updatedAt'>;

export function positionRowValues(input: PositionInput): PositionRowValues {
  const main = input.locations[0] as PositionPlace;
  return {
    title: input.title,
    department: input.department,
    employmentType: input.employmentType,
    seniority: input.seniority,
    description: input.description,
    skills: JSON.stringify(input.skills),
    city: main.city,
    region: main.region ?? '',
    country: main.country,
    lat: main.lat,
    lng: main.lng,
    isRemote: input.isRemote ? 1 : 0,
    salaryMin: input.salaryMin,
    salaryMax: input.salaryMax,
    salaryCurrency: input.salaryCurrency,
    postedAt: input.postedAt,
    validThrough: input.validThrough,
  };
}

/** The columns of positionRowValues, in one order (the batch's prepared statements and comparisons). */
export const POSITION_ROW_COLUMNS = [
  'title',
  'department',
  'employmentType',
  'seniority',
  'description',
  'skills',
  'city',
  'region',
  'country',
  'lat',
  'lng',
  'isRemote',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'postedAt',
  'validThrough',
] as const satisfies readonly (keyof PositionRowValues)[];

export type StoredPlace = Omit<PositionLocationsTable, 'positionId' | 'tenantId' | 'ordinal'>;

export function placeRows(tenantId: string, positionId: number, locations: readonly PositionPlace[]): PositionLocationsTable[] {
  return locations.map((location, ordinal) => ({ ...location, positionId, tenantId, ordinal }));
}

/** The text the postings and the typo vocabulary index, from a row as stored (skills as JSON text). */
export function textOf(row: { title: string; skills: string; department: string; description: string }): NormalisedText {
  let skills: unknown;
  try {
    skills = JSON.parse(row.skills);
  } catch {
    skills = [];
  }
  return normalisePosition({
    title: row.title,
    skills: Array.isArray(skills) ? skills.filter((skill): skill is string => typeof skill === 'string') : [],
    department: row.department,
    description: row.description,
  });
}

export type Trx = Transaction<DatabaseSchema>;

/**
 * The tenant's version row, locked for the transaction: writes of one tenant's positions follow one
 * another, so each change names the version it moved from (PositionsChange.previousVersion).
 */
export async function lockVersion(trx: Trx, database: Database, tenantId: string, at: string): Promise<string> {
  await trx
    .insertInto('searchIndexVersions')
    .values({ tenantId, version: '', updatedAt: at })
    .onConflict((conflict) => conflict.column('tenantId').doNothing())
    .execute();
  const locking = trx.selectFrom('searchIndexVersions').select('version').where('tenantId', '=', tenantId);
  const row = await (database.dialect === 'postgres' ? locking.forUpdate() : locking).executeTakeFirstOrThrow();
  return row.version;
}

/** A new version for the tenant, and (PostgreSQL) the change's NOTIFY, sent when the transaction commits. */
export async function recordChange(
  trx: Trx,
  database: Database,
  change: Omit<PositionsChange, 'version'>,
  at: string,
): Promise<PositionsChange> {
  const version = randomUUID();
  await trx.updateTable('searchIndexVersions').set({ version, updatedAt: at }).where('tenantId', '=', change.tenantId).execute();
  const made: PositionsChange = { ...change, version };
  if (database.dialect === 'postgres') await sql`select pg_notify(${POSITIONS_CHANNEL}, ${JSON.stringify(made)})`.execute(trx);
  return made;
}
