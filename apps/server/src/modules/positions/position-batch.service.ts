import type SqliteDatabase from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import type { PositionLocationsTable } from '../../db/schema';
import { AppError } from '../../errors';
import { ErrorCode } from '@careers/contracts';
import { PostingsBuilder, type NormalisedText } from '../../search-engine/postings';
import { applyVocabularyDelta, replacePositionPostings, vocabularyWords } from '../../search-engine/position-postings.writer';
import { createSearchIndexWriter, rebuildTenantPostings, VocabularyCounter } from '../../search-engine/search-index.writer';
import {
  lockVersion,
  placeRows,
  POSITION_ROW_COLUMNS,
  PositionInputSchema,
  positionRowValues,
  recordChange,
  textOf,
  type PositionInput,
  type PositionRowValues,
  type StoredPlace,
  type Trx,
} from './position-rows';
import { CHANGE_MAX_IDS, type PositionsChange, type PositionsChangeBus } from './positions-changes';

/**
 * Many positions in one write (issue 10: `positions import`, the employer API's bulk upsert): the
 * tenant's positions named by external reference are created or updated in ONE transaction — the batch
 * applies whole or not at all — and one change is published for it. A record identical to what is stored
 * is not written; a batch changing nothing bumps no version and publishes nothing, so the same batch twice
 * is a no-op. Rows, places, postings and vocabulary are those of the single write (position-rows.ts);
 * only the way they reach the database differs: prepared statements (SQLite) or whole columns as arrays
 * (PostgreSQL, unnest), the new positions' postings built in memory and appended, the vocabulary changed
 * once per word.
 */

export interface PositionBatchOptions {
  /** Work out and report the changes without writing anything. */
  dryRun?: boolean;
  /** Archive the tenant's open positions the batch does not name (a feed that is the whole truth). */
  archiveMissing?: boolean;
}

export interface PositionBatchResult {
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  /** Each record's position id, in the batch's order (null: a record a dry run would create). */
  ids: (number | null)[];
  dryRun: boolean;
}

/** A record's problem; `record` counts from 1 in the batch's order. */
export interface PositionBatchProblem {
  record: number;
  field: string;
  message: string;
}

/** Problems listed in an error's message and fields at most (the rest are counted). */
export const BATCH_PROBLEMS_SHOWN = 50;

export function formatBatchProblem(problem: PositionBatchProblem): string {
  return `record ${problem.record}: ${problem.field}: ${problem.message}`;
}

/** A batch with any bad record: nothing was written. 400 with each record's problem (the first 50). */
export class PositionBatchError extends AppError {
  override name = 'PositionBatchError';

  constructor(readonly problems: readonly PositionBatchProblem[]) {
    const shown = problems.slice(0, BATCH_PROBLEMS_SHOWN);
    const more = problems.length - shown.length;
    super(
      400,
      ErrorCode.validation,
      `${problems.length} record${problems.length === 1 ? ' has a problem' : 's have problems'}; nothing was applied${more > 0 ? ` (first ${shown.length} listed)` : ''}.`,
      // Keyed as the employer API's validation issues are (body/positions/<index from 0>/<field>).
      Object.fromEntries(shown.map((problem) => [`body/positions/${problem.record - 1}/${problem.field.replaceAll('.', '/')}`, problem.message])),
    );
  }
}

export interface PositionBatchService {
  upsertPositions(tenantId: string, inputs: readonly unknown[], options?: PositionBatchOptions): Promise<PositionBatchResult>;
}

/**
 * Each record checked against the position shape, and external references unique within the batch.
 * Returns the inputs when every record is good, or every problem.
 */
