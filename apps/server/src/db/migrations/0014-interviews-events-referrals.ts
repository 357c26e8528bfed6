import { sql, type Kysely } from 'kysely';

/**
 * Issue 10 "Candidates' progress": interviews, recruiting events with their registrations, and referrals — the
 * employer API writes them, the candidate's dashboard reads them (always by tenant AND candidate).
 *
 * Decisions where the issue was silent:
 * - An interview's instant is stored in UTC (starts_at) beside the IANA time zone it was arranged in
 *   (time_zone): the calendar file and the screens show the local time of that zone, and a daylight-saving
 *   change never moves the instant. `sequence` counts the changes a calendar must apply (RFC 5545 SEQUENCE):
 *   a reschedule and a cancel each bump it; the calendar UID is derived from the id, so it never changes.
 * - interviewers is a JSON text array of names; an interview may name the application it belongs to (its
 *   position then comes with it) or only a position, or neither (a general conversation).
 * - A referral names the referred person by candidate (when they have an account) or by email, and the
 *   referrer by name and email (an employee need not be a candidate).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (col) => col.references('applications.id').onDelete('set null'))
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('set null'))
    /** The position's title when scheduled (the interview reads the same if the posting changes). */
    .addColumn('position_name', 'text')
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('video', 'phone', 'onsite')`))
    .addColumn('location', 'text')
    .addColumn('meeting_url', 'text')
    /** JSON text array of names. */
    .addColumn('interviewers', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('scheduled', 'rescheduled', 'canceled')`))
    .addColumn('notes', 'text')
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('canceled_at', 'text')
    .execute();
  await db.schema.createIndex('interviews_candidate_idx').on('interviews').columns(['tenant_id', 'candidate_id', 'starts_at']).execute();
  await db.schema.createIndex('interviews_tenant_idx').on('interviews').columns(['tenant_id', 'starts_at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('location', 'text')
    .addColumn('url', 'text')
    /** Null: no limit. */
    .addColumn('capacity', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('events_tenant_idx').on('events').columns(['tenant_id', 'starts_at']).execute();

  await db.schema
    .createTable('event_registrations')
    .addColumn('event_id', 'text', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('registered', 'attended', 'canceled')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('event_registrations_pk', ['event_id', 'candidate_id'])
    .execute();
  await db.schema.createIndex('event_registrations_candidate_idx').on('event_registrations').columns(['tenant_id', 'candidate_id']).execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    /** The referred person's account, when they have one. */
    .addColumn('candidate_id', 'text', (col) => col.references('candidates.id').onDelete('set null'))
    /** Lower-cased. */
    .addColumn('referred_email', 'text', (col) => col.notNull())
    .addColumn('referred_name', 'text')
    .addColumn('referrer_name', 'text', (col) => col.notNull())
    .addColumn('referrer_email', 'text', (col) => col.notNull())
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('set null'))
    .addColumn('position_name', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('referred', 'applied', 'interviewing', 'hired', 'not_selected')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('referrals_candidate_idx').on('referrals').columns(['tenant_id', 'candidate_id']).execute();
  await db.schema.createIndex('referrals_email_idx').on('referrals').columns(['tenant_id', 'referred_email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['referrals', 'event_registrations', 'events', 'interviews']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
