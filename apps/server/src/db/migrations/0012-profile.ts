import type { Kysely } from 'kysely';

/**
 * Issue 11: the candidate's full profile. `candidate_profiles` (migration 0002: title + skills, read by match
 * details and written by the demo seed) is extended rather than replaced, so every row it holds carries over:
 * its `title` becomes the profile's `headline` (renamed in place; the values stay), its skills stay as they are.
 *
 * Contact names and the location stay on `candidates` (the session, the user store and the search read them
 * there); the email is the account's and is never edited here. New columns: phone, summary, and one JSON text
 * array per list section (links, work experience, education, languages, certifications), validated by the
 * contracts' schemas on every read and write. A candidate's profile is one row, written whole in the edit's
 * transaction while the candidate's row is held (db/candidate-lock.ts), so two edits never interleave.
 */
const LIST_COLUMNS = ['links', 'work_experience', 'education', 'languages', 'certifications'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('candidate_profiles').renameColumn('title', 'headline').execute();
  await db.schema.alterTable('candidate_profiles').addColumn('phone', 'text').execute();
  await db.schema.alterTable('candidate_profiles').addColumn('summary', 'text').execute();
  for (const column of LIST_COLUMNS) {
    await db.schema
      .alterTable('candidate_profiles')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
  }
  await db.schema.createIndex('candidate_profiles_tenant_idx').on('candidate_profiles').columns(['tenant_id', 'candidate_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('candidate_profiles_tenant_idx').execute();
  for (const column of [...LIST_COLUMNS].reverse()) await db.schema.alterTable('candidate_profiles').dropColumn(column).execute();
  await db.schema.alterTable('candidate_profiles').dropColumn('summary').execute();
  await db.schema.alterTable('candidate_profiles').dropColumn('phone').execute();
  await db.schema.alterTable('candidate_profiles').renameColumn('headline', 'title').execute();
}