export function validatePositionInputs(
  inputs: readonly unknown[],
  /** Each input's record number, when the inputs are some of a file's records (default: 1, 2, 3, …). */
  recordNumbers?: readonly number[],
): { inputs: PositionInput[]; problems: PositionBatchProblem[] } {
  const problems: PositionBatchProblem[] = [];
  const valid: PositionInput[] = [];
  const firstByRef = new Map<string, number>();
  inputs.forEach((raw, index) => {
    const record = recordNumbers?.[index] ?? index + 1;
    const parsed = PositionInputSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ record, field: issue.path.join('.') || '(record)', message: issue.message });
      return;
    }
    const first = firstByRef.get(parsed.data.externalRef);
    if (first !== undefined) {
      problems.push({ record, field: 'externalRef', message: `"${parsed.data.externalRef}" is also record ${first}` });
      return;
    }
    firstByRef.set(parsed.data.externalRef, record);
    valid.push(parsed.data);
  });
  return { inputs: valid, problems };
}

/** Positions read per query while the batch compares with what is stored. */
const READ_CHUNK_ROWS = 5000;
/** Up to this many records, a batch reads the positions it names by reference instead of the tenant's. */
const NAMED_READ_MAX = 10_000;
/** References per `external_ref in (…)` read. */
const NAMED_READ_CHUNK = 500;
/**
 * Positions whose text changed beyond which the tenant's postings are rebuilt in one pass rather than
 * edited word by word (each edit reads and writes a segment per word: ~20 statements a position).
 */
const POSTINGS_REBUILD_AT = 500;

interface StoredPosition extends PositionRowValues {
  id: number;
  externalRef: string;
  archivedAt: string | null;
}

type Plan =
  | { kind: 'create'; input: PositionInput; values: PositionRowValues }
  | { kind: 'update'; input: PositionInput; values: PositionRowValues; stored: StoredPosition }
  | { kind: 'unchanged'; stored: StoredPosition };

function samePlaces(stored: readonly StoredPlace[] | undefined, wanted: readonly PositionInput['locations'][number][]): boolean {
  if (stored === undefined || stored.length !== wanted.length) return false;
  return wanted.every((place, at) => {
    const other = stored[at] as StoredPlace;
    return other.city === place.city && other.region === place.region && other.country === place.country && other.lat === place.lat && other.lng === place.lng;
  });
}

function sameRow(stored: StoredPosition, values: PositionRowValues): boolean {
  return POSITION_ROW_COLUMNS.every((column) => stored[column] === values[column]);
}

const sameText = (a: PositionRowValues, b: PositionRowValues) =>
  a.title === b.title && a.skills === b.skills && a.department === b.department && a.description === b.description;

/** Kysely's CamelCasePlugin naming, for the raw SQLite statements: employmentType → employment_type. */
const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

interface RowWriter {
  insert(tenantId: string, plans: readonly Extract<Plan, { kind: 'create' }>[], at: string): Promise<number[]>;
  update(tenantId: string, plans: readonly Extract<Plan, { kind: 'update' }>[], at: string): Promise<void>;
  archive(ids: readonly number[], at: string): Promise<void>;
}

/** SQLite: prepared statements on the connection the transaction runs on (P9; as the seed's bulk insert). */
function sqliteRowWriter(sqlite: SqliteDatabase.Database): RowWriter {
  const columns = POSITION_ROW_COLUMNS.map(snakeCase);
  const insertRow = sqlite.prepare(
    `insert into positions (tenant_id, external_ref, archived_at, updated_at, ${columns.join(', ')}) values (?, ?, null, ?, ${columns.map(() => '?').join(', ')})`,
  );
  const updateRow = sqlite.prepare(`update positions set ${columns.map((column) => `${column} = ?`).join(', ')}, archived_at = null, updated_at = ? where id = ?`);
  const insertPlace = sqlite.prepare('insert into position_locations (position_id, tenant_id, ordinal, city, region, country, lat, lng) values (?, ?, ?, ?, ?, ?, ?, ?)');
  const deletePlaces = sqlite.prepare('delete from position_locations where position_id = ?');
  const archiveRow = sqlite.prepare('update positions set archived_at = ?, updated_at = ? where id = ?');
  const valuesOf = (values: PositionRowValues) => POSITION_ROW_COLUMNS.map((column) => values[column]);
  const writePlaces = (rows: readonly PositionLocationsTable[]) => {
    for (const row of rows) insertPlace.run(row.positionId, row.tenantId, row.ordinal, row.city, row.region, row.country, row.lat, row.lng);
  };
  return {
    insert(tenantId, plans, at) {
      const ids = plans.map((plan) => {
        const id = Number(insertRow.run(tenantId, plan.input.externalRef, at, ...valuesOf(plan.values)).lastInsertRowid);
        writePlaces(placeRows(tenantId, id, plan.input.locations));
        return id;
      });
      return Promise.resolve(ids);
    },
    update(tenantId, plans, at) {
      for (const plan of plans) {
        updateRow.run(...valuesOf(plan.values), at, plan.stored.id);
        deletePlaces.run(plan.stored.id);
        writePlaces(placeRows(tenantId, plan.stored.id, plan.input.locations));
      }
      return Promise.resolve();
    },
    archive(ids, at) {
      for (const id of ids) archiveRow.run(at, at, id);
      return Promise.resolve();
    },
  };
}

