import type { Kysely } from 'kysely';

/**
 * Issue 11: the candidate's current resume, one per candidate and tenant. The file's bytes are in
 * uploaded_files (0010, shared with application uploads); this row names it and keeps what was learnt from
 * it: the name the browser sent (shown only, never a path), the type found from its bytes, the length of the
 * extracted text and the parser's findings (JSON of a ParsedResume) for the review screen to offer again.
 * A new upload replaces the row in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('candidate_resumes')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id'))
    .addColumn('file_id', 'text', (col) => col.notNull().references('uploaded_files.id'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('text_length', 'integer', (col) => col.notNull())
    .addColumn('parsed', 'text', (col) => col.notNull())
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('candidate_resumes_pk', ['tenant_id', 'candidate_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candidate_resumes').ifExists().execute();
}
