import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema, EmailOutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<EmailOutboxTable>;

export interface EmailTenantInfo {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  publicOrigins: string[];
}

/** What the unsubscribe page shows about the link's recipient (issue 12). */
export interface UnsubscribeRecipient {
  /** The candidate's saved interface language, or the language the guest subscribed in; null when none. */
  locale: string | null;
  companyName: string;
  /** The tenant's brand colour (#rrggbb), or null. */
  primaryColor: string | null;
}

export interface EmailRepository {
  /**
   * Claims up to `limit` due rows until `claimedUntil` and counts the attempt. PostgreSQL: FOR UPDATE SKIP
   * LOCKED, so senders in several processes never take the same row; SQLite: one statement, one writer.
   */
  claimDue(now: string, claimedUntil: string, limit: number): Promise<OutboxRow[]>;
  /** Sent: the params (a reset token, a message) are dropped, the row stays as a record. */
  markSent(id: string, at: string): Promise<void>;
  /** Failed this time: due again at `retryAt`, or given up for good when null. */
  markFailed(id: string, error: string, retryAt: string | null): Promise<void>;
  tenants(ids: readonly string[]): Promise<Map<string, EmailTenantInfo>>;
  /** Development reading: the tenant's newest rows, optionally to one address. */
  recent(tenantId: string, limit: number, toAddress?: string): Promise<OutboxRow[]>;
  /** Whether the tenant has that candidate (now set). */
  setEmailNotifications(tenantId: string, candidateId: string, on: boolean): Promise<boolean>;
  /** Issue 12: a signed-out visitor's job alert, unsubscribed by its email's link. Whether the tenant has it. */
  unsubscribeGuestAlert(tenantId: string, id: string, at: string): Promise<boolean>;
  /** Reads only: the tenant's candidate or guest alert the link names, or null when the tenant has none. */
  unsubscribeRecipient(tenantId: string, subject: { kind: 'candidate' | 'guest'; id: string }): Promise<UnsubscribeRecipient | null>;
}

function brandColour(config: string): string | null {
  try {
    const parsed = JSON.parse(config) as { pcsxConfig?: { branding?: { primaryColor?: unknown } } } | null;
    const colour = parsed?.pcsxConfig?.branding?.primaryColor;
    return typeof colour === 'string' && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : null;
  } catch {
    return null;
  }
}

export function createEmailRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): EmailRepository {
  return {
    async claimDue(now, claimedUntil, limit) {
      return db
        .updateTable('emailOutbox')
        .set((eb) => ({ claimedUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('emailOutbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('nextAttemptAt', '<=', now)
            .where((inner) => inner.or([inner('claimedUntil', 'is', null), inner('claimedUntil', '<=', now)]))
            .orderBy('nextAttemptAt')
            .limit(limit)
            .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
        )
        .returningAll()
        .execute();
    },

    async markSent(id, at) {
      await db.updateTable('emailOutbox').set({ status: 'sent', sentAt: at, claimedUntil: null, params: '{}', lastError: null }).where('id', '=', id).execute();
    },

    async markFailed(id, error, retryAt) {
      await db
        .updateTable('emailOutbox')
        .set(retryAt === null ? { status: 'failed', claimedUntil: null, lastError: error, params: '{}' } : { nextAttemptAt: retryAt, claimedUntil: null, lastError: error })
        .where('id', '=', id)
        .execute();
    },

    async tenants(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('tenants').select(['id', 'domain', 'isDefault', 'companyName', 'publicOrigins']).where('id', 'in', [...ids]).execute();
      return new Map(
        rows.map((row) => {
          let origins: string[] = [];
          try {
            const parsed = JSON.parse(row.publicOrigins ?? '[]') as unknown;
            if (Array.isArray(parsed)) origins = parsed.filter((origin): origin is string => typeof origin === 'string');
          } catch {
            origins = [];
          }
          return [row.id, { id: row.id, domain: row.domain, isDefault: row.isDefault === 1, companyName: row.companyName, publicOrigins: origins }];
        }),
      );
    },

    async recent(tenantId, limit, toAddress) {
      let query = db.selectFrom('emailOutbox').selectAll().where('tenantId', '=', tenantId);
      if (toAddress) query = query.where('toAddress', '=', toAddress.toLowerCase());
      return query.orderBy('createdAt', 'desc').orderBy('id').limit(limit).execute();
    },

    async setEmailNotifications(tenantId, candidateId, on) {
      const result = await db
        .updateTable('candidates')
        .set({ emailNotifications: on ? 1 : 0 })
        .where('tenantId', '=', tenantId)
        .where('id', '=', candidateId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async unsubscribeGuestAlert(tenantId, id, at) {
      const found = await db.selectFrom('guestAlerts').select('status').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      if (!found) return false;
      await db.updateTable('guestAlerts').set({ status: 'unsubscribed', unsubscribedAt: at }).where('tenantId', '=', tenantId).where('id', '=', id).where('status', '!=', 'unsubscribed').execute();
      return true;
    },

    async unsubscribeRecipient(tenantId, subject) {
      const tenant = await db.selectFrom('tenants').select(['companyName', 'config']).where('id', '=', tenantId).executeTakeFirst();
      if (!tenant) return null;
      let found: { locale: string | null } | undefined;
      if (subject.kind === 'guest') {
        found = await db.selectFrom('guestAlerts').select('locale').where('tenantId', '=', tenantId).where('id', '=', subject.id).executeTakeFirst();
      } else {
        found = await db
          .selectFrom('candidates')
          .leftJoin('candidatePreferences', (join) => join.onRef('candidatePreferences.candidateId', '=', 'candidates.id').onRef('candidatePreferences.tenantId', '=', 'candidates.tenantId'))
          .select('candidatePreferences.locale')
          .where('candidates.tenantId', '=', tenantId)
          .where('candidates.id', '=', subject.id)
          .executeTakeFirst();
      }
      return found ? { locale: found.locale ?? null, companyName: tenant.companyName, primaryColor: brandColour(tenant.config) } : null;
    },
  };
}