/** PostgreSQL types of the row's columns, for unnest's arrays. */
const PG_TYPES: Record<(typeof POSITION_ROW_COLUMNS)[number], string> = {
  title: 'text',
  department: 'text',
  employmentType: 'text',
  seniority: 'text',
  description: 'text',
  skills: 'text',
  city: 'text',
  region: 'text',
  country: 'text',
  lat: 'float8',
  lng: 'float8',
  isRemote: 'int4',
  salaryMin: 'int4',
  salaryMax: 'int4',
  salaryCurrency: 'text',
  postedAt: 'text',
  validThrough: 'text',
};
/** Rows per unnest statement: a few megabytes of text, 20-odd array parameters. */
const PG_CHUNK_ROWS = 5000;

/** `unnest($1::text[], $2::int4[], …) as v(a, b, …)` over the columns of `rows`. */
function unnestOf(columns: readonly { name: string; type: string; values: unknown[] }[]): RawBuilder<unknown> {
  const arrays = columns.map((column) => sql`${column.values}::${sql.raw(column.type)}[]`);
  return sql`unnest(${sql.join(arrays)}) as v(${sql.raw(columns.map((column) => column.name).join(', '))})`;
}

function rowColumns(values: readonly PositionRowValues[]) {
  return POSITION_ROW_COLUMNS.map((column) => ({ name: snakeCase(column), type: PG_TYPES[column], values: values.map((row) => row[column]) }));
}

/**
 * PostgreSQL: each statement takes whole columns as arrays (INSERT … SELECT FROM unnest, UPDATE … FROM
 * unnest): 5,000 rows bind 20-odd parameters rather than 100,000, which the server parses far faster
 * than multi-row VALUES (P9).
 */
