import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AdminAuditLogTable, DatabaseSchema } from '../../db/schema';
import type { AdminAuditEntry, AdminAuditLog } from '../../kernel/api-key';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (8 columns a row). */
const BATCH_ROWS = 500;

function rowOf(entry: AdminAuditEntry): Insertable<AdminAuditLogTable> {
  return {
    id: randomUUID(),
    tenantId: entry.tenantId,
    keyId: entry.keyId,
    action: entry.action,
    target: entry.target && Object.keys(entry.target).length > 0 ? JSON.stringify(entry.target) : null,
    statusCode: entry.statusCode,
    requestId: entry.requestId,
    at: entry.at.toISOString(),
  };
}

/**
 * The audit log of the employer API (migration 0008): one row per call, written after the response. Rows
 * recorded while a write is under way are written together in the next one (one INSERT, one commit — on
 * SQLite with synchronous=FULL one fsync for many calls instead of one each); nothing waits on a timer, so
 * a quiet server writes each row at once.
 */
export function createAdminAuditLog(db: Kysely<DatabaseSchema>): AdminAuditLog {
  const queued: { row: Insertable<AdminAuditLogTable>; done: (error?: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queued.length > 0) {
      const batch = queued.splice(0, BATCH_ROWS);
      try {
        await db.insertInto('adminAuditLog').values(batch.map((item) => item.row)).execute();
        for (const item of batch) item.done();
      } catch (error) {
        for (const item of batch) item.done(error);
      }
    }
    writing = null;
  }

  return {
    record(entry: AdminAuditEntry) {
      return new Promise<void>((resolve, reject) => {
        queued.push({ row: rowOf(entry), done: (error) => (error === undefined ? resolve() : reject(error)) });
        writing ??= Promise.resolve().then(drain);
      });
    },
  };
}
