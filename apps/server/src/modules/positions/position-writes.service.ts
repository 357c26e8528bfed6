import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { replacePositionPostings, updateVocabulary } from '../../search-engine/position-postings.writer';
import { lockVersion, placeRows, positionRowValues, PositionInputSchema, recordChange, textOf, type PositionInput, type Trx } from './position-rows';
import type { PositionsChange, PositionsChangeBus } from './positions-changes';

/**
 * The one way a position is written (issue 8 §2; the employer API of a later issue calls it): the row,
 * its places, its word postings and typo vocabulary in one transaction with a new positions version, and
 * the change published — on PostgreSQL as a NOTIFY sent at commit, which every process (this one too)
 * receives on its LISTEN connection; on SQLite (one process) straight to this process's bus after the
 * commit. Searches and job details then apply the change instead of reloading the tenant.
 */

export { PositionInputSchema, type PositionInput } from './position-rows';

export interface PositionWrite {
  id: number;
  kind: PositionsChange['kind'];
  version: string;
}

export interface PositionWritesService {
  /** Creates the tenant's position with input.externalRef, or updates it (an archived one stays archived). */
  upsertPosition(tenantId: string, input: PositionInput): Promise<PositionWrite>;
  /** Archives an open position (search stops finding it; its page says it is closed). 404 for another tenant's id. */
  archivePosition(tenantId: string, positionId: number): Promise<PositionWrite>;
  /** Employer API: creates a position; 409 when the tenant already has one with input.externalRef. */
  createPosition(tenantId: string, input: PositionInput): Promise<PositionWrite>;
  /**
   * Employer API: replaces the tenant's position `positionId` with `input` (its externalRef may change, to one
   * no other position of the tenant has: else 409). Archived stays archived. 404 for another tenant's id.
   */
  replacePosition(tenantId: string, positionId: number, input: PositionInput): Promise<PositionWrite>;
  /** Reopens an archived position (search finds it again on every process). Open already: a no-op. 404 for another tenant's id. */
  unarchivePosition(tenantId: string, positionId: number): Promise<PositionWrite>;
}

/** The stored text of a position, before and after a write (its postings are replaced from the difference). */
type PositionText = { title: string; skills: string; department: string; description: string };

/** The tenant's position with this id or external reference (not `exceptId`), with its stored text. */
async function findText(
  trx: Trx,
  tenantId: string,
  by: { id: number } | { externalRef: string; exceptId?: number },
): Promise<(PositionText & { id: number }) | undefined> {
  let query = trx.selectFrom('positions').select(['id', 'title', 'skills', 'department', 'description']).where('tenantId', '=', tenantId);
  if ('id' in by) query = query.where('id', '=', by.id);
  else {
    query = query.where('externalRef', '=', by.externalRef);
    if (by.exceptId !== undefined) query = query.where('id', '!=', by.exceptId);
  }
  return query.executeTakeFirst();
}

/** Writes the row, its places, postings and vocabulary: over `existing` when given, else a new row. Returns its id. */
async function storePosition(
  trx: Trx,
  dialect: Database['dialect'],
  tenantId: string,
  input: PositionInput,
  at: string,
  existing: (PositionText & { id: number }) | undefined | null,
): Promise<number> {
  const values = { ...positionRowValues(input), externalRef: input.externalRef, updatedAt: at };
  let id: number;
  if (existing) {
    id = existing.id;
    await trx.updateTable('positions').set(values).where('id', '=', id).execute();
    await trx.deleteFrom('positionLocations').where('positionId', '=', id).execute();
  } else {
    const inserted = await trx.insertInto('positions').values({ ...values, tenantId, archivedAt: null }).returning('id').executeTakeFirstOrThrow();
    id = inserted.id;
  }
  await trx.insertInto('positionLocations').values(placeRows(tenantId, id, input.locations)).execute();
  const before = existing ? textOf(existing) : null;
  const after = textOf(values);
  await replacePositionPostings(trx, dialect, tenantId, id, before, after);
  await updateVocabulary(trx, tenantId, before, after);
  return id;
}

