import type { Kysely, Selectable } from 'kysely';
import type { DataExportsTable, DatabaseSchema } from '../../db/schema';

export type DataExportRow = Omit<Selectable<DataExportsTable>, 'archive'>;

const columns = ['id', 'tenantId', 'candidateId', 'status', 'progress', 'archiveSize', 'archiveSha256', 'createdAt', 'updatedAt', 'readyAt', 'expiresAt'] as const;

export interface DataExportsRepository {
  /** The candidate's latest job (T01: by tenant AND candidate). */
  findLatest(tenantId: string, candidateId: string): Promise<DataExportRow | null>;
  findOwned(tenantId: string, candidateId: string, id: string): Promise<DataExportRow | null>;
  insert(row: DataExportRow): Promise<void>;
  setProgress(id: string, status: 'running', progress: number, now: string): Promise<void>;
  complete(id: string, archive: Uint8Array, sha256: string, now: string, expiresAt: string): Promise<void>;
  fail(id: string, now: string): Promise<void>;
  /** The archive of a ready, unexpired job of this candidate, or null. */
  readArchive(tenantId: string, candidateId: string, id: string, now: string): Promise<Uint8Array | null>;
  /** Drops archives past their 24 h; returns how many. */
  dropExpired(now: string): Promise<number>;
}

export function createDataExportsRepository(db: Kysely<DatabaseSchema>): DataExportsRepository {
  return {
    async findLatest(tenantId, candidateId) {
      const row = await db
        .selectFrom('dataExports')
        .select(columns)
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ?? null;
    },
    async findOwned(tenantId, candidateId, id) {
      const row = await db.selectFrom('dataExports').select(columns).where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },
    async insert(row) {
      await db.insertInto('dataExports').values({ ...row, archive: null }).execute();
    },
    async setProgress(id, status, progress, now) {
      await db.updateTable('dataExports').set({ status, progress, updatedAt: now }).where('id', '=', id).execute();
    },
    async complete(id, archive, sha256, now, expiresAt) {
      await db
        .updateTable('dataExports')
        .set({ status: 'ready', progress: 100, archive, archiveSize: archive.byteLength, archiveSha256: sha256, updatedAt: now, readyAt: now, expiresAt })
        .where('id', '=', id)
        .execute();
    },
    async fail(id, now) {
      await db.updateTable('dataExports').set({ status: 'failed', updatedAt: now }).where('id', '=', id).execute();
    },
    async readArchive(tenantId, candidateId, id, now) {
      const row = await db
        .selectFrom('dataExports')
        .select('archive')
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return row?.archive ?? null;
    },
    async dropExpired(now) {
      const result = await db.updateTable('dataExports').set({ archive: null }).where('expiresAt', '<=', now).where('archive', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