function postgresRowWriter(trx: Trx): RowWriter {
  const placeColumns = ['position_id', 'ordinal', 'city', 'region', 'country', 'lat', 'lng'];
  const insertPlaces = async (tenantId: string, rows: PositionLocationsTable[]) => {
    for (let start = 0; start < rows.length; start += PG_CHUNK_ROWS) {
      const chunk = rows.slice(start, start + PG_CHUNK_ROWS);
      const source = unnestOf([
        { name: 'position_id', type: 'int4', values: chunk.map((row) => row.positionId) },
        { name: 'ordinal', type: 'int4', values: chunk.map((row) => row.ordinal) },
        { name: 'city', type: 'text', values: chunk.map((row) => row.city) },
        { name: 'region', type: 'text', values: chunk.map((row) => row.region) },
        { name: 'country', type: 'text', values: chunk.map((row) => row.country) },
        { name: 'lat', type: 'float8', values: chunk.map((row) => row.lat) },
        { name: 'lng', type: 'float8', values: chunk.map((row) => row.lng) },
      ]);
      await sql`insert into position_locations (tenant_id, ${sql.raw(placeColumns.join(', '))})
        select ${tenantId}, ${sql.raw(placeColumns.map((column) => `v.${column}`).join(', '))} from ${source}`.execute(trx);
    }
  };
  const columns = POSITION_ROW_COLUMNS.map(snakeCase);
  return {
    async insert(tenantId, plans, at) {
      const ids: number[] = [];
      for (let start = 0; start < plans.length; start += PG_CHUNK_ROWS) {
        const chunk = plans.slice(start, start + PG_CHUNK_ROWS);
        const source = unnestOf([{ name: 'ref', type: 'text', values: chunk.map((plan) => plan.input.externalRef) }, ...rowColumns(chunk.map((plan) => plan.values))]);
        const { rows } = await sql<{ id: number; ref: string }>`
          insert into positions (tenant_id, external_ref, archived_at, updated_at, ${sql.raw(columns.join(', '))})
          select ${tenantId}, v.ref, null, ${at}, ${sql.raw(columns.map((column) => `v.${column}`).join(', '))} from ${source}
          returning id, external_ref as ref`.execute(trx);
        // Matched by reference: RETURNING's order is not promised.
        const idByRef = new Map(rows.map((row) => [row.ref, Number(row.id)]));
        const chunkIds = chunk.map((plan) => {
          const id = idByRef.get(plan.input.externalRef);
          if (id === undefined) throw new Error(`No id returned for ${plan.input.externalRef}`);
          return id;
        });
        await insertPlaces(tenantId, chunk.flatMap((plan, at) => placeRows(tenantId, chunkIds[at] as number, plan.input.locations)));
        ids.push(...chunkIds);
      }
      return ids;
    },
    async update(tenantId, plans, at) {
      for (let start = 0; start < plans.length; start += PG_CHUNK_ROWS) {
        const chunk = plans.slice(start, start + PG_CHUNK_ROWS);
        const ids = chunk.map((plan) => plan.stored.id);
        const source = unnestOf([{ name: 'id', type: 'int4', values: ids }, ...rowColumns(chunk.map((plan) => plan.values))]);
        await sql`update positions as p set ${sql.raw(columns.map((column) => `${column} = v.${column}`).join(', '))}, archived_at = null, updated_at = ${at}
          from ${source} where p.id = v.id`.execute(trx);
        await sql`delete from position_locations where position_id = any(${ids}::int4[])`.execute(trx);
        await insertPlaces(tenantId, chunk.flatMap((plan) => placeRows(tenantId, plan.stored.id, plan.input.locations)));
      }
    },
    async archive(ids, at) {
      for (let start = 0; start < ids.length; start += PG_CHUNK_ROWS) {
        await sql`update positions set archived_at = ${at}, updated_at = ${at} where id = any(${ids.slice(start, start + PG_CHUNK_ROWS)}::int4[])`.execute(trx);
      }
    },
  };
}