export function createPositionWritesService(deps: { database: Database; bus: PositionsChangeBus; clock: Clock }): PositionWritesService {
  const { database, bus } = deps;
  const db: Kysely<DatabaseSchema> = database.db;

  /** Runs the write; its change goes out at commit (NOTIFY) or right after it (SQLite). */
  async function write(tenantId: string, work: (trx: Trx, at: string) => Promise<{ id: number; kind: PositionsChange['kind'] }>): Promise<PositionWrite> {
    const at = deps.clock.now().toISOString();
    const change = await db.transaction().execute(async (trx) => {
      const previousVersion = await lockVersion(trx, database, tenantId, at);
      const { id, kind } = await work(trx, at);
      return recordChange(trx, database, { tenantId, previousVersion, ids: [id], kind }, at);
    });
    if (database.dialect === 'sqlite') bus.publish(change);
    return { id: change.ids[0] as number, kind: change.kind, version: change.version };
  }

  return {
    upsertPosition(tenantId, rawInput) {
      const input = PositionInputSchema.parse(rawInput);
      return write(tenantId, async (trx, at) => {
        const existing = await findText(trx, tenantId, { externalRef: input.externalRef });
        const id = await storePosition(trx, database.dialect, tenantId, input, at, existing);
        return { id, kind: existing ? 'updated' : 'created' };
      });
    },

    createPosition(tenantId, rawInput) {
      const input = PositionInputSchema.parse(rawInput);
      return write(tenantId, async (trx, at) => {
        const taken = await findText(trx, tenantId, { externalRef: input.externalRef });
        if (taken) throw new ConflictError(`Position ${taken.id} already has externalRef "${input.externalRef}".`);
        return { id: await storePosition(trx, database.dialect, tenantId, input, at, null), kind: 'created' };
      });
    },

    replacePosition(tenantId, positionId, rawInput) {
      const input = PositionInputSchema.parse(rawInput);
      return write(tenantId, async (trx, at) => {
        const existing = await findText(trx, tenantId, { id: positionId });
        if (!existing) throw new NotFoundError('This position does not exist.');
        const taken = await findText(trx, tenantId, { externalRef: input.externalRef, exceptId: positionId });
        if (taken) throw new ConflictError(`Position ${taken.id} already has externalRef "${input.externalRef}".`);
        await storePosition(trx, database.dialect, tenantId, input, at, existing);
        return { id: positionId, kind: 'updated' };
      });
    },

    unarchivePosition(tenantId, positionId) {
      return write(tenantId, async (trx, at) => {
        const known = await trx.selectFrom('positions').select('id').where('tenantId', '=', tenantId).where('id', '=', positionId).executeTakeFirst();
        if (!known) throw new NotFoundError('This position does not exist.');
        await trx.updateTable('positions').set({ archivedAt: null, updatedAt: at }).where('id', '=', positionId).where('archivedAt', 'is not', null).execute();
        // Its postings stayed while it was archived: the index patch reads the row and takes it back in.
        return { id: positionId, kind: 'unarchived' };
      });
    },

    archivePosition(tenantId, positionId) {
      return write(tenantId, async (trx, at) => {
        const archived = await trx
          .updateTable('positions')
          .set({ archivedAt: at, updatedAt: at })
          .where('tenantId', '=', tenantId)
          .where('id', '=', positionId)
          .where('archivedAt', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!archived) {
          const known = await trx.selectFrom('positions').select('id').where('tenantId', '=', tenantId).where('id', '=', positionId).executeTakeFirst();
          if (!known) throw new NotFoundError('This position does not exist.');
        }
        // Postings stay: the in-memory index holds open positions only, so matches of archived ones drop out.
        return { id: positionId, kind: 'archived' };
      });
    },
  };
}
