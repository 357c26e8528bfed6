import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The employer API (issue 10): per-tenant API keys, the audit log of every call made with one, and the
 * tenant's branding images.
 *
 * api_keys.id is the key's public id (the `<keyId>` of `cpk_<keyId>_<secret>`); the secret is stored only as
 * its SHA-256, so a copy of the database gives no working key. Every admin request reads its key by primary
 * key, which is what makes a revocation take effect at once on every process.
 *
 * admin_audit_log is written after each response (key, action, target, status, request id, time); it never
 * holds a key or a secret. Indexed for the lookups an operator makes: a tenant's calls over time, a key's calls.
 *
 * tenant_branding_images: logo, favicon and hero image bytes, in the database for the reasons files are
 * (migration 0003): backups and replicas carry them and several processes share them without a shared disk.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    /** SHA-256 (hex) of the key's secret part. */
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_tenant_idx').on('api_keys').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** Null when the call presented no valid key (it is audited all the same). */
    .addColumn('tenant_id', 'text')
    .addColumn('key_id', 'text')
    /** Method and route pattern, e.g. "PUT /api/admin/v1/positions/:id". */
    .addColumn('action', 'text', (col) => col.notNull())
    /** JSON of the route's params (the ids acted on); null when the route has none. */
    .addColumn('target', 'text')
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('request_id', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_log_tenant_idx').on('admin_audit_log').columns(['tenant_id', 'at']).execute();
  await db.schema.createIndex('admin_audit_log_key_idx').on('admin_audit_log').columns(['key_id', 'at']).execute();
  await db.schema.createIndex('admin_audit_log_request_idx').on('admin_audit_log').column('request_id').execute();

  // The positions list of the API pages by id within a tenant (cursor pagination).
  await db.schema.createIndex('positions_tenant_id_idx').on('positions').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('tenant_branding_images')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('logo', 'favicon', 'hero')`))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', blob, (col) => col.notNull())
    /** SHA-256 (hex) of the bytes: the public path and ETag carry it, so a new image is a new URL. */
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('tenant_branding_images_pk', ['tenant_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('positions_tenant_id_idx').execute();
  for (const table of ['tenant_branding_images', 'admin_audit_log', 'api_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
