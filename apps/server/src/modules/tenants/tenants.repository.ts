import type { Kysely } from 'kysely';
import type { DatabaseSchema, SqlBoolean } from '../../db/schema';

export interface TenantRow {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  /** JSON text as stored. */
  config: string;
  /** JSON text as stored (tenant-html.ts); null before the start fills rows older than migration 0005. */
  sanitizedHtml: string | null;
  /** JSON text (an array of origins) as stored; null when none are configured (migration 0007). */
  publicOrigins: string | null;
  createdAt: string;
}

export interface NewTenantRow {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  config: string;
  sanitizedHtml: string;
  publicOrigins: string | null;
  createdAt: string;
}

export interface TenantsRepository {
  findByDomain(domain: string): Promise<TenantRow | null>;
  findDefault(): Promise<TenantRow | null>;
  /** Every tenant, for work done once at start. */
  listAll(): Promise<TenantRow[]>;
  insert(row: NewTenantRow): Promise<void>;
  updateSanitizedHtml(id: string, sanitizedHtml: string): Promise<void>;
}

const columns = ['id', 'domain', 'isDefault', 'companyName', 'config', 'sanitizedHtml', 'publicOrigins', 'createdAt'] as const;

function toRow(row: { isDefault: SqlBoolean } & Omit<TenantRow, 'isDefault'>): TenantRow {
  return { ...row, isDefault: row.isDefault === 1 };
}

export function createTenantsRepository(db: Kysely<DatabaseSchema>): TenantsRepository {
  return {
    async findByDomain(domain) {
      const row = await db.selectFrom('tenants').select(columns).where('domain', '=', domain).executeTakeFirst();
      return row ? toRow(row) : null;
    },
    async findDefault() {
      const row = await db
        .selectFrom('tenants')
        .select(columns)
        .where('isDefault', '=', 1)
        .orderBy('createdAt')
        .limit(1)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },
    async listAll() {
      const rows = await db.selectFrom('tenants').select(columns).orderBy('createdAt').orderBy('id').execute();
      return rows.map(toRow);
    },
    async insert(row) {
      await db
        .insertInto('tenants')
        .values({ ...row, isDefault: row.isDefault ? 1 : 0 })
        .execute();
    },
    async updateSanitizedHtml(id, sanitizedHtml) {
      await db.updateTable('tenants').set({ sanitizedHtml }).where('id', '=', id).execute();
    },
  };
}
