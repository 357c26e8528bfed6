import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, SqlBoolean, TenantsTable, WithBooleans } from '../../db/schema';

/** A tenants row as stored (config, sanitizedHtml and publicOrigins as JSON text: db/schema.ts), isDefault a boolean. */
export type TenantRow = WithBooleans<Selectable<TenantsTable>>;

/** What a new tenant writes: its tenant HTML is always sanitized on write. */
export type NewTenantRow = Omit<TenantRow, 'sanitizedHtml'> & { sanitizedHtml: string };

export interface TenantsRepository {
  findByDomain(domain: string): Promise<TenantRow | null>;
  findDefault(): Promise<TenantRow | null>;
  /** Every tenant, for work done once at start. */
  listAll(): Promise<TenantRow[]>;
  insert(row: NewTenantRow): Promise<void>;
  updateSanitizedHtml(id: string, sanitizedHtml: string): Promise<void>;
  findById(id: string): Promise<TenantRow | null>;
  /** Replaces the config with its sanitized HTML and company name; false when there is no such tenant. */
  updateConfig(id: string, values: { config: string; companyName: string; sanitizedHtml: string }): Promise<boolean>;
  updatePublicOrigins(id: string, publicOrigins: string | null): Promise<boolean>;
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
    async findById(id) {
      const row = await db.selectFrom('tenants').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : null;
    },
    async updateConfig(id, values) {
      const result = await db.updateTable('tenants').set(values).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async updatePublicOrigins(id, publicOrigins) {
      const result = await db.updateTable('tenants').set({ publicOrigins }).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
