import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { PostingsBuilder } from '../../search-engine/postings';
import { createBulkIndexer, type SearchIndexWriter, type VocabularyCounter } from '../../search-engine/search-index.writer';
import type { DatabaseSchema, PositionLocationsTable, PositionsTable } from '../../db/schema';
import { CITIES, type City } from './cities';
import {
  BENEFIT_PARAGRAPHS,
  DEPARTMENTS,
  EMPLOYMENT_TYPES,
  INCLUSION_PARAGRAPH,
  OPENINGS,
  REMOTE_PARAGRAPH,
  REQUIREMENT_PARAGRAPHS,
  ROLE_PARAGRAPHS,
  SENIORITIES,
} from './position-catalog';
import type { SeededRandom } from './random';
import { createSqlitePositionInserter } from './sqlite-bulk-insert';

export type NewPosition = Omit<PositionsTable, 'id'>;
export type NewPositionLocation = Omit<PositionLocationsTable, 'positionId' | 'tenantId'>;

/** A position row with what lives beside it: its places and its skills as a list (for the index). */
export interface GeneratedPosition {
  row: NewPosition;
  skills: string[];
  locations: NewPositionLocation[];
}

export interface PositionGeneratorInput {
  tenantId: string;
  companyName: string;
  /** Prefix of external references, e.g. "ACME". */
  refPrefix: string;
  count: number;
  /** Dates are spread over the 90 days before this instant. */
  referenceDate: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const REMOTE_SHARE = 0.15;
/** On-site roles open in a second (and third) city of the same country, where the country has one. */
const SECOND_CITY_SHARE = 0.35;
const THIRD_CITY_SHARE = 0.3;
const ARCHIVED_SHARE = 0.03;
/** Multi-row inserts: 500 rows × 22 columns stays under both dialects' parameter limits. */
const INSERT_BATCH_ROWS = 500;
/** Rows per transaction: large enough to amortise commits, small enough to keep memory flat. */
const TRANSACTION_ROWS = 10_000;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

const CITIES_BY_COUNTRY = new Map<string, City[]>();
for (const city of CITIES) CITIES_BY_COUNTRY.set(city.country, [...(CITIES_BY_COUNTRY.get(city.country) ?? []), city]);

/** 1–3 places: the main city first, then others in the same country (remote roles keep one anchor city). */
function placesFor(random: SeededRandom, main: City, isRemote: boolean): City[] {
  const others = (CITIES_BY_COUNTRY.get(main.country) ?? []).filter((city) => city !== main);
  if (isRemote || others.length === 0 || !random.chance(SECOND_CITY_SHARE)) return [main];
  const extra = random.chance(THIRD_CITY_SHARE) && others.length > 1 ? 2 : 1;
  return [main, ...random.sample(others, extra)];
}

function generatePosition(random: SeededRandom, input: PositionGeneratorInput, index: number): GeneratedPosition {
  const department = random.weighted(DEPARTMENTS.map((entry) => [entry, entry.weight] as const));
  const seniority = random.weighted(SENIORITIES.map((entry) => [entry, entry.weight] as const));
  const employmentType = random.weighted(EMPLOYMENT_TYPES);
  const role = random.pick(department.roles);
  const title = seniority.prefix ? `${seniority.prefix} ${role}` : role;
  const place = random.pick(CITIES);
  const isRemote = random.chance(REMOTE_SHARE);
  const skills = random.sample(department.skills, random.int(3, 6));
  const places = placesFor(random, place, isRemote);

  const values = {
    company: input.companyName,
    department: department.name,
    mission: random.pick(department.missions),
    title,
    city: place.city,
    years: seniority.years,
    skills: skills.slice(0, 3).join(', '),
  };
  const paragraphs = [
    fill(random.pick(OPENINGS), values),
    fill(random.pick(ROLE_PARAGRAPHS), values),
    fill(random.pick(REQUIREMENT_PARAGRAPHS), values),
    ...(isRemote ? [fill(REMOTE_PARAGRAPH, values)] : []),
    fill(random.pick(BENEFIT_PARAGRAPHS), values),
    fill(INCLUSION_PARAGRAPH, values),
  ];

  const reference = input.referenceDate.getTime();
  const postedAt = reference - random.int(0, 90 * DAY_MS);
  const validThrough = random.chance(0.9) ? postedAt + random.int(45, 120) * DAY_MS : null;
  const archivedAt = random.chance(ARCHIVED_SHARE) ? postedAt + random.int(0, reference - postedAt) : null;
  const hasSalary = employmentType !== 'INTERNSHIP' || random.chance(0.5);
  const midpoint = department.baseSalaryUsd * seniority.factor * place.payFactor * (employmentType === 'PART_TIME' ? 0.5 : 1);
  const step = midpoint > 1_000_000 ? 100_000 : 1000;

  const row: NewPosition = {
    tenantId: input.tenantId,
    externalRef: `${input.refPrefix}-${String(index + 1).padStart(6, '0')}`,
    title,
    department: department.name,
    employmentType,
    seniority: seniority.value,
    description: paragraphs.join('\n\n'),
    skills: JSON.stringify(skills),
    city: place.city,
    region: place.region,
    country: place.country,
    lat: place.lat,
    lng: place.lng,
    isRemote: isRemote ? 1 : 0,
    salaryMin: hasSalary ? roundTo(midpoint * 0.85, step) : null,
    salaryMax: hasSalary ? roundTo(midpoint * 1.15, step) : null,
    salaryCurrency: hasSalary ? place.currency : null,
    postedAt: new Date(postedAt).toISOString(),
    validThrough: validThrough === null ? null : new Date(validThrough).toISOString(),
    archivedAt: archivedAt === null ? null : new Date(archivedAt).toISOString(),
    updatedAt: new Date(archivedAt ?? postedAt).toISOString(),
  };
  const locations = places.map((city, ordinal) => ({
    ordinal,
    city: city.city,
    region: city.region,
    country: city.country,
    lat: city.lat,
    lng: city.lng,
  }));
  return { row, skills, locations };
}

/** Generates positions one at a time so 1M rows never sit in memory together. */
export function* generatePositions(random: SeededRandom, input: PositionGeneratorInput): Generator<GeneratedPosition> {
  for (let index = 0; index < input.count; index += 1) yield generatePosition(random, input, index);
}

export interface InsertPositionsDeps {
  db: Kysely<DatabaseSchema>;
  searchIndex: SearchIndexWriter;
  /** Counts the indexed words for the tenant's typo vocabulary (written once all positions are in). */
  vocabulary: VocabularyCounter;
  /** SQLite's raw connection (Database.sqlite): the import then takes sqlite-bulk-insert.ts's faster path. */
  sqlite?: SqliteDatabase.Database;
}

/**
 * Batched multi-row inserts inside chunked transactions (P9: ≥ 5,000 positions/s on SQLite): the rows,
 * their places and the postings segments they fill together; the postings are built in memory
 * (search/postings.ts), each segment written once, the partly filled ones at the end — so a position
 * imported here matches free text once the import is done (the seed bumps the index version then).
 */
export async function insertPositions({ db, searchIndex, vocabulary, sqlite }: InsertPositionsDeps, positions: Iterable<GeneratedPosition>): Promise<number> {
  let inserted = 0;
  let pending: GeneratedPosition[] = [];
  const postings = new PostingsBuilder();
  const index = createBulkIndexer(vocabulary, postings);
  const insertSqlite = sqlite ? createSqlitePositionInserter(sqlite, index, postings) : null;
  const flush = async (batch: GeneratedPosition[]) => {
    if (insertSqlite) {
      insertSqlite(batch);
      inserted += batch.length;
      return;
    }
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < batch.length; start += INSERT_BATCH_ROWS) {
        const chunk = batch.slice(start, start + INSERT_BATCH_ROWS);
        const ids = await trx
          .insertInto('positions')
          .values(chunk.map((position) => position.row))
          .returning(['id', 'externalRef'])
          .execute();
        // Matched by reference, not by order: RETURNING order is not promised for multi-row inserts.
        const idByRef = new Map(ids.map((row) => [row.externalRef, row.id]));
        const idOf = (position: GeneratedPosition): number => {
          const id = idByRef.get(position.row.externalRef);
          if (id === undefined) throw new Error(`No id returned for ${position.row.externalRef}`);
          return id;
        };
        const locations = chunk.flatMap((position) =>
          position.locations.map((location) => ({ ...location, positionId: idOf(position), tenantId: position.row.tenantId })),
        );
        for (let at = 0; at < locations.length; at += INSERT_BATCH_ROWS) {
          await trx.insertInto('positionLocations').values(locations.slice(at, at + INSERT_BATCH_ROWS)).execute();
        }
        // Ids ascending, as the postings need: by the returned ids, not RETURNING's order.
        for (const position of [...chunk].sort((a, b) => idOf(a) - idOf(b))) {
          const { row } = position;
          index({ id: idOf(position), tenantId: row.tenantId, title: row.title, skills: position.skills, department: row.department, description: row.description });
        }
      }
      await searchIndex.writePostings(trx, postings.takeFull());
    });
    inserted += batch.length;
  };
  for (const position of positions) {
    pending.push(position);
    if (pending.length === TRANSACTION_ROWS) {
      await flush(pending);
      pending = [];
    }
  }
  if (pending.length > 0) await flush(pending);
  const rest = postings.takeAll();
  if (rest.length > 0) await db.transaction().execute((trx) => searchIndex.writePostings(trx, rest));
  return inserted;
}
