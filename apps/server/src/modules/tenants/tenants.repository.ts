import type { Kysely } from 'kysely';
import type { DatabaseSchema, SqlBoolean } from '../../db/schema';

export interface TenantRow {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  /** JSON text as stored. */
  config: string;
  createdAt: string;
}

export interface NewTenantRow {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  config: string;
  createdAt: string;
}

export interface TenantsRepository {
  findByDomain(domain: string): Promise<TenantRow | null>;
  findDefault(): Promise<TenantRow | null>;
  insert(row: NewTenantRow): Promise<void>;
}

const columns = ['id', 'domain', 'isDefault', 'companyName', 'config', 'createdAt'] as const;

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
    async insert(row) {
      await db
        .insertInto('tenants')
        .values({ ...row, isDefault: row.isDefault ? 1 : 0 })
        .execute();
    },
  };
}
