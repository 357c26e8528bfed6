import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Applying (issue 9): the tenant's form definitions, applications with their answers, files and stage history,
 * autosaved drafts, and forms requested of a candidate (the forms center).
 *
 * Decisions where the issue was silent:
 * - An application belongs to a candidate, or — logged-out apply (applyFormConfig.enableLoggedOutApply) — to
 *   the email given in the form with candidate_id null. A logged-out applicant never becomes an account
 *   holder by applying (no passwordless candidate rows: sign-up keeps working for that email), and an email
 *   that already has an account must sign in to apply (the service refuses it), so no one can add
 *   applications to another person's dashboard without their password (T01/T02).
 * - "Applied once": one active (not withdrawn) application per tenant, applicant and position, enforced by
 *   partial unique indexes on both dialects, so two racing submits cannot both succeed. A withdrawn
 *   application does not block applying again; a rejected one does.
 * - Files are stored in the database like offer letters (0003): an application and its files commit together.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('form_definitions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    /** What the tenant config names it by (applyFormConfig.formKey, a form request's form). */
    .addColumn('form_key', 'text', (col) => col.notNull())
    /** Extra, job-specific questions of one position on top of the tenant's form with the same key; null: the tenant's form. */
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('application', 'preboarding', 'document')`))
    .addColumn('title', 'text', (col) => col.notNull())
    /** JSON text: the form definition (sections with items, spec §3 "Form definition"). */
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`create unique index form_definitions_key_unique on form_definitions (tenant_id, form_key, coalesce(position_id, 0))`.execute(db);

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('candidate_id', 'text', (col) => col.references('candidates.id'))
    /** Lower-cased: the candidate's at the time, or the logged-out applicant's. */
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id'))
    /** The title when applying: the application reads the same if the posting changes. */
    .addColumn('position_name', 'text', (col) => col.notNull())
    .addColumn('stage', 'text', (col) =>
      col.notNull().check(sql`stage in ('submitted', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn')`),
    )
    /** JSON text: the visible answers, files replaced by references to application_files. */
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('form_definition_id', 'text', (col) => col.references('form_definitions.id'))
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await sql`create unique index applications_active_candidate_unique on applications (tenant_id, candidate_id, position_id) where candidate_id is not null and withdrawn_at is null`.execute(db);
  await sql`create unique index applications_active_email_unique on applications (tenant_id, email, position_id) where candidate_id is null and withdrawn_at is null`.execute(db);
  await db.schema.createIndex('applications_candidate_idx').on('applications').columns(['tenant_id', 'candidate_id', 'submitted_at']).execute();
  await db.schema.createIndex('applications_position_idx').on('applications').columns(['tenant_id', 'position_id', 'stage']).execute();

  /**
   * A file's bytes once, however many applications it went with: one submit for several jobs shares its resume
   * (20 jobs would otherwise store a 10 MB file 20 times). candidate_id null: a logged-out applicant's.
   */
  await db.schema
    .createTable('uploaded_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('candidate_id', 'text', (col) => col.references('candidates.id'))
    /** Decided from the bytes (application-files.ts), never from the name or the browser's type. */
    .addColumn('file_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('bytes', blob, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('application_files')
    .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id'))
    .addColumn('file_id', 'text', (col) => col.notNull().references('uploaded_files.id'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    /** The form field it was uploaded in (e.g. resume). */
    .addColumn('field_name', 'text', (col) => col.notNull())
    /** As the browser named it (checked by upload-file-name.ts); shown only, never used as a path. */
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('application_files_pk', ['application_id', 'file_id'])
    .execute();

  await db.schema
    .createTable('application_stage_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    /** Null for the first event (submitted). */
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    /** 'candidate', 'employer:<api key id>', 'system' … */
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('application_stage_events_application_idx').on('application_stage_events').columns(['application_id', 'occurred_at']).execute();

  await db.schema
    .createTable('draft_applications')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id'))
    .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
    /** JSON text: the form values as typed, file contents left out. */
    .addColumn('values_json', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('draft_applications_pk', ['tenant_id', 'candidate_id', 'position_id'])
    .execute();

  await db.schema
    .createTable('form_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id'))
    .addColumn('form_definition_id', 'text', (col) => col.notNull().references('form_definitions.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'in_progress', 'completed')`))
    .addColumn('values_json', 'text', (col) => col.notNull())
    .addColumn('due_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('form_requests_candidate_idx').on('form_requests').columns(['tenant_id', 'candidate_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['form_requests', 'draft_applications', 'application_stage_events', 'application_files', 'uploaded_files', 'applications', 'form_definitions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
