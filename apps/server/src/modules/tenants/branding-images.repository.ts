import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, TenantBrandingImagesTable } from '../../db/schema';

export type BrandingImageRow = Selectable<TenantBrandingImagesTable>;
export type BrandingKind = BrandingImageRow['kind'];

export interface BrandingImagesRepository {
  /** Inserts or replaces the tenant's image of this kind. */
  save(row: BrandingImageRow): Promise<void>;
  /** The image of the tenant with this domain, bytes included. */
  findByDomain(domain: string, kind: BrandingKind): Promise<BrandingImageRow | null>;
  /** The tenant's images without their bytes. */
  list(tenantId: string): Promise<Omit<BrandingImageRow, 'bytes'>[]>;
}

export function createBrandingImagesRepository(db: Kysely<DatabaseSchema>): BrandingImagesRepository {
  return {
    async save(row) {
      await db
        .insertInto('tenantBrandingImages')
        .values(row)
        .onConflict((conflict) => conflict.columns(['tenantId', 'kind']).doUpdateSet({ contentType: row.contentType, bytes: row.bytes, sha256: row.sha256, updatedAt: row.updatedAt }))
        .execute();
    },

    async findByDomain(domain, kind) {
      const row = await db
        .selectFrom('tenantBrandingImages as image')
        .innerJoin('tenants', 'tenants.id', 'image.tenantId')
        .select(['image.tenantId', 'image.kind', 'image.contentType', 'image.bytes', 'image.sha256', 'image.updatedAt'])
        .where('tenants.domain', '=', domain)
        .where('image.kind', '=', kind)
        .executeTakeFirst();
      return row ?? null;
    },

    async list(tenantId) {
      return db.selectFrom('tenantBrandingImages').select(['tenantId', 'kind', 'contentType', 'sha256', 'updatedAt']).where('tenantId', '=', tenantId).orderBy('kind').execute();
    },
  };
}
