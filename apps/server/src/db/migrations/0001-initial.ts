import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Accounts, sessions, login throttling, tenants and positions. Identifiers are snake_case here as in
 * SQL; the application reads them camelCase through CamelCasePlugin.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('domain', 'text', (col) => col.notNull().unique())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('candidates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('location', 'text')
    .addColumn('avatar_path', 'text')
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_theme_builder_user', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_onboarded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_bootstrapped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('candidates_tenant_email_unique', ['tenant_id', 'email'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('csrf_secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_candidate_idx').on('sessions').column('candidate_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .addColumn('blocked_until', 'text')
    .addPrimaryKeyConstraint('login_throttle_pk', ['tenant_id', 'email'])
    .execute();

  await db.schema
    .createTable('positions')
    // Integer ids (rowids in SQLite) so the later full-text index can point at them.
    .addColumn('id', 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey(),
    )
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('external_ref', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('employment_type', 'text', (col) => col.notNull())
    .addColumn('seniority', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('skills', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addColumn('is_remote', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('salary_min', 'integer')
    .addColumn('salary_max', 'integer')
    .addColumn('salary_currency', 'text')
    .addColumn('posted_at', 'text', (col) => col.notNull())
    .addColumn('valid_through', 'text')
    .addColumn('archived_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('positions_tenant_ref_unique', ['tenant_id', 'external_ref'])
    .execute();
  await db.schema
    .createIndex('positions_tenant_posted_idx')
    .on('positions')
    .columns(['tenant_id', 'posted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['positions', 'login_throttle', 'sessions', 'candidates', 'tenants']) {
    await db.schema.dropTable(table).execute();
  }
}
