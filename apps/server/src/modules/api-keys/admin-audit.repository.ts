import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { AdminAuditEntry, AdminAuditLog } from '../../kernel/api-key';

/** The audit log of the employer API (migration 0008): one row per call, written after the response. */
export function createAdminAuditLog(db: Kysely<DatabaseSchema>): AdminAuditLog {
  return {
    async record(entry: AdminAuditEntry) {
      await db
        .insertInto('adminAuditLog')
        .values({
          id: randomUUID(),
          tenantId: entry.tenantId,
          keyId: entry.keyId,
          action: entry.action,
          target: entry.target && Object.keys(entry.target).length > 0 ? JSON.stringify(entry.target) : null,
          statusCode: entry.statusCode,
          requestId: entry.requestId,
          at: entry.at.toISOString(),
        })
        .execute();
    },
  };
}
