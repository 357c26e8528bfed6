import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DatabaseSchema } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface ApiKeysRepository {
  tenantExists(tenantId: string): Promise<boolean>;
  insert(row: ApiKeyRow): Promise<void>;
  /** By primary key: the one read every admin request makes. */
  findById(id: string): Promise<ApiKeyRow | null>;
  listByTenant(tenantId: string): Promise<ApiKeyRow[]>;
  /** Sets revoked_at on the tenant's key if it is not revoked yet; false when the key is not the tenant's. */
  revoke(tenantId: string, id: string, at: string): Promise<boolean>;
  /** Records use, at most once per `coarserThan` window (a write per request would cost more than the read). */
  touch(id: string, at: string, notAfter: string): Promise<void>;
}

export function createApiKeysRepository(db: Kysely<DatabaseSchema>): ApiKeysRepository {
  return {
    async tenantExists(tenantId) {
      const row = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
      return row !== undefined;
    },

    async insert(row) {
      await db.insertInto('apiKeys').values(row).execute();
    },

    async findById(id) {
      return (await db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async listByTenant(tenantId) {
      return db.selectFrom('apiKeys').selectAll().where('tenantId', '=', tenantId).orderBy('createdAt').orderBy('id').execute();
    },

    async revoke(tenantId, id, at) {
      const key = await db.selectFrom('apiKeys').select('revokedAt').where('id', '=', id).where('tenantId', '=', tenantId).executeTakeFirst();
      if (!key) return false;
      if (key.revokedAt === null) {
        await db.updateTable('apiKeys').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).execute();
      }
      return true;
    },

    async touch(id, at, notAfter) {
      await db
        .updateTable('apiKeys')
        .set({ lastUsedAt: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', notAfter)]))
        .execute();
    },
  };
}