export function createPositionBatchService(deps: { database: Database; bus: PositionsChangeBus; clock: Clock }): PositionBatchService {
  const { database, bus } = deps;
  const searchIndex = createSearchIndexWriter(database.dialect);

  /**
   * The stored positions a batch of up to NAMED_READ_MAX records names, by reference (the unique index),
   * with their places: an API call of 10,000 into a tenant of 100,000 reads its 10,000, not the tenant.
   */
  async function readNamed(trx: Trx, tenantId: string, refs: readonly string[]): Promise<{ positions: StoredPosition[]; places: (StoredPlace & { positionId: number })[] }> {
    const positions: StoredPosition[] = [];
    const places: (StoredPlace & { positionId: number })[] = [];
    for (let start = 0; start < refs.length; start += NAMED_READ_CHUNK) {
      const rows = await trx
        .selectFrom('positions')
        .select(['id', 'externalRef', 'archivedAt', ...POSITION_ROW_COLUMNS])
        .where('tenantId', '=', tenantId)
        .where('externalRef', 'in', refs.slice(start, start + NAMED_READ_CHUNK))
        .execute();
      positions.push(...rows);
      if (rows.length === 0) continue;
      places.push(
        ...(await trx
          .selectFrom('positionLocations')
          .select(['positionId', 'city', 'region', 'country', 'lat', 'lng'])
          .where(
            'positionId',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('positionId')
          .orderBy('ordinal')
          .execute()),
      );
    }
    return { positions, places };
  }

  /** The tenant's positions and places as stored: SQLite in one read each on the raw connection, PostgreSQL in id chunks. */
  async function readRows(trx: Trx, tenantId: string): Promise<{ positions: StoredPosition[]; places: (StoredPlace & { positionId: number })[] }> {
    if (database.sqlite) {
      // One scan without ORDER BY: ordered chunks made SQLite sort the tenant's rows once per chunk (P9).
      const columns = ['id', 'external_ref as externalRef', 'archived_at as archivedAt', ...POSITION_ROW_COLUMNS.map((column) => `${snakeCase(column)} as ${column}`)];
      const positions = database.sqlite.prepare(`select ${columns.join(', ')} from positions where tenant_id = ?`).all(tenantId) as StoredPosition[];
      const places = database.sqlite
        .prepare('select position_id as positionId, city, region, country, lat, lng from position_locations where tenant_id = ? order by position_id, ordinal')
        .all(tenantId) as (StoredPlace & { positionId: number })[];
      return { positions, places };
    }
    const positions: StoredPosition[] = [];
    for (let after = 0; ; ) {
      const rows = await trx
        .selectFrom('positions')
        .select(['id', 'externalRef', 'archivedAt', ...POSITION_ROW_COLUMNS])
        .where('tenantId', '=', tenantId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(READ_CHUNK_ROWS)
        .execute();
      positions.push(...rows);
      if (rows.length < READ_CHUNK_ROWS) break;
      after = (rows[rows.length - 1] as { id: number }).id;
    }
    const places = await trx
      .selectFrom('positionLocations')
      .select(['positionId', 'city', 'region', 'country', 'lat', 'lng'])
      .where('tenantId', '=', tenantId)
      .orderBy('positionId')
      .orderBy('ordinal')
      .execute();
    return { positions, places };
  }

  /** The tenant's stored positions the batch names (and, to archive, the open ones it does not). */
  async function readStored(trx: Trx, tenantId: string, refs: ReadonlySet<string>, archiveMissing: boolean) {
    const named = new Map<string, StoredPosition>();
    const missing: number[] = [];
    // Archiving what is missing needs every open position; a batch of a few thousand reads only its own.
    const rows = !archiveMissing && refs.size <= NAMED_READ_MAX ? await readNamed(trx, tenantId, [...refs]) : await readRows(trx, tenantId);
    for (const row of rows.positions) {
      if (refs.has(row.externalRef)) named.set(row.externalRef, row);
      else if (archiveMissing && row.archivedAt === null) missing.push(row.id);
    }
    // The ids ascending, as the write path and the change message list them.
    missing.sort((a, b) => a - b);
    const places = new Map<number, StoredPlace[]>();
    for (const { positionId, ...place } of rows.places) {
      const list = places.get(positionId);
      if (list) list.push(place);
      else places.set(positionId, [place]);
    }
    return { named, missing, places };
  }

  function plan(inputs: readonly PositionInput[], stored: Awaited<ReturnType<typeof readStored>>): Plan[] {
    return inputs.map((input) => {
      const values = positionRowValues(input);
      const current = stored.named.get(input.externalRef);
      if (current === undefined) return { kind: 'create', input, values };
      // A record names a position as the company has it now: an archived one it names opens again.
      if (current.archivedAt === null && sameRow(current, values) && samePlaces(stored.places.get(current.id), input.locations)) {
        return { kind: 'unchanged', stored: current };
      }
      return { kind: 'update', input, values, stored: current };
    });
  }

  /** Postings and vocabulary of the created and re-worded positions, in the batch's transaction. */
  async function indexText(trx: Trx, tenantId: string, created: { id: number; text: NormalisedText }[], reworded: { id: number; before: NormalisedText; after: NormalisedText }[]) {
    const vocabulary = new Map<string, number>();
    const count = (text: NormalisedText, by: number) => {
      for (const word of vocabularyWords(text)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + by);
    };
    // New positions through the seed's counter (one map lookup per word), the few re-worded ones word set by word set.
    const counter = new VocabularyCounter();
    for (const { text } of created) counter.add(tenantId, text);
    for (const [word, documents] of counter.entries(tenantId)) vocabulary.set(word, documents);
    for (const { before, after } of reworded) {
      count(after, 1);
      count(before, -1);
    }
    if (reworded.length > POSTINGS_REBUILD_AT) {
      // Reads every row of the tenant as written in this transaction, the created ones included.
      await rebuildTenantPostings(trx, database.dialect, tenantId);
    } else {
      for (const { id, before, after } of reworded) await replacePositionPostings(trx, database.dialect, tenantId, id, before, after);
      const postings = new PostingsBuilder();
      for (const { id, text } of [...created].sort((a, b) => a.id - b.id)) postings.add(id, tenantId, text);
      await searchIndex.writePostings(trx, postings.takeAll());
    }
    await applyVocabularyDelta(trx, database.dialect, tenantId, vocabulary);
  }

  return {
    async upsertPositions(tenantId, rawInputs, options = {}) {
      const dryRun = options.dryRun === true;
      const archiveMissing = options.archiveMissing === true;
      const { inputs, problems } = validatePositionInputs(rawInputs);
      if (problems.length > 0) throw new PositionBatchError(problems);
      const refs = new Set(inputs.map((input) => input.externalRef));
      const at = deps.clock.now().toISOString();

      const outcome = await database.db.transaction().execute(async (trx) => {
        const previousVersion = dryRun ? '' : await lockVersion(trx, database, tenantId, at);
        const stored = await readStored(trx, tenantId, refs, archiveMissing);
        const plans = plan(inputs, stored);
        const creates = plans.filter((entry): entry is Extract<Plan, { kind: 'create' }> => entry.kind === 'create');
        const updates = plans.filter((entry): entry is Extract<Plan, { kind: 'update' }> => entry.kind === 'update');
        const counts = { created: creates.length, updated: updates.length, unchanged: plans.length - creates.length - updates.length, archived: stored.missing.length };
        if (dryRun) {
          return { counts, ids: plans.map((entry) => (entry.kind === 'create' ? null : entry.stored.id)), change: null };
        }
        const writer = database.sqlite ? sqliteRowWriter(database.sqlite) : postgresRowWriter(trx);
        const createdIds = await writer.insert(tenantId, creates, at);
        await writer.update(tenantId, updates, at);
        await writer.archive(stored.missing, at);
        await indexText(
          trx,
          tenantId,
          creates.map((entry, index) => ({ id: createdIds[index] as number, text: textOf(entry.values) })),
          updates.filter((entry) => !sameText(entry.stored, entry.values)).map((entry) => ({ id: entry.stored.id, before: textOf(entry.stored), after: textOf(entry.values) })),
        );
        const idOfCreate = new Map(creates.map((entry, index) => [entry, createdIds[index] as number]));
        const ids = plans.map((entry) => (entry.kind === 'create' ? (idOfCreate.get(entry) as number) : entry.stored.id));
        const changed = [...createdIds, ...updates.map((entry) => entry.stored.id), ...stored.missing];
        if (changed.length === 0) return { counts, ids, change: null };
        const many = changed.length > CHANGE_MAX_IDS;
        const change = await recordChange(trx, database, { tenantId, previousVersion, ids: many ? [] : changed, kind: 'batch', ...(many ? { reload: true } : {}) }, at);
        return { counts, ids, change };
      });
      if (outcome.change !== null && database.dialect === 'sqlite') bus.publish(outcome.change as PositionsChange);
      return { ...outcome.counts, ids: outcome.ids, dryRun };
    },
  };
}
