import type { Kysely } from 'kysely';

/**
 * Issue 12 (left over): one process at a time owns a background sweep (db/sweep-lease.ts). A row per sweep
 * name: its owner (a random id per process and sweep) and until when the lease holds. Taken by one atomic
 * upsert that only overwrites an expired row or the owner's own; renewed while the sweep runs; deleted at its
 * end. A crashed owner's row simply expires and the next process to tick takes it over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sweep_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    /** ISO-8601 UTC: past it the lease is free. */
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('acquired_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sweep_leases').execute();
}
